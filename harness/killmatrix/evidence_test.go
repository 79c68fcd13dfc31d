package killmatrix_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/reference/idem"
)

// evidenceScript has one line of each sort; the comments on the right are
// not in the file, the line numbers are.
var evidenceScript = []string{
	"# every sort of failing line", // 1
	"idem init",                    // 2
	"idem reserve k1 v1 10",        // 3
	"! idem reserve k1 v1 10",      // 4
	"stderr 'already'",             // 5
	"idem fetch k1 5",              // 6
	"stdout '^null$'",              // 7
	"idem rows",                    // 8
	"stdout '\"key\":\"k1\"'",      // 9
	"cmp stdout want.jsonl",        // 10
	"idem -db other.db counts",     // 11
	"stdout '\"pending\":0'",       // 12
	"idem expired 20",              // 13
	"cmp stdout x",                 // 14
	"cmp stderr x",                 // 15
	"exists store.db",              // 16
	"idem fetch k1 5",              // 17
	"[short] stdout x",             // 18
	"! stdout receipt",             // 19
	"grep k1 want.jsonl",           // 20
	"cmp want.jsonl x",             // 21
	"idem --db=other.db rows",      // 22
	"cmpenv stdout want.jsonl",     // 23
	"! idem counts",                // 24
	"stdout pending",               // 25
	"[!short] cmpenv stdout x",     // 26
	"cp want.jsonl y",              // 27
	"",                             // 28
	"# a comment between commands", // 29
	"idem cycle k1",                // 30
	"",                             // 31
	"stdout true",                  // 32
	"idem counts -db x.db",         // 33
	"stdout pending",               // 34
	"-- want.jsonl --",             // 35
	`{"key":"k1"}`,                 // 36
	"-- x --",                      // 37
	"[]",                           // 38
}

func TestEvidenceAt(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "evidence", strings.Join(evidenceScript, "\n")+"\n")
	tests := []struct {
		line int
		want killmatrix.Evidence
	}{
		{2, killmatrix.EvidenceError},   // idem init failed
		{3, killmatrix.EvidenceError},   // idem reserve failed
		{4, killmatrix.EvidenceError},   // ! idem reserve succeeded
		{5, killmatrix.EvidenceError},   // stderr check
		{7, killmatrix.EvidenceReturn},  // stdout after fetch
		{9, killmatrix.EvidenceState},   // stdout after rows
		{10, killmatrix.EvidenceState},  // cmp stdout after rows
		{12, killmatrix.EvidenceState},  // stdout after idem -db other.db counts
		{14, killmatrix.EvidenceReturn}, // cmp stdout after expired
		{15, killmatrix.EvidenceError},  // cmp stderr
		{16, killmatrix.EvidenceState},  // exists
		{18, killmatrix.EvidenceReturn}, // [short] stdout after fetch
		{19, killmatrix.EvidenceReturn}, // ! stdout after fetch
		{20, killmatrix.EvidenceState},  // grep on a file
		{21, killmatrix.EvidenceState},  // cmp of two files
		{23, killmatrix.EvidenceState},  // cmpenv stdout after idem --db=... rows
		{24, killmatrix.EvidenceError},  // ! idem counts succeeded
		{25, killmatrix.EvidenceState},  // stdout after ! idem counts
		{26, killmatrix.EvidenceState},  // [!short] cmpenv stdout after counts
		{27, killmatrix.EvidenceError},  // any other command
		{28, killmatrix.EvidenceError},  // a blank line
		{32, killmatrix.EvidenceReturn}, // stdout after cycle, across a comment and blank lines
		{34, killmatrix.EvidenceState},  // stdout after idem counts -db x.db
		{0, killmatrix.EvidenceError},   // a crash: no line
		{-1, killmatrix.EvidenceError},
		{35, killmatrix.EvidenceError}, // past the script: the archive's files are not script
		{999, killmatrix.EvidenceError},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("line %d %s", tt.line, o.Command(tt.line)), func(t *testing.T) {
			if got := evidenceAt(o, tt.line); got != tt.want {
				t.Errorf("EvidenceAt(%d) [%q] = %q, want %q", tt.line, o.Command(tt.line), got, tt.want)
			}
		})
	}
}

func TestEvidenceAtWithoutEarlierIdem(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "no_idem", "# no idem before the check\nexec echo hi\nstdout hi\ncmp stdout x\n-- x --\nhi\n")
	for _, line := range []int{3, 4} {
		if got := evidenceAt(o, line); got != killmatrix.EvidenceReturn {
			t.Errorf("EvidenceAt(%d) = %q, want %q", line, got, killmatrix.EvidenceReturn)
		}
	}
}

func TestCommand(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "cmd", "# doc\n   idem init   \nstdout x\n-- x --\nx\n")
	for line, want := range map[int]string{0: "", 1: "# doc", 2: "idem init", 3: "stdout x", 4: "", 5: "", 100: ""} {
		if got := o.Command(line); got != want {
			t.Errorf("Command(%d) = %q, want %q", line, got, want)
		}
	}
}

// TestKillEvidence runs real scripts: the evidence Build records is the
// kind of the line each mutant fails at.
func TestKillEvidence(t *testing.T) {
	dir := t.TempDir()
	obs := []killmatrix.Observation{
		script(t, dir, "edge", "fetch_nil", "# fetch of a pending key is null\nidem init\nidem reserve k1 v1 10\nidem fetch k1 5\nstdout '^null$'\n"),
		script(t, dir, "edge", "reserve_twice", "# a second reserve prints false\nidem init\nidem reserve k1 v1 10\nidem reserve k1 v1 10\nstdout false\n"),
		script(t, dir, "edge", "counts_pending", countsPending),
	}
	fetches := fake("fetch_replays", func(a *idem.API) {
		a.Fetch = func(string, string, float64) (any, error) { return map[string]any{"receipt": 1}, nil }
	})
	reserveFails := fake("reserve_fails", func(a *idem.API) {
		a.Reserve = func(string, string, string, float64) (bool, error) { return false, errors.New("disk full") }
	})

	m := build(ref(), []lab.Impl{fetches, reserveFails, hidesPending()}, obs,
		killmatrix.Options{Timeout: time.Minute, WorkRoot: t.TempDir()})
	got := map[string]string{}
	for _, mu := range m.Mutants {
		for _, k := range mu.KilledBy {
			got[mu.Name+" "+k.Observation] = string(k.Evidence) + " " + k.Command
		}
	}
	want := map[string]string{
		"fetch_replays edge/fetch_nil":      "return stdout '^null$'",
		"reserve_fails edge/fetch_nil":      "error idem reserve k1 v1 10",
		"reserve_fails edge/reserve_twice":  "error idem reserve k1 v1 10",
		"reserve_fails edge/counts_pending": "error idem reserve k v 10",
		"hides_pending edge/counts_pending": "state stdout '\"pending\":1'",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: evidence and command %q, want %q", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("kills = %v, want exactly %v", got, want)
	}
}

func TestFirstDivergence(t *testing.T) {
	s := func(stdout, err string, args ...string) killmatrix.Step {
		return killmatrix.Step{Args: args, Stdout: stdout, Err: err}
	}
	base := []killmatrix.Step{s("", "", "init"), s("true\n", "", "reserve", "k", "v", "10"), s("null\n", "", "fetch", "k", "5")}
	with := func(i int, st killmatrix.Step) []killmatrix.Step {
		out := append([]killmatrix.Step(nil), base...)
		out[i] = st
		return out
	}
	tests := []struct {
		name     string
		ref, mut []killmatrix.Step
		want     int
	}{
		{"equal", base, base, -1},
		{"both empty", nil, nil, -1},
		{"one empty", base, nil, -1},
		{"differing stdout", base, with(1, s("false\n", "", "reserve", "k", "v", "10")), 1},
		{"differing stdout last", base, with(2, s("{\"receipt\":1}\n", "", "fetch", "k", "5")), 2},
		{"differing err", base, with(0, s("", "no such table", "init")), 0},
		{"err against none, same stdout", with(1, s("true\n", "boom", "reserve", "k", "v", "10")), base, 1},
		{"args differ but output agrees", base, with(2, s("null\n", "", "fetch", "k", "6")), -1},
		{"mutant shorter, agreeing prefix", base, base[:2], -1},
		{"reference shorter, agreeing prefix", base[:1], base, -1},
		{"shorter and differing within", base[:2], with(1, s("false\n", "", "reserve", "k", "v", "10")), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := killmatrix.FirstDivergence(tt.ref, tt.mut); got != tt.want {
				t.Errorf("FirstDivergence = %d, want %d", got, tt.want)
			}
		})
	}
}

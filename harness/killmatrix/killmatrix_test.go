package killmatrix_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/reference/idem"
)

// script writes an observation of the given kind under dir and loads it.
func script(t *testing.T, dir, kind, name, body string) killmatrix.Observation {
	t.Helper()
	file := filepath.Join(dir, kind, name+".txtar")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := killmatrix.Load(kind, file)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// Fakes built from the reference with one function replaced.
func hidesPending() lab.Impl {
	return fake("hides_pending", func(a *idem.API) {
		a.Counts = func(string) (map[string]int, error) { return map[string]int{"pending": 0, "done": 0}, nil }
	})
}

func panics() lab.Impl {
	return fake("panics", func(a *idem.API) {
		a.Counts = func(string) (map[string]int, error) { panic("counts exploded") }
	})
}

func hangs() lab.Impl {
	return fake("hangs", func(a *idem.API) {
		a.Counts = func(string) (map[string]int, error) { select {} }
	})
}

const countsPending = `# counts sees one pending row
idem init
idem reserve k v 10
idem counts
stdout '"pending":1'
`

func TestRun(t *testing.T) {
	dir := t.TempDir()
	o := script(t, dir, "edge", "counts_pending", countsPending)
	tests := []struct {
		impl    lab.Impl
		timeout time.Duration
		want    killmatrix.Result // Status, Pos, Line, Command only
		message string            // substring of Message
	}{
		{ref(), time.Minute, killmatrix.Result{Status: outcome.Pass}, ""},
		{hidesPending(), time.Minute, killmatrix.Result{Status: outcome.Fail, Pos: o.File + ":5", Line: 5, Command: `stdout '"pending":1'`}, "no match"},
		{panics(), time.Minute, killmatrix.Result{Status: outcome.Fail, Pos: o.File}, "panic: counts exploded"},
		// A timeout says which command was running: the one after the
		// transcript's.
		{hangs(), 300 * time.Millisecond, killmatrix.Result{Status: outcome.TimedOut, Pos: o.File + ":4", Line: 4, Command: "idem counts"}, "still running after 300ms"},
	}
	for _, tt := range tests {
		t.Run(tt.impl.Name, func(t *testing.T) {
			got := run(tt.impl, o, tt.timeout, t.TempDir())
			if diff := cmp.Diff(tt.want, killmatrix.Result{Status: got.Status, Pos: got.Pos, Line: got.Line, Command: got.Command}); diff != "" {
				t.Errorf("Run (-want +got):\n%s\nlog:\n%s", diff, got.Log)
			}
			if !strings.Contains(got.Message, tt.message) {
				t.Errorf("Message = %q, want it to contain %q", got.Message, tt.message)
			}
		})
	}
}

func TestRunRecordsTranscript(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "counts_pending", countsPending)
	got := run(hidesPending(), o, time.Minute, t.TempDir())
	var lines []string
	for _, s := range got.Steps {
		lines = append(lines, strings.Join(s.Args, " ")+" => "+strings.TrimSpace(s.Stdout)+s.Err)
	}
	want := []string{"idem init => ", "idem reserve k v 10 => true", `idem counts => {"done":0,"pending":0}`}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("transcript (-want +got):\n%s", diff)
	}
}

// TestRunKillsExecAtDeadline shows that an exec'd process that never ends
// is stopped, and the observation reported as timed out, not killed.
func TestRunKillsExecAtDeadline(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "sleeps", "# sleeps\nexec sleep 30\n")
	start := time.Now()
	got := run(ref(), o, 500*time.Millisecond, t.TempDir())
	if got.Status != outcome.TimedOut {
		t.Errorf("Status = %q, want %q (log: %s)", got.Status, outcome.TimedOut, got.Log)
	}
	if elapsed := time.Since(start); elapsed > 20*time.Second {
		t.Errorf("Run returned after %v: the deadline did not stop the script", elapsed)
	}
}

func TestRunLeavesNoWorkDir(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "counts_pending", countsPending)
	root := t.TempDir()
	run(ref(), o, time.Minute, root)
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("work root holds %d entries after the run, want none", len(entries))
	}
}

func TestBuildOutcomes(t *testing.T) {
	dir := t.TempDir()
	obs := []killmatrix.Observation{
		script(t, dir, "happy", "reserve", "# reserve works\nidem init\nidem reserve k v 10\nstdout true\n"),
		script(t, dir, "edge", "counts_pending", countsPending),
		// Broken: it expects the reference to print false.
		script(t, dir, "edge", "wrong", "# asserts what the contract does not say\nidem init\nidem reserve k v 10\nstdout false\n"),
	}
	incomplete := fake("incomplete", func(a *idem.API) { a.Fetch = nil })
	reference := fake("same_as_reference", func(*idem.API) {})

	m := build(ref(), []lab.Impl{hidesPending(), reference, hangs(), incomplete}, obs,
		killmatrix.Options{Timeout: 500 * time.Millisecond, WorkRoot: t.TempDir()})

	type verdict struct {
		Outcome       outcome.Mutant
		KilledBy      []string
		SurvivedHappy []string
		TimedOutOn    []string
	}
	var got []verdict
	for _, mu := range m.Mutants {
		v := verdict{Outcome: mu.Outcome, SurvivedHappy: mu.SurvivedHappy, TimedOutOn: mu.TimedOutOn}
		for _, k := range mu.KilledBy {
			v.KilledBy = append(v.KilledBy, k.Observation)
		}
		got = append(got, v)
	}
	want := []verdict{
		{outcome.Killed, []string{"edge/counts_pending"}, []string{"happy/reserve"}, []string{}},
		{outcome.Survived, nil, []string{"happy/reserve"}, []string{}},
		{outcome.Timeout, nil, []string{"happy/reserve"}, []string{"edge/counts_pending"}},
		{outcome.Invalid, nil, []string{}, []string{}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if m.Observations[2].Status != outcome.Broken || !m.Observations[0].Valid() || !m.Observations[1].Valid() {
		t.Errorf("statuses = %s %s %s, want only edge/wrong broken", m.Observations[0].Status, m.Observations[1].Status, m.Observations[2].Status)
	}
	// The broken observation fails on every mutant too, yet kills none.
	if r := m.Mutants[1].Cells["edge/wrong"]; r.Status != outcome.Fail {
		t.Errorf("edge/wrong on a reference copy: %q, want fail (it is still run, just not counted)", r.Status)
	}
	if !strings.Contains(m.Mutants[3].Reason, "no Fetch") {
		t.Errorf("invalid reason = %q, want it to name the missing Fetch", m.Mutants[3].Reason)
	}

	wantSummary := killmatrix.Summary{Mutants: 4, Killed: 1, Survived: 1, Timeout: 1, Invalid: 1, Broken: 1}
	if diff := cmp.Diff(wantSummary, m.Summary()); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
	if got, want := m.Summary().String(), "4 mutants: 1 killed, 1 survived, 1 timeout, 1 invalid; 1 broken observation"; got != want {
		t.Errorf("Summary.String() = %q, want %q", got, want)
	}
	err := m.Gate()
	if err == nil {
		t.Fatal("Gate() = nil, want the broken observation and three unkilled mutants")
	}
	for _, want := range []string{"observation edge/wrong fails on the reference", "mutant same_as_reference survived", "mutant hangs timeout", "mutant incomplete invalid"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Gate() = %q, want it to contain %q", err, want)
		}
	}
}

func TestBuildWithNothingValidIsInvalid(t *testing.T) {
	obs := []killmatrix.Observation{script(t, t.TempDir(), "edge", "wrong", "# wrong\nidem init\nidem counts\nstdout nothing-like-this\n")}
	m := build(ref(), []lab.Impl{hidesPending()}, obs, killmatrix.Options{WorkRoot: t.TempDir()})
	if mu := m.Mutants[0]; mu.Outcome != outcome.Invalid || !strings.Contains(mu.Reason, "no valid observation") {
		t.Errorf("outcome %q (%s), want invalid: no valid observation", mu.Outcome, mu.Reason)
	}
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	script(t, dir, "edge", "b", "# b\nidem init\n")
	script(t, dir, "edge", "a", "# a, first line\n# second line\nidem init\n")
	script(t, dir, "happy", "z", "# z\nidem init\n")
	obs, err := killmatrix.Discover(dir, killmatrix.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range obs {
		got = append(got, o.Name+": "+o.Doc)
	}
	want := []string{"happy/z: z", "edge/a: a, first line second line", "edge/b: b"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Discover (-want +got):\n%s", diff)
	}
}

func TestLoadNeedsComment(t *testing.T) {
	file := filepath.Join(t.TempDir(), "silent.txtar")
	if err := os.WriteFile(file, []byte("idem init\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := killmatrix.Load("edge", file)
	if err == nil || !strings.HasPrefix(err.Error(), file+":1: ") {
		t.Errorf("Load = %v, want %s:1: ... error", err, file)
	}
}

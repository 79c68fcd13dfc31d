package idemlab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/internal/verdictcache"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/report"
)

// TestMain keeps this package's tests off the user's verdict cache: a
// test of idemlab mutate judges fresh unless it names a cache of its own
// (IDEMLAB_CACHE, as TestMutateIncremental does).
func TestMain(m *testing.M) {
	os.Setenv(verdictcache.EnvDisable, "off")
	os.Exit(m.Run())
}

// A verdict is what a generated run says of one mutant: its outcome, its
// killers and each observation's result on it, its search, and the
// catalogue mutant it equals.
type verdict struct {
	Outcome string
	Hand    string
	Killers []killmatrix.Kill
	Cells   map[string]string
	Search  string
}

// verdicts are a generated report's verdicts, by mutant id.
func verdicts(r *report.Report) map[string]verdict {
	out := map[string]verdict{}
	for _, m := range r.Mutants {
		v := verdict{Outcome: string(m.Outcome), Hand: m.Hand, Killers: m.KilledBy, Cells: map[string]string{}}
		for name, c := range m.Cells {
			v.Cells[name] = string(c.Status)
			if c.NotReached {
				v.Cells[name] += " (not reached)"
			}
		}
		if s := m.Search; s != nil {
			v.Search = fmt.Sprintf("seed %d, %d of %d programs, found %v", s.Seed, s.Programs, s.Budget, s.Found())
		}
		out[m.Name] = v
	}
	return out
}

// ran names the observations that ran in r, on the reference or on a
// mutant, of those judged in before (nil: all): what did not come from
// the cache, nor from the reference's result where an observation cannot
// reach the change.
func ran(r, before *report.Report) map[string]bool {
	out := map[string]bool{}
	for _, o := range r.Observations {
		if !o.Reference.Cached {
			out[o.Name] = true
		}
	}
	judged := map[string]bool{}
	if before != nil {
		for _, m := range before.Mutants {
			for name, c := range m.Cells {
				judged[m.Name+" "+name] = c.Status != ""
			}
		}
	}
	for _, m := range r.Mutants {
		for name, c := range m.Cells {
			if c.Status != "" && !c.NotReached && !c.Cached && (before == nil || judged[m.Name+" "+name]) {
				out[name] = true
			}
		}
	}
	return out
}

// TestMutateIncremental judges the counter lab's generated mutants with a
// verdict cache of its own: fresh; unchanged, when every verdict, result
// and search comes from the cache and equals the fresh run's; with a cell
// entry of the cache edited by hand and one cut short, when both are
// ignored with a warning, their cells run again and the verdicts are the
// fresh run's again; and after editing one observation, when of what ran
// before only that observation runs again (on the reference and the
// mutants it reaches), and the verdicts, which the edit changes, equal a
// fresh run's of the edited observations.
func TestMutateIncremental(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs with go build")
	}
	cache := t.TempDir()
	t.Setenv(verdictcache.EnvDisable, cache)
	module, schema := awayFromModule(t)
	obs := t.TempDir()
	copyTree(t, filepath.Join(module, counter.Dir, "observations"), obs)
	mutate := func(args ...string) (*report.Report, string) {
		t.Helper()
		var out, stderr bytes.Buffer
		args = append([]string{"mutate", "-C", module, "-q", "-json", "-dir", obs, "-search-programs", "200"}, args...)
		if status := Run(counter.Lab(), args, &out, &stderr); status != exitcode.Survived {
			t.Fatalf("idemlab %v: status %d, want %d (the counter's three survivors): %s", args, status, exitcode.Survived, stderr.String())
		}
		schematest.Validate(t, schema, out.Bytes())
		var r report.Report
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.Cache == nil {
			t.Fatalf("idemlab %v: the report says nothing of the verdict cache", args)
		}
		return &r, stderr.String()
	}

	fresh, _ := mutate("-fresh")
	if c := fresh.Cache; !c.Fresh || c.Results+c.Mutants+c.Searches > 0 || c.Program {
		t.Errorf("-fresh took from the cache: %+v", c)
	}
	want := verdicts(fresh)

	again, _ := mutate()
	if diff := cmp.Diff(want, verdicts(again)); diff != "" {
		t.Errorf("unchanged second run: verdicts (-fresh +cached):\n%s", diff)
	}
	if c := again.Cache; c.Fresh || !c.Program || c.Mutants != c.Judged || c.Searches != c.Searched || c.Searched == 0 {
		t.Errorf("unchanged second run: %+v; want the program, every mutant and every search from the cache", c)
	}
	if got := ran(again, nil); len(got) > 0 {
		t.Errorf("unchanged second run ran %v again", got)
	}

	// An entry edited by hand, and one cut short by a killed run, are
	// warned about and never believed: their cells run again. Every entry
	// is corrupted in one way, then every entry in the other: which entries
	// a run consults depends on names made from temporary paths, so
	// entries chosen by name or by position were at times none it needed.
	for _, c := range []struct {
		name    string
		corrupt func([]byte) []byte
		warning string
	}{
		{"edited", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"status":"`), []byte(`"status":"x`), 1)
		}, "its value does not match its checksum"},
		{"cut short", func(b []byte) []byte { return b[:len(b)/2] }, "not an entry"},
	} {
		corruptCells(t, cache, c.corrupt)
		corrupted, warnings := mutate()
		if diff := cmp.Diff(want, verdicts(corrupted)); diff != "" {
			t.Errorf("%s cache entries: verdicts (-fresh +corrupted):\n%s", c.name, diff)
		}
		if got := ran(corrupted, nil); len(got) == 0 {
			t.Errorf("%s cache entries: nothing ran again; want the observations of the corrupted entries", c.name)
		}
		for _, w := range []string{"warning: cache entry ", c.warning} {
			if !strings.Contains(warnings, w) {
				t.Errorf("%s cache entries: the warnings lack %q:\n%s", c.name, w, warnings)
			}
		}
	}

	// An edit of one observation: the counter at Max is no longer
	// incremented once more, so the mutants that only it killed survive
	// it now, and run the observations after it for the first time.
	const edited = "edge/inc_at_max_is_refused"
	file := filepath.Join(obs, filepath.FromSlash(edited)+".txtar")
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cut, _, ok := bytes.Cut(text, []byte("! ctr inc\n"))
	if !ok {
		t.Fatalf("%s has no refused increment to cut:\n%s", file, text)
	}
	if err := os.WriteFile(file, cut, 0o644); err != nil {
		t.Fatal(err)
	}
	incremental, _ := mutate()
	if got := ran(incremental, again); !got[edited] || len(got) != 1 {
		t.Errorf("after editing %s the run ran %v again; want that observation alone", edited, got)
	}
	if c := incremental.Cache; !c.Program || c.Mutants == 0 || c.Searches != again.Cache.Searched {
		t.Errorf("after editing %s: %+v; want the program, the mutants it does not reach and the searches of the survivors before from the cache", edited, c)
	}
	fresh, _ = mutate("-fresh")
	if diff := cmp.Diff(verdicts(fresh), verdicts(incremental)); diff != "" {
		t.Errorf("after editing %s: verdicts (-fresh +incremental):\n%s", edited, diff)
	}
	if cmp.Equal(want, verdicts(incremental)) {
		t.Errorf("after editing %s the verdicts are those before it; the edit was meant to let some mutants survive it", edited)
	}
}

// TestMutateIncrementalLab1 is TestMutateIncremental's edit in the first
// lab, on the mutants of one stretch of its store: the check of output at
// which one observation first killed a mutant is deleted, and the run after the
// edit runs again only that observation, giving the verdicts a fresh run
// of the edited observations gives.
func TestMutateIncrementalLab1(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	t.Setenv(verdictcache.EnvDisable, t.TempDir())
	obs := t.TempDir()
	copyTree(t, filepath.Join(root, "testdata"), obs)
	mutate := func(args ...string) *report.Report {
		t.Helper()
		var out, stderr bytes.Buffer
		args = append([]string{"mutate", "-q", "-json", "-no-search", "-run", `^store\.go:1[0-4][0-9]:`, "-dir", obs}, args...)
		// The edit may leave a mutant alive: that is a verdict too.
		if status := run(args, &out, &stderr); status != exitcode.OK && status != exitcode.Survived {
			t.Fatalf("idemlab %v: status %d, want %d or %d: %s", args, status, exitcode.OK, exitcode.Survived, stderr.String())
		}
		var r report.Report
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return &r
	}
	before := mutate("-fresh")
	var kill killmatrix.Kill
	for _, m := range before.Mutants {
		// A check of output: deleting it leaves what the script does, so
		// the observation still passes on the reference.
		if k := m.KilledBy; len(k) > 0 && (strings.HasPrefix(k[0].Command, "cmp ") || strings.HasPrefix(k[0].Command, "stdout ")) {
			kill = k[0]
			break
		}
	}
	if kill.Observation == "" || kill.Line == 0 {
		t.Fatalf("no mutant was killed at a line: %+v", kill)
	}
	file := filepath.Join(obs, filepath.FromSlash(kill.Observation)+".txtar")
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	edited := strings.Join(append(lines[:kill.Line-1:kill.Line-1], lines[kill.Line:]...), "")
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	incremental := mutate()
	if got := ran(incremental, before); !got[kill.Observation] || len(got) != 1 {
		t.Errorf("after deleting %s:%d the run ran %v again; want that observation alone", kill.Observation, kill.Line, got)
	}
	if c := incremental.Cache; c == nil || !c.Program || c.Mutants == 0 {
		t.Errorf("after the edit: %+v; want the program and the mutants the observation does not reach from the cache", c)
	}
	fresh := mutate("-fresh")
	if diff := cmp.Diff(verdicts(fresh), verdicts(incremental)); diff != "" {
		t.Errorf("after deleting %s:%d: verdicts (-fresh +incremental):\n%s", kill.Observation, kill.Line, diff)
	}
}

// corruptCells rewrites every cell entry of the verdict cache under dir
// with corrupt.
func corruptCells(t *testing.T, dir string, corrupt func([]byte) []byte) {
	t.Helper()
	var cells []string
	filepath.WalkDir(filepath.Join(dir, "cell"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			cells = append(cells, p)
		}
		return err
	})
	if len(cells) < 2 {
		t.Fatalf("the cache holds %d cell entries", len(cells))
	}
	for _, file := range cells {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, corrupt(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

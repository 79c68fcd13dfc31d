package labtest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
)

// A Race is an edge observation of a lab where a second client acts in
// the middle of an operation, and the line where it fails on a mutant
// that reads outside the operation's transaction.
type Race struct {
	Observation string // its name in the edge folder, without .txtar
	FailsAt     string // the command of the line where the mutant fails
}

// InterleavingsAreDeterministic shows that a lab's interleaving
// observations are not races won by luck: it builds the generated mutant
// whose function reads before its transaction begins (the operator
// go-read-before-begin), runs runs copies of each race against it and
// the reference, as the harness runs any observation, and wants every
// copy to pass on the reference, twice (none flaky), and on the build's
// control copy (Strict), and to fail on the mutant at the race's line
// every time. go test -short skips it: it builds a program and runs
// thousands of scripts, so a lab calls it from a package of its own,
// away from the student's quick loop.
func InterleavingsAreDeterministic(t *testing.T, l *lab.Lab, function string, runs int, races ...Race) {
	if testing.Short() {
		t.Skip("builds a mutant with go build and runs thousands of observations")
	}
	root, err := filepath.Abs(Root(t))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(joinRoot(root, l.Layout.Source))
	if err != nil {
		t.Fatal(err)
	}
	m := readBeforeBegin(t, l, src, function)
	obs := t.TempDir()
	if err := os.Mkdir(filepath.Join(obs, killmatrix.KindEdge), 0o755); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // copy -> the line it fails at on the mutant
	for _, r := range races {
		script, err := os.ReadFile(filepath.Join(joinRoot(root, l.Layout.Observations), killmatrix.KindEdge, r.Observation+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= runs; i++ {
			file := fmt.Sprintf("%s_%04d", r.Observation, i)
			if err := os.WriteFile(filepath.Join(obs, killmatrix.KindEdge, file+".txtar"), script, 0o644); err != nil {
				t.Fatal(err)
			}
			want[killmatrix.KindEdge+"/"+file] = r.FailsAt
		}
	}
	start := time.Now()
	p, err := mutagen.Build(l, src, []mutagen.Mutant{m}, mutagen.BuildOptions{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if len(p.Unviable) > 0 {
		t.Fatalf("mutant %s is unviable: %s", m.ID, p.Unviable[0].Reason)
	}
	built := time.Since(start)
	start = time.Now()
	mx, err := p.Run(mutagen.RunOptions{Dir: obs, Kinds: []string{killmatrix.KindEdge}, Strict: true})
	if err != nil {
		t.Fatal(err) // Strict: an observation that failed on the control copy
	}
	t.Logf("%s: built in %v; %d copies of %d observations run in %v (reference twice, control, mutant)",
		m.ID, built.Round(time.Millisecond), runs, len(races), time.Since(start).Round(time.Millisecond))
	judgeRaces(t, mx, m.ID, want)
}

// readBeforeBegin is the generated mutant of function that reads before
// its transaction begins.
func readBeforeBegin(t *testing.T, l *lab.Lab, src []byte, function string) mutagen.Mutant {
	all, err := mutagen.Generate(l.Layout.Source, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range all {
		if g.Operator == "go-read-before-begin" && g.Function == function {
			return g
		}
	}
	t.Fatalf("no go-read-before-begin mutant of %s among the generated mutants", function)
	return mutagen.Mutant{}
}

// judgeRaces wants every copy passing on the reference and failing on
// the mutant id at its line.
func judgeRaces(t *testing.T, mx *killmatrix.Matrix, id string, want map[string]string) {
	if len(mx.Observations) != len(want) {
		t.Fatalf("%d observations ran, want %d", len(mx.Observations), len(want))
	}
	if len(mx.Mutants) != 1 || mx.Mutants[0].Name != id {
		t.Fatalf("the matrix judges %d mutants, want only %s", len(mx.Mutants), id)
	}
	row := mx.Mutants[0]
	bad := 0
	for _, o := range mx.Observations {
		if o.Status != outcome.Pass {
			bad++
			if bad <= 5 {
				t.Errorf("%s is %s on the reference: %s: %s", o.Name, o.Status, o.Reference.Pos, o.Reference.Message)
			}
		}
		if c, ok := row.Cells[o.Name]; !ok || c.Status != outcome.Fail || c.Command != want[o.Name] {
			bad++
			if bad <= 5 {
				t.Errorf("%s on %s: %s at %s %q (ran: %v), want a failure at %q every time", o.Name, id, c.Status, c.Pos, c.Command, ok, want[o.Name])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d runs were not deterministic", bad, 2*len(want))
	}
	if row.Outcome != outcome.Killed || len(row.KilledBy) != len(want) {
		t.Errorf("mutant %s: %s by %d observations, want killed by all %d", id, row.Outcome, len(row.KilledBy), len(want))
	}
}

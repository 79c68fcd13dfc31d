package interleavetest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
	"idemlab/labs/lease/mutants"
)

// root is the module root seen from here.
const root = "../../../.."

// runs is how many copies of each observation run on each side.
const runs = 1000

// races are the observations where two workers race for one key, each
// with the line where it fails on the mutant that reads outside its
// transaction: the second worker acts during the takeover, instead of
// waiting for it.
var races = map[string]string{
	"takeover_race_has_one_winner":               "cmp stdout want-interleave.txt",
	"stale_finish_during_takeover_is_fenced_off": "cmp stdout want-interleave.txt",
}

// TestTakeoverInterleavingsAreDeterministic shows that the two-worker
// observations are not races won by luck. A thousand copies of each run,
// as the harness runs any observation, against the generated mutant whose
// Takeover reads the lapsed lease before Begin (outside its transaction),
// with the reference beside it. Every copy must pass on the reference,
// twice, as the matrix runs it (so none is flaky), and on the program's
// control copy of the reference (Strict); and every copy must fail on the
// mutant, at the same line.
func TestTakeoverInterleavingsAreDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the mutant with go build and runs two observations 6,000 times")
	}
	l := mutants.Lab()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(abs, filepath.FromSlash(l.Layout.Source)))
	if err != nil {
		t.Fatal(err)
	}
	all, err := mutagen.Generate(l.Layout.Source, src)
	if err != nil {
		t.Fatal(err)
	}
	var m mutagen.Mutant
	for _, g := range all {
		if g.Operator == "go-read-before-begin" && g.Function == "Takeover" {
			m = g
		}
	}
	if m.ID == "" {
		t.Fatal("no go-read-before-begin mutant of Takeover among the generated mutants")
	}

	obs := t.TempDir()
	if err := os.Mkdir(filepath.Join(obs, killmatrix.KindEdge), 0o755); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // copy -> the line it fails at on the mutant
	for name, line := range races {
		script, err := os.ReadFile(filepath.Join(abs, filepath.FromSlash(l.Layout.Observations), killmatrix.KindEdge, name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= runs; i++ {
			file := fmt.Sprintf("%s_%04d", name, i)
			if err := os.WriteFile(filepath.Join(obs, killmatrix.KindEdge, file+".txtar"), script, 0o644); err != nil {
				t.Fatal(err)
			}
			want[killmatrix.KindEdge+"/"+file] = line
		}
	}

	start := time.Now()
	p, err := mutagen.Build(l, src, []mutagen.Mutant{m}, mutagen.BuildOptions{Root: abs})
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

	if len(mx.Observations) != len(want) {
		t.Fatalf("%d observations ran, want %d", len(mx.Observations), len(want))
	}
	if len(mx.Mutants) != 1 || mx.Mutants[0].Name != m.ID {
		t.Fatalf("the matrix judges %d mutants, want only %s", len(mx.Mutants), m.ID)
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
				t.Errorf("%s on %s: %s at %s %q (ran: %v), want a failure at %q every time", o.Name, m.ID, c.Status, c.Pos, c.Command, ok, want[o.Name])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d runs were not deterministic", bad, 2*len(want))
	}
	if row.Outcome != outcome.Killed || len(row.KilledBy) != len(want) {
		t.Errorf("mutant %s: %s by %d observations, want killed by all %d", m.ID, row.Outcome, len(row.KilledBy), len(want))
	}
}

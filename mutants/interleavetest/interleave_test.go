package interleavetest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// root is the module root seen from here.
const root = "../.."

// interleaveRuns is how many copies of the observation run on each side.
const interleaveRuns = 1000

// TestPurgeInterleavingIsDeterministic shows that the observation of the
// purge's transaction, edge/purge_selects_in_its_transaction, is not a
// race won by luck: idem interleave makes the other client act at exactly
// the point between the purge's select and its deletes, every time. A
// thousand copies of it run, as the harness runs any observation, against
// the generated mutant whose Purge selects before Begin (outside its
// transaction), with the reference beside it. Every copy must pass on the
// reference, twice, as the matrix runs it (so none is flaky), and on the
// program's control copy of the reference (Strict); and every copy must
// fail on the mutant.
func TestPurgeInterleavingIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the mutant with go build and runs the observation 3,000 times")
	}
	l := mutants.Lab()
	modRoot, err := mutation.ModuleRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(modRoot, filepath.FromSlash(l.Layout.Source)))
	if err != nil {
		t.Fatal(err)
	}
	all, err := mutagen.Generate(l.Layout.Source, src)
	if err != nil {
		t.Fatal(err)
	}
	var m mutagen.Mutant
	for _, g := range all {
		if g.Operator == "go-read-before-begin" && g.Function == "Purge" {
			m = g
		}
	}
	if m.ID == "" {
		t.Fatal("no go-read-before-begin mutant of Purge among the generated mutants")
	}

	const name = "purge_selects_in_its_transaction"
	script, err := os.ReadFile(filepath.Join(modRoot, filepath.FromSlash(l.Layout.Observations), killmatrix.KindEdge, name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	obs := t.TempDir()
	if err := os.Mkdir(filepath.Join(obs, killmatrix.KindEdge), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= interleaveRuns; i++ {
		file := filepath.Join(obs, killmatrix.KindEdge, fmt.Sprintf("o%04d.txtar", i))
		if err := os.WriteFile(file, script, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	start := time.Now()
	p, err := mutagen.Build(l, src, []mutagen.Mutant{m}, mutagen.BuildOptions{Root: modRoot})
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
	t.Logf("%s: built in %v; %d copies of edge/%s run in %v (reference twice, control, mutant)",
		m.ID, built.Round(time.Millisecond), interleaveRuns, name, time.Since(start).Round(time.Millisecond))

	if len(mx.Observations) != interleaveRuns {
		t.Fatalf("%d observations ran, want %d", len(mx.Observations), interleaveRuns)
	}
	if len(mx.Mutants) != 1 || mx.Mutants[0].Name != m.ID {
		t.Fatalf("the matrix judges %d mutants, want only %s", len(mx.Mutants), m.ID)
	}
	row := mx.Mutants[0]
	// The mutant fails where the interleaving shows: its purge deletes the
	// row the other client reserved meanwhile, so what ran when differs.
	const want = "cmp stdout want-interleave.txt"
	bad := 0
	for _, o := range mx.Observations {
		if o.Status != outcome.Pass {
			bad++
			if bad <= 5 {
				t.Errorf("%s is %s on the reference: %s: %s", o.Name, o.Status, o.Reference.Pos, o.Reference.Message)
			}
		}
		if c, ok := row.Cells[o.Name]; !ok || c.Status != outcome.Fail || c.Command != want {
			bad++
			if bad <= 5 {
				t.Errorf("%s on %s: %s at %s %q (ran: %v), want a failure at %q every time", o.Name, m.ID, c.Status, c.Pos, c.Command, ok, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d runs were not deterministic", bad, 2*interleaveRuns)
	}
	if row.Outcome != outcome.Killed || len(row.KilledBy) != interleaveRuns {
		t.Errorf("mutant %s: %s by %d observations, want killed by all %d", m.ID, row.Outcome, len(row.KilledBy), interleaveRuns)
	}
}

package heldout_test

import (
	"os"
	"path/filepath"
	"testing"

	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// TestSearchExample: the differential search, run in the held-out
// program, finds for every viable mutant of the example catalogue a script
// of at most ten commands, and the observation it writes, judged by the
// same program as any student's observation is, passes on the reference
// (its control copy) and kills that mutant.
func TestSearchExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program of held-out mutants")
	}
	set, err := heldout.Load(mutants.Lab(), root, example, labNames(t), killmatrix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	var names []string
	for _, m := range set.Mutants() {
		if m.Unviable == "" {
			names = append(names, m.Name)
		}
	}
	results, err := set.Search(names, 3000, 0)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var obs []killmatrix.Observation
	for _, res := range results {
		if !res.Found() {
			t.Errorf("%s: no difference in %d programs", res.Other, res.Programs)
			continue
		}
		s := res.Script
		t.Logf("%s: %d programs, %v:\n%s", res.Other, res.Programs, res.Elapsed, s.Observation())
		if len(s.Steps) > 10 || !s.Confirmed {
			t.Errorf("%s: %d commands, confirmed %v (%s)", res.Other, len(s.Steps), s.Confirmed, s.Unconfirmed)
		}
		file := filepath.Join(dir, res.Other+".txtar")
		if err := os.WriteFile(file, s.Observation(), 0o644); err != nil {
			t.Fatal(err)
		}
		o, err := killmatrix.Load(killmatrix.KindStudent, file)
		if err != nil {
			t.Fatal(err)
		}
		obs = append(obs, o)
	}
	m, err := set.Run(obs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range m.Observations {
		if o.Status != outcome.Pass {
			t.Errorf("%s: %s on the reference", o.Name, o.Status)
		}
	}
	for _, row := range m.Mutants {
		if c := row.Cells["student/"+row.Name]; c.Status != outcome.Fail {
			t.Errorf("its own script on %s: %s, want fail", row.Name, c.Status)
		}
	}
}

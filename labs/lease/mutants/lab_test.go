package mutants_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/outcome"
	"idemlab/labs/lease/mutants"
)

// root is the module root, seen from this package's folder.
const root = "../../.."

// labMatrix runs the lab's own observations against the reference and
// every mutant once, for all of TestLab's subtests.
var labMatrix = sync.OnceValues(func() (*killmatrix.Matrix, error) {
	l := mutants.Lab()
	obs, err := killmatrix.Discover(filepath.Join(root, filepath.FromSlash(l.Layout.Observations)), l.Layout.Kinds...)
	if err != nil {
		return nil, err
	}
	return killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{}), nil
})

// TestLab is the lease lab's gate: every observation passes on the
// reference, every mutant is killed, by the observation the catalogue
// intends among others and by a set of observations no other mutant
// shares; every mutant survives some happy-path observation, and the only
// mutant a happy-path observation kills is step 1's, whose lease is born
// lapsed (the contract's one happy path that shows its mutant).
func TestLab(t *testing.T) {
	m, err := labMatrix()
	if err != nil {
		t.Fatal(err)
	}
	t.Log(labrun.GateSummary(labrun.StudentLanguage(mutants.Lab(), root), m))
	// go test -v logs a mutant's killers only where the view allows: a
	// predicted mutant's, or every one for CI (see labrun.Gate).
	gate, err := labrun.NewGate(labrun.Config{Lab: mutants.Lab(), Root: root, History: filepath.Join(root, mutants.Lab().Layout.History)})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("reference", func(t *testing.T) {
		for _, o := range m.Observations {
			if !o.Valid() {
				t.Errorf("observation %s is %s on the reference, so it asserts something the contract does not say:\n%s: %s\n%s",
					o.Name, o.Status, o.Reference.Pos, o.Reference.Message, o.Reference.Log)
			}
		}
	})
	files := map[string]string{}
	for _, o := range m.Observations {
		files[o.Name] = o.File
	}
	vectors := map[string]string{}
	for _, mu := range m.Mutants {
		vectors[killers(mu)] += " " + mu.Name
	}
	cat := mutants.Lab().Catalogue
	for _, mu := range m.Mutants {
		entry, ok := cat.Lookup(mu.Name)
		if !ok {
			t.Errorf("mutant %s is not in the catalogue", mu.Name)
			continue
		}
		t.Run(entry.ID(), func(t *testing.T) {
			for _, line := range gate.Killers(mu) {
				t.Log(line)
			}
			judgeMutant(t, mu, entry.Killer, entry.Pos, files[entry.Killer], vectors)
		})
	}
	t.Run("happy path", func(t *testing.T) {
		var killedHappy, want []string
		for _, mu := range m.Mutants {
			if len(mu.SurvivedHappy) == 0 {
				t.Errorf("mutant %s survives no happy-path observation; the lesson needs every mutant to pass some", mu.Name)
			}
			for _, k := range mu.KilledBy {
				if strings.HasPrefix(k.Observation, killmatrix.KindHappy+"/") {
					killedHappy = append(killedHappy, mu.Name)
					break
				}
			}
			if entry, _ := cat.Lookup(mu.Name); entry.Step == 1 {
				want = append(want, mu.Name)
			}
		}
		if diff := cmp.Diff(want, killedHappy); diff != "" {
			t.Errorf("mutants a happy-path observation kills (-want: step 1's only +got):\n%s", diff)
		}
	})
}

// judgeMutant checks one mutant's row against its intended killer, named
// at pos in the catalogue and kept in file.
func judgeMutant(t *testing.T, mu killmatrix.MutantRow, killer, pos, file string, vectors map[string]string) {
	if mu.Outcome != outcome.Killed {
		t.Fatalf("mutant %s %s: no observation shows the broken snippet; its intended killer %s %s",
			mu.Name, mu.Outcome, killer, where(mu, killer, pos, file))
	}
	if !slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == killer }) {
		t.Errorf("intended killer %s (%s) is not among its killers: %s", killer, pos, killers(mu))
	}
	if !strings.HasPrefix(killer, killmatrix.KindEdge+"/") {
		t.Errorf("intended killer %s is not an edge observation", killer)
	}
	if others := strings.TrimSpace(strings.Replace(vectors[killers(mu)], " "+mu.Name, "", 1)); others != "" {
		t.Errorf("killed by exactly the same observations (%s) as %s: one is redundant, or an observation is missing", killers(mu), others)
	}
}

// where says how the intended killer ran on a mutant it did not kill.
func where(mu killmatrix.MutantRow, killer, pos, file string) string {
	if file == "" {
		return fmt.Sprintf("(named at %s) is no observation of the lab", pos)
	}
	c, ok := mu.Cells[killer]
	at := fmt.Sprintf("(%s, named at %s)", file, pos)
	switch {
	case !ok:
		return at + " did not run on it"
	case c.Message != "":
		return fmt.Sprintf("%s %s on it: %s", at, c.Status, c.Message)
	}
	return at + " passes on it"
}

func killers(mu killmatrix.MutantRow) string {
	var names []string
	for _, k := range mu.KilledBy {
		names = append(names, k.Observation)
	}
	return fmt.Sprint(names)
}

package mutants_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
	"idemlab/mutants"
)

// TestLab is the lab's gate, the check CI relies on: every observation
// passes on the reference, every mutant is killed, each by the observation
// the catalogue intends among others, and no two mutants are killed by the
// same set of observations (which would flag a redundant mutant).
func TestLab(t *testing.T) {
	obs, err := killmatrix.Discover(filepath.Join(root, "testdata"), killmatrix.LabKinds...)
	if err != nil {
		t.Fatal(err)
	}
	m := killmatrix.Build(impl.Reference, mutants.Impls(), obs, killmatrix.Options{})
	t.Logf("%s; %d observations in %v", m.Summary(), len(obs), m.Elapsed)

	for _, o := range m.Observations {
		if o.Broken {
			t.Errorf("observation %s fails on the reference, so it asserts something the contract does not say:\n%s: %s\n%s",
				o.Name, o.Reference.Pos, o.Reference.Message, o.Reference.Log)
		}
	}

	cat := mutants.Catalogue()
	vectors := map[string]string{}
	survivedHappy := 0
	for _, mu := range m.Mutants {
		if mu.Outcome != killmatrix.Killed {
			t.Errorf("mutant %s %s: no observation shows the broken snippet; the lab needs one that does", mu.Name, mu.Outcome)
			continue
		}
		entry, ok := cat.Lookup(mu.Name)
		if !ok {
			t.Errorf("mutant %s is not in the catalogue", mu.Name)
			continue
		}
		if !killedBy(mu, entry.Killer) {
			t.Errorf("mutant %s: intended killer %s (%s) is not among its killers: %s", mu.Name, entry.Killer, entry.Pos, killers(mu))
		}
		if !strings.HasPrefix(entry.Killer, killmatrix.KindEdge+"/") {
			t.Errorf("mutant %s: intended killer %s is not an edge observation", mu.Name, entry.Killer)
		}
		vector := killers(mu)
		if other, dup := vectors[vector]; dup {
			t.Errorf("mutants %s and %s are killed by exactly the same observations (%s): one is redundant, or an observation is missing", other, mu.Name, vector)
		}
		vectors[vector] = mu.Name
		if len(mu.SurvivedHappy) > 0 {
			survivedHappy++
		}
	}
	// The lesson: happy paths alone do not find these bugs.
	if survivedHappy*2 <= len(m.Mutants) {
		t.Errorf("only %d of %d mutants survive a happy-path observation; the lab needs most to", survivedHappy, len(m.Mutants))
	}
}

func killedBy(mu killmatrix.MutantRow, name string) bool {
	for _, k := range mu.KilledBy {
		if k.Observation == name {
			return true
		}
	}
	return false
}

func killers(mu killmatrix.MutantRow) string {
	var names []string
	for _, k := range mu.KilledBy {
		names = append(names, k.Observation)
	}
	return fmt.Sprint(names)
}

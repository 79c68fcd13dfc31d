package mutants_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// labMatrix runs the lab's own observations against the reference and
// every mutant once, for all of TestLab's subtests.
var labMatrix = sync.OnceValues(func() (*killmatrix.Matrix, error) {
	l := mutants.Lab()
	// Named from the module root (testdata/edge/x.txtar:12), as every
	// report names them.
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return nil, err
	}
	return killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{}), nil
})

// TestLab is the lab's gate, the check CI relies on: every observation
// passes on the reference (the subtest "reference"), and every mutant (a
// subtest each, named for its ID) is killed, by the observation the
// catalogue intends among others, and by a set of observations no other
// mutant shares (which would flag a redundant mutant). The matrix is built
// once, so go test -run 'TestLab/4_' judges one mutant at the price of the
// whole run.
//
// go test -v logs each mutant's killers only where the view allows (see
// gateLog): a student running it sees how a mutant dies once it is
// predicted, and a reveal is recorded in the prediction history, as the
// kill report records it.
func TestLab(t *testing.T) {
	m, err := labMatrix()
	if err != nil {
		t.Fatal(err)
	}
	logKills := gateLog(t)
	t.Log(labrun.GateSummary(labrun.StudentLanguage(mutants.Lab(), root), m))
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
		killer := intended{entry.Killer, entry.Pos, files[entry.Killer]}
		t.Run(entry.ID(), func(t *testing.T) {
			logKills(t, mu)
			judgeMutant(t, mu, killer, vectors)
		})
	}
	t.Run("happy path", func(t *testing.T) {
		// The lesson: happy paths alone do not find these bugs.
		survived := 0
		for _, mu := range m.Mutants {
			if len(mu.SurvivedHappy) > 0 {
				survived++
			}
		}
		if survived*2 <= len(m.Mutants) {
			t.Errorf("only %d of %d mutants survive a happy-path observation; the lab needs most to", survived, len(m.Mutants))
		}
	})
}

// intended is a mutant's intended killer: the observation, where the
// catalogue names it, and the observation's file.
type intended struct{ name, pos, file string }

// judgeMutant checks one mutant's row.
func judgeMutant(t *testing.T, mu killmatrix.MutantRow, want intended, vectors map[string]string) {
	killer, pos := want.name, want.pos
	if mu.Outcome != outcome.Killed {
		t.Fatalf("mutant %s %s: no observation shows the broken snippet; its intended killer %s %s; the lab needs an observation that fails",
			mu.Name, mu.Outcome, killer, where(mu, want))
	}
	if !killedBy(mu, killer) {
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
func where(mu killmatrix.MutantRow, want intended) string {
	if want.file == "" {
		return fmt.Sprintf("(named at %s) is no observation of the lab", want.pos)
	}
	c, ok := mu.Cells[want.name]
	at := fmt.Sprintf("(%s, named at %s)", want.file, want.pos)
	switch {
	case !ok:
		return at + " did not run on it"
	case c.Message != "":
		return fmt.Sprintf("%s %s on it: %s", at, c.Status, c.Message)
	}
	return at + " passes on it"
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

// gateLog returns what logs a mutant's killers in TestLab, in the view
// the environment asks for (see labrun.Gate): a student's go test -v
// shows how a mutant dies once it is predicted, and records a reveal as
// idemlab -reveal does.
func gateLog(t *testing.T) func(*testing.T, killmatrix.MutantRow) {
	l := mutants.Lab()
	gate, err := labrun.NewGate(labrun.Config{Lab: l, Root: root, History: filepath.Join(root, l.Layout.History)})
	if err != nil {
		t.Fatal(err)
	}
	return func(t *testing.T, mu killmatrix.MutantRow) {
		for _, line := range gate.Killers(mu) {
			t.Log(line)
		}
	}
}

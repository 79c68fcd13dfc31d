package labtest

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/outcome"
)

// GateOptions tune what Gate asks of the lab's happy path.
type GateOptions struct {
	// HappySteps, when set, are the contract steps whose mutants a
	// happy-path observation kills, and no other step's; every mutant
	// must then survive some happy-path observation. Unset, Gate asks
	// only that most mutants survive one.
	HappySteps []int
}

// Gate is the lab's gate; see the package documentation.
func Gate(t *testing.T, l *lab.Lab, opt GateOptions) {
	t.Helper()
	root := Root(t)
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		t.Fatal(err)
	}
	m := killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{})
	t.Log(labrun.GateSummary(labrun.StudentLanguage(l, root), m))
	gate, err := labrun.NewGate(labrun.Config{Lab: l, Root: root, History: joinRoot(root, l.Layout.History)})
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
	for _, mu := range m.Mutants {
		entry, ok := l.Catalogue.Lookup(mu.Name)
		if !ok {
			t.Errorf("mutant %s is not in the catalogue", mu.Name)
			continue
		}
		t.Run(entry.ID(), func(t *testing.T) {
			for _, line := range gate.Killers(mu) {
				t.Log(line)
			}
			judge(t, l, mu, intended{entry.Killer, entry.Pos, files[entry.Killer]}, vectors)
		})
	}
	t.Run("happy path", func(t *testing.T) { happyPath(t, l, m, opt) })
}

// happyPath checks which mutants the lab's happy path kills.
func happyPath(t *testing.T, l *lab.Lab, m *killmatrix.Matrix, opt GateOptions) {
	happy := l.Layout.Kinds[0] + "/"
	survived := 0
	var killed, want []string
	for _, mu := range m.Mutants {
		if len(mu.SurvivedHappy) > 0 {
			survived++
		} else if opt.HappySteps != nil {
			t.Errorf("mutant %s survives no happy-path observation; the lesson needs every mutant to pass some", mu.Name)
		}
		if slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return strings.HasPrefix(k.Observation, happy) }) {
			killed = append(killed, mu.Name)
		}
		if entry, _ := l.Catalogue.Lookup(mu.Name); slices.Contains(opt.HappySteps, entry.Step) {
			want = append(want, mu.Name)
		}
	}
	if opt.HappySteps == nil {
		if survived*2 <= len(m.Mutants) {
			t.Errorf("only %d of %d mutants survive a happy-path observation; the lab needs most to", survived, len(m.Mutants))
		}
		return
	}
	if diff := cmp.Diff(want, killed); diff != "" {
		t.Errorf("mutants a happy-path observation kills (-want: those of steps %v +got):\n%s", opt.HappySteps, diff)
	}
}

// intended is a mutant's intended killer: the observation, where the
// catalogue names it, and the observation's file.
type intended struct{ name, pos, file string }

// judge checks one mutant's row against its intended killer.
func judge(t *testing.T, l *lab.Lab, mu killmatrix.MutantRow, want intended, vectors map[string]string) {
	if mu.Outcome != outcome.Killed {
		t.Fatalf("mutant %s %s: no observation shows the broken snippet; its intended killer %s %s; the lab needs an observation that fails",
			mu.Name, mu.Outcome, want.name, where(mu, want))
	}
	if !slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == want.name }) {
		t.Errorf("intended killer %s (%s) is not among its killers: %s", want.name, want.pos, killers(mu))
	}
	if kind := path.Dir(want.name); kind == l.Layout.Kinds[0] || !slices.Contains(l.Layout.Kinds, kind) {
		t.Errorf("intended killer %s is not one of the lab's observations beyond its happy path (%s)", want.name, strings.Join(l.Layout.Kinds[1:], ", "))
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

// killers is a mutant's kill vector, as text.
func killers(mu killmatrix.MutantRow) string {
	var names []string
	for _, k := range mu.KilledBy {
		names = append(names, k.Observation)
	}
	return fmt.Sprint(names)
}

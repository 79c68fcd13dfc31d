package labtest

import (
	"os"
	"strings"
	"testing"

	"idemlab/harness/clauses"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
)

// Clauses holds the contract's clause table against the lab's
// observations: every clause is pinned by at least one observation that
// exists, no id is declared twice, and every observation pins at least
// one clause, so that each is accounted for by the contract it tests.
func Clauses(t *testing.T, l *lab.Lab) {
	root, file := Root(t), l.Layout.Clauses
	data, err := os.ReadFile(joinRoot(root, file))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := clauses.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range obs {
		names = append(names, o.Name)
	}
	t.Log(labrun.ClauseCount(labrun.StudentLanguage(l, root), len(tab.Clauses), len(names)))
	if err := tab.Check(names); err != nil {
		t.Errorf("%s does not match the observations:\n%v", file, err)
	}
	if un := tab.Unpinned(names); len(un) > 0 {
		t.Errorf("observations that pin no clause of %s (name them under the clause each observes, or add the clause):\n  %s",
			file, strings.Join(un, "\n  "))
	}
}

package mutants_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/clauses"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/labs/lease/mutants"
)

// TestClauses holds the lease contract's clause table, clauses.json,
// against the lab's observations: every clause is pinned by at least one
// observation that exists, no id is declared twice, and every observation
// pins at least one clause.
func TestClauses(t *testing.T) {
	l := mutants.Lab()
	file := l.Layout.Clauses
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := clauses.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	obs, err := killmatrix.Discover(filepath.Join(root, filepath.FromSlash(l.Layout.Observations)), l.Layout.Kinds...)
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

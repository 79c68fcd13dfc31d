package labtest

import (
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// Wheats runs every observation of lab l on each of its wheats (a
// subtest a wheat), as the kill matrix runs them on the reference: each
// must pass, since a wheat is correct and an observation that fails on
// one asserts what the contract does not promise. A lab must have at
// least one wheat.
func Wheats(t *testing.T, l *lab.Lab) {
	t.Helper()
	if len(l.Wheats) == 0 {
		t.Fatalf("lab %s has no wheat: write a second correct store apart from the reference (see lab.Lab's Wheats)", l.Name)
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	m := killmatrix.Build(l, nil, observations(t, l), killmatrix.Options{})
	for _, w := range l.Wheats {
		t.Run(w.Name, func(t *testing.T) {
			for _, o := range m.Observations {
				if o.Wheat == w.Name {
					r := o.Failure()
					t.Errorf("observation %s is %s on wheat %s, so it asserts something the contract does not promise:\n%s: %s\n%s", o.Name, o.Status, w.Name, r.Pos, r.Message, r.Log)
				}
			}
		})
	}
	t.Run("reference", func(t *testing.T) {
		for _, o := range m.Observations {
			if o.Wheat == "" && o.Status != outcome.Pass {
				t.Errorf("observation %s is %s on the reference: %s: %s", o.Name, o.Status, o.Reference.Pos, o.Reference.Message)
			}
		}
	})
}

package builtin_test

import (
	"testing"

	"idemlab/harness/cmd/internal/builtin"
)

// TestLabsAreUsable builds every built-in lab by its name and checks it:
// a name that does not build the lab it names, or a lab that fails its
// own check, would make -lab NAME run something else or nothing.
func TestLabsAreUsable(t *testing.T) {
	for _, name := range builtin.Labs.Names() {
		l, err := builtin.Labs.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if l.Name != name {
			t.Errorf("-lab %s builds the lab %q", name, l.Name)
		}
		if err := l.Check(); err != nil {
			t.Error(err)
		}
	}
}

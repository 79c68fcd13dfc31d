package idemlab_test

import (
	"os"

	"idemlab/harness/command/idemlab"
	"idemlab/harness/labrun/testdata/counter"
)

// Run runs idemlab on one lab, here the counter lab that no binary has
// built in: idemlab mutate -list lists the single-point mutants of its
// reference that an operator makes, marking the one its catalogue also
// holds and naming those its catalogue says no operator makes.
func ExampleRun() {
	idemlab.Run(counter.Lab(), []string{"mutate", "-list", "-run", "^counter.go:5[12]:"}, os.Stdout, os.Stderr)
	// Output:
	// counter.go:51:go-negate-if         in Inc: if c becomes if !(c)
	// counter.go:51:go-ge-to-gt          in Inc: >= becomes >  [= 1_inc_passes_max]
	// counter.go:52:go-return-nil-error  in Inc: an error made here (not passed on from a call) is returned as nil
	// counter.go:52:go-unwrap-sentinel   in Inc: a sentinel error wrapped with %w by fmt.Errorf is formatted with %v instead: the same text, but errors.Is no longer finds it
	// 4 mutants of harness/labrun/testdata/counter/counter.go; 1 of the catalogue's 3 are among them; hand-written only: 2_inc_returns_old_value, 3_inc_saves_old_value
}

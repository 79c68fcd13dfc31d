package mutants_test

import (
	"fmt"
	"os"

	"idemlab/labs/lease/mutants"
)

// The lab value: a mutant found by the neutral label a worksheet shows,
// and the lease command run on the reference and on that mutant at the
// instant a lease lapses.
func Example() {
	l := mutants.Lab()
	m, _ := l.Catalogue.Lookup("2_renew")
	fmt.Printf("%s is %s, step %d, in %s: %s\n", m.Label, m.Name, m.Step, m.Function, m.Idea.In("en"))
	cmd, _ := l.Command("lease")
	for _, name := range []string{l.Reference.Name, m.Name} {
		impl, _ := l.Lookup(name)
		dir, _ := os.MkdirTemp("", "lease-mutants-example-")
		defer os.RemoveAll(dir)
		fmt.Printf("%s: ", name)
		for _, line := range [][]string{{"init"}, {"claim", "k1", "v1", "A", "0", "10"}, {"renew", "k1", "A", "1", "10", "10"}} {
			_ = cmd.Run(impl, dir, line, os.Stdout)
		}
	}
	// Output:
	// 2_renew is 2_renew_at_lapse, step 2, in Renew: the instant a lease lapses
	// reference: 1
	// false
	// 2_renew_at_lapse: 1
	// true
}

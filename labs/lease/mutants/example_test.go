package mutants_test

import (
	"bytes"
	"fmt"
	"os"

	"idemlab/labs/lease/mutants"
)

// The lab value: a mutant found by the neutral label a worksheet shows,
// and the lease command run against the reference and that mutant at the
// instant a lease lapses.
func Example() {
	l := mutants.Lab()
	m, _ := l.Catalogue.Lookup("2_renew")
	fmt.Printf("%s is %s, step %d, in %s: %s\n", m.Label, m.Name, m.Step, m.Function, m.Idea.In("en"))

	cmd, _ := l.Command("lease")
	mutant, _ := l.Lookup("2_renew")
	for _, impl := range []string{l.Reference.Name, mutant.Name} {
		dir, err := os.MkdirTemp("", "lease-mutants-example-")
		if err != nil {
			fmt.Println(err)
			return
		}
		defer os.RemoveAll(dir)
		s, _ := l.Lookup(impl)
		var out bytes.Buffer
		for _, line := range [][]string{{"init"}, {"claim", "k1", "v1", "A", "0", "10"}, {"renew", "k1", "A", "1", "10", "10"}} {
			out.Reset()
			if err := cmd.Run(s, dir, line, &out); err != nil {
				fmt.Println(err)
				return
			}
		}
		fmt.Printf("%s: lease renew k1 A 1 10 10 prints %s", impl, out.String())
	}
	// Output:
	// 2_renew is 2_renew_at_lapse, step 2, in Renew: the instant a lease lapses
	// reference: lease renew k1 A 1 10 10 prints false
	// 2_renew_at_lapse: lease renew k1 A 1 10 10 prints true
}

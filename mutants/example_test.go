package mutants_test

import (
	"bytes"
	"fmt"
	"os"

	"idemlab/mutants"
)

// The lab value: a mutant found by the neutral label a worksheet shows,
// and the idem command run by hand against the reference and that mutant,
// at the replay boundary of step 4.
func Example() {
	l := mutants.Lab()
	m, _ := l.Catalogue.Lookup("4_fetch")
	fmt.Printf("%s is %s, step %d, in %s: %s\n", m.Label, m.Name, m.Step, m.Function, m.Idea.In("en"))

	idem, _ := l.Command("idem")
	mutant, _ := l.Lookup("4_fetch")
	for _, impl := range []string{l.Reference.Name, mutant.Name} {
		dir, err := os.MkdirTemp("", "mutants-example-")
		if err != nil {
			fmt.Println(err)
			return
		}
		defer os.RemoveAll(dir)
		s, _ := l.Lookup(impl)
		var out bytes.Buffer
		for _, line := range [][]string{
			{"init"}, {"reserve", "k1", "v1", "10"}, {"finish", "k1", "v1", `{"receipt":1}`}, {"fetch", "k1", "10"},
		} {
			out.Reset()
			if err := idem.Run(s, dir, line, &out); err != nil {
				fmt.Println(err)
				return
			}
		}
		fmt.Printf("%s: idem fetch k1 10 prints %s", impl, out.String())
	}
	// Output:
	// 4_fetch is 4_fetch_replays_at_expiry, step 4, in Fetch: replay boundary
	// reference: idem fetch k1 10 prints null
	// 4_fetch_replays_at_expiry: idem fetch k1 10 prints {"receipt":1}
}

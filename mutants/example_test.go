package mutants_test

import (
	"fmt"

	"idemlab/mutants"
)

// The lab value: what it holds, and two of its mutants found by the
// neutral labels a worksheet shows.
func Example() {
	l := mutants.Lab()
	fmt.Printf("lab %s: the reference, %d mutants, %d wheat, the %s command\n", l.Name, len(l.Mutants), len(l.Wheats), l.Commands[0].Name)
	for _, label := range []string{"1_init", "4_fetch"} {
		m, _ := l.Catalogue.Lookup(label)
		fmt.Printf("%s is %s, step %d, in %s: %s\n", m.Label, m.Name, m.Step, m.Function, m.Idea.In("en"))
	}
	// Output:
	// lab idemstore: the reference, 8 mutants, 1 wheat, the idem command
	// 1_init is 1_init_fails_twice, step 1, in InitDB: idempotent init
	// 4_fetch is 4_fetch_replays_at_expiry, step 4, in Fetch: replay boundary
}

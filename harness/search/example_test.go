package search_test

import (
	"fmt"

	"idemlab/harness/search"
	"idemlab/mutants"
)

// A search of the mutant that replays a response at its expiry instant:
// four commands tell it from the reference, and the observation written
// for them passes on the reference and fails on the mutant.
func Example() {
	l := mutants.Lab()
	m, _ := l.Lookup("4_fetch")
	res, err := search.Run(l, l.Reference, m, search.Options{Seed: 1, Programs: 200})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Found(), res.Script.Confirmed, len(res.Script.Steps))
	fmt.Println(res.Script.What())
	// Output:
	// true true 4
	// idem fetch k2 0 prints null on the reference and {"receipt":1} on 4_fetch_replays_at_expiry
}

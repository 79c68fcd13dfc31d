package search_test

import (
	"fmt"

	"idemlab/harness/search"
	"idemlab/mutants"
)

// A search of the mutant whose counts leave out pending rows: a few
// commands tell it from the reference, and the observation written for
// them passes on the reference and fails on the mutant.
func Example() {
	l := mutants.Lab()
	m, _ := l.Lookup("7_counts")
	res, err := search.Run(l, l.Reference, m, search.Options{Seed: 1, Programs: 200})
	if err != nil {
		fmt.Println(err)
		return
	}
	if !res.Found() {
		fmt.Printf("no difference in %d programs\n", res.Programs)
		return
	}
	fmt.Printf("confirmed %v after %d programs:\n%s", res.Script.Confirmed, res.Programs, res.Script.Observation())
	// Output:
	// confirmed true after 4 programs:
	// # Found by the differential search (seed 1, program 4), shrunk to 3 commands:
	// # idem between 'drain 10' counts prints 2 lines (drain 10 => {"deleted":0} | after: counts => {"done":0,"pending":1}) on the reference and 2 lines (drain 10 => {"deleted":0} | after: counts => {"done":0,"pending":0}) on 7_counts_hides_pending.
	//
	// idem init
	// idem reserve k1 v1 0
	// idem between 'drain 10' counts
	// stdout '^(?:during: |after: )?counts => \{"done":0,"pending":1\}$'
}

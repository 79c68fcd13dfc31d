package outcome_test

import (
	"fmt"

	"idemlab/harness/outcome"
)

// Only killed, survived and timed-out mutants enter the mutation score,
// and only an observation that passes on the reference counts as
// evidence.
func Example() {
	for _, m := range outcome.Mutants {
		fmt.Printf("%-10s counted in the score: %v\n", m, m.Counted())
	}
	for _, o := range outcome.Observations {
		fmt.Printf("%-10s counts as evidence: %v\n", o, o.Counts())
	}
	// Output:
	// killed     counted in the score: true
	// survived   counted in the score: true
	// timeout    counted in the score: true
	// invalid    counted in the score: false
	// unviable   counted in the score: false
	// equivalent counted in the score: false
	// pass       counts as evidence: true
	// fail       counts as evidence: false
	// broken     counts as evidence: false
	// flaky      counts as evidence: false
	// timeout    counts as evidence: false
}

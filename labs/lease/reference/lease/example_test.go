package lease_test

import (
	"fmt"
	"os"

	"idemlab/labs/lease/mutants"
	"idemlab/labs/lease/reference/lease"
)

// Run runs one command line of an observation against an implementation:
// here the reference, in a folder of its own.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "lease-example-")
	defer os.RemoveAll(dir)
	for _, line := range [][]string{
		{"init"},
		{"claim", "k1", "v1", "A", "0", "10"},
		{"takeover", "k1", "v1", "B", "10", "10"},
		{"finish", "k1", "v1", "1", `{"receipt":1}`},
		{"inspect", "k1"},
		{"abandoned", "20", "0"},
	} {
		if err := lease.Run(mutants.Lab().Reference, dir, line, os.Stdout); err != nil {
			fmt.Println("error:", err)
		}
	}
	// Output:
	// 1
	// 2
	// false
	// {"status":"pending","owner":"B","lease_until":20,"token":2}
	// error: Abandoned: invalid limit: want an integer in 1..100 (got 0)
}

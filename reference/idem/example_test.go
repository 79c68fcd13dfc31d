package idem_test

import (
	"fmt"
	"os"

	"idemlab/mutants"
	"idemlab/reference/idem"
)

// Run runs one command line of an observation against an
// implementation: here the reference, in a folder of its own.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "idem-example-")
	defer os.RemoveAll(dir)
	for _, line := range [][]string{
		{"init"},
		{"reserve", "k1", "v1", "10"},
		{"finish", "k1", "v1", `{"receipt":1}`},
		{"fetch", "k1", "9.5"},
		{"fetch", "k1", "10"},
		{"purge", "10", "0"},
	} {
		if err := idem.Run(mutants.Lab().Reference, dir, line, os.Stdout); err != nil {
			fmt.Println("error:", err)
		}
	}
	// Output:
	// true
	// true
	// {"receipt":1}
	// null
	// error: Purge: invalid limit: want an integer in 1..100 (got 0) (wraps ErrInvalidLimit)
}

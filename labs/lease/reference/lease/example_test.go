package lease_test

import (
	"fmt"
	"os"
	"strings"

	"idemlab/labs/lease/mutants"
	"idemlab/labs/lease/reference/lease"
)

// The command runs one line of an observation against an implementation:
// here the reference, in a folder of its own.
func ExampleCommand() {
	dir, _ := os.MkdirTemp("", "lease-example-")
	defer os.RemoveAll(dir)
	cmd, ref := lease.Command(), mutants.Lab().Reference
	for _, line := range []string{"init", "claim k1 v1 A 0 10", "takeover k1 v1 B 10 10", "inspect k1", "abandoned 20 0"} {
		if err := cmd.Run(ref, dir, strings.Fields(line), os.Stdout); err != nil {
			fmt.Println("error:", err)
		}
	}
	// Output:
	// 1
	// 2
	// {"status":"pending","owner":"B","lease_until":20,"token":2}
	// error: Abandoned: invalid limit: want an integer in 1..100 (got 0) (wraps ErrInvalidLimit)
}

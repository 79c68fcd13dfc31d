package exitcode_test

import (
	"fmt"

	"idemlab/harness/exitcode"
)

// The statuses, as the README's table lists them.
func Example() {
	for _, s := range exitcode.Table {
		fmt.Printf("%2d %s\n", s.Code, s.Name)
	}
	// Output:
	// 0 ok
	//  1 usage
	//  2 survived
	//  3 timeout
	//  4 broken
	// 70 internal
}

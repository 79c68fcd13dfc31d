package labcmd_test

import (
	"fmt"
	"strconv"

	"idemlab/harness/labcmd"
)

// A lab's command parses its arguments with these, and passes on every
// value its store's types can carry, so that the store's own checks are
// observable: a limit of 0 parses, a limit of 1.5 does not.
func Example() {
	for _, s := range []string{"0", "1.5"} {
		n, err := labcmd.ParseInteger(s, strconv.IntSize)
		fmt.Println(s, n, err)
	}
	now, err := labcmd.ParseSeconds("NaN")
	fmt.Println(now, err)
	v, err := labcmd.ParseJSON(`{"receipt":1}`)
	fmt.Println(v, err)
	// Output:
	// 0 0 <nil>
	// 1.5 0 want an integer
	// NaN <nil>
	// map[receipt:1] <nil>
}

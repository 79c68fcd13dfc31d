// Command labnames prints the name of every built-in lab, one a line,
// the default first: what .ci/run loops over, so that a lab added to
// idemlab/labs is checked with no other change.
package main

import (
	"fmt"

	"idemlab/labs"
)

func main() {
	for _, name := range labs.Builtin.Names() {
		fmt.Println(name)
	}
}

package suggest_test

import (
	"fmt"

	"idemlab/harness/internal/suggest"
)

// A typo in an observation's command gets the command meant; a word
// nothing is near gets nothing.
func ExampleNearest() {
	commands := []string{"init", "reserve", "finish", "fetch", "purge"}
	fmt.Printf("%q\n", suggest.Nearest("fech", commands))
	fmt.Printf("%q\n", suggest.Nearest("frobnicate", commands))
	fmt.Printf("%q\n", suggest.Nearest("fetch", commands))
	// Output:
	// "fetch"
	// ""
	// ""
}

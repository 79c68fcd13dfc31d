package reach_test

import (
	"fmt"
	"strings"

	"idemlab/harness/reach"
)

// A mutant of a helper can run through each entry point that calls it,
// directly or through another; an observation that calls neither Put nor
// Sync cannot tell it from the reference.
func ExampleEntries() {
	ref := `package store

func Put(k string) error { return check(k) }

func Sync() error { return Put("") }

func Size() int { return 0 }

func check(k string) error {
	if k == "" {
		return nil
	}
	return nil
}
`
	mutant := strings.Replace(ref, `k == ""`, `k != ""`, 1)
	entries, known, err := reach.Entries([]byte(ref), []byte(mutant), []string{"Put", "Sync", "Size"})
	fmt.Println(entries, known, err)
	// Output: [Put Sync] true <nil>
}

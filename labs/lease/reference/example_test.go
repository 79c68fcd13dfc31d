package reference_test

import (
	"fmt"
	"os"
	"path/filepath"

	"idemlab/labs/lease/reference"
)

// A worker's lease lapses, a second worker takes the key over, and the
// first worker's late finish is refused: only the current token writes.
func Example() {
	dir, err := os.MkdirTemp("", "lease-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "store.db")
	if err := reference.InitDB(path); err != nil {
		fmt.Println(err)
		return
	}
	a, _ := reference.Claim(path, "order-7", "v1", "A", 0, 10)
	renewed, _ := reference.Renew(path, "order-7", "A", a, 10, 10)
	b, _ := reference.Takeover(path, "order-7", "v1", "B", 10, 10)
	stale, _ := reference.Finish(path, "order-7", "v1", a, map[string]any{"receipt": 1})
	current, _ := reference.Finish(path, "order-7", "v1", b, map[string]any{"receipt": 2})
	answer, _ := reference.Fetch(path, "order-7")
	fmt.Println("A holds token", a, "and renews at the lapse:", renewed)
	fmt.Println("B takes over with token", b)
	fmt.Println("A's finish:", stale, "B's finish:", current)
	fmt.Println("a retry gets", answer)
	// Output:
	// A holds token 1 and renews at the lapse: false
	// B takes over with token 2
	// A's finish: false B's finish: true
	// a retry gets map[receipt:2]
}

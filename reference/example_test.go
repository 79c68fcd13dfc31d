package reference_test

import (
	"fmt"
	"os"
	"path/filepath"

	"idemlab/reference"
)

// Example follows one key through its whole life: reserved, finished,
// replayed, purged once it expired, and then reserved again as a brand-new
// request, because the purge ended its guarantee. A second key that never
// finished stays pending through the purge, however old its expires.
func Example() {
	dir, err := os.MkdirTemp("", "idemlab-example-")
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "keys.db")

	// show prints one observation, or the error that replaced it.
	show := func(label string, v any, err error) {
		if err != nil {
			fmt.Printf("%s: error: %v\n", label, err)
			return
		}
		fmt.Printf("%s: %v\n", label, v)
	}

	show("init", "ok", reference.InitDB(path))

	ok, err := reference.Reserve(path, "order-42", "sha256:v1", 100)
	show("reserve order-42", ok, err)
	ok, err = reference.Reserve(path, "order-42", "sha256:v1", 100)
	show("retry while pending", ok, err)
	ok, err = reference.Reserve(path, "order-43", "sha256:w1", 5)
	show("reserve order-43 (never finished)", ok, err)

	ok, err = reference.Finish(path, "order-42", "sha256:v1", map[string]any{"receipt": 1})
	show("finish order-42", ok, err)
	ok, err = reference.Finish(path, "order-42", "sha256:v1", map[string]any{"receipt": 2})
	show("finish order-42 again", ok, err)

	resp, err := reference.Fetch(path, "order-42", 99.5)
	show("fetch at 99.5", resp, err)
	resp, err = reference.Fetch(path, "order-42", 100)
	show("fetch at 100", resp, err)

	counts, err := reference.Counts(path)
	show("counts", counts, err)
	ids, err := reference.Expired(path, 100, reference.DefaultLimit)
	show("expired at 100", ids, err)
	ids, err = reference.Purge(path, 100, reference.DefaultLimit)
	show("purge at 100", ids, err)
	counts, err = reference.Counts(path)
	show("counts", counts, err)

	ok, err = reference.Reserve(path, "order-42", "sha256:v2", 200)
	show("reserve order-42 after the purge", ok, err)

	// Output:
	// init: ok
	// reserve order-42: true
	// retry while pending: false
	// reserve order-43 (never finished): true
	// finish order-42: true
	// finish order-42 again: false
	// fetch at 99.5: map[receipt:1]
	// fetch at 100: <nil>
	// counts: map[done:1 pending:1]
	// expired at 100: [order-42]
	// purge at 100: [order-42]
	// counts: map[done:0 pending:1]
	// reserve order-42 after the purge: true
}

package sandbox_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"idemlab/harness/internal/sandbox"
)

// Running echo(1) with a small budget. The output is the same with or
// without bubblewrap; Result.Isolation would tell which it was.
func Example() {
	work, err := os.MkdirTemp("", "sandbox-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)
	res, err := sandbox.Run(context.Background(), sandbox.Spec{
		Path: "/bin/echo",
		Args: []string{"graded"},
		Work: work,
		Budget: sandbox.Budget{
			Wall:   5 * time.Second,
			Memory: 64 << 20,
			Disk:   1 << 20,
			Output: 1 << 10,
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q exit %d over %v\n", res.Stdout, res.ExitCode, res.OverWall || res.OverOutput)
	// Output: "graded\n" exit 0 over false
}

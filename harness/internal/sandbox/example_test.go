package sandbox_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"idemlab/harness/internal/sandbox"
)

// Running echo(1) with a small budget. Where bubblewrap is not usable,
// Run refuses until the caller turns the sandbox off by name; the output
// is then the same, and Result.Isolation would tell which it was.
func Example() {
	work, err := os.MkdirTemp("", "sandbox-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)
	spec := sandbox.Spec{
		Path: "/bin/echo",
		Args: []string{"graded"},
		Work: work,
		Budget: sandbox.Budget{
			Wall:   5 * time.Second,
			Memory: 64 << 20,
			Disk:   1 << 20,
			Output: 1 << 10,
		},
	}
	res, err := sandbox.Run(context.Background(), spec)
	if errors.Is(err, sandbox.ErrNoSandbox) {
		// No bubblewrap here. echo(1) is no untrusted code, so this
		// caller asks by name to run it under the rlimits alone.
		spec.NoSandbox = true
		res, err = sandbox.Run(context.Background(), spec)
	}
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q exit %d over %v\n", res.Stdout, res.ExitCode, res.OverWall || res.OverOutput)
	// Output: "graded\n" exit 0 over false
}

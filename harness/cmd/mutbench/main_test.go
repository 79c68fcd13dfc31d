package main

import (
	"io"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/mutbench"
)

// TestUsageInDoc: mutbench's manual shows this binary's -h output as it
// is.
func TestUsageInDoc(t *testing.T) {
	run := func(args []string, stdout, stderr io.Writer) int {
		return mutbench.Main(builtin.Labs, args, stdout, stderr)
	}
	clitest.UsageInDoc(t, "../../command/mutbench/doc.go", "mutbench", run)
}

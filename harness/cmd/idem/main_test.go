package main

import (
	"io"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/labshell"
)

func run(args []string, stdout, stderr io.Writer) int {
	return labshell.Main(builtin.Labs, args, stdout, stderr)
}

// TestUsageInDoc: the manual shows this binary's -h output, in English,
// as it is.
func TestUsageInDoc(t *testing.T) {
	clitest.UsageInDoc(t, "../../command/labshell/doc.go", "idem", run, "-lang", "en")
}

package main

import (
	"io"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/idemlab"
)

func run(args []string, stdout, stderr io.Writer) int {
	return idemlab.Main(builtin.Labs, args, stdout, stderr)
}

// TestUsageInDoc: idemlab's manual shows this binary's -h output, and
// that of idemlab mutate and idemlab search, as they are.
func TestUsageInDoc(t *testing.T) {
	const doc = "../../command/idemlab/doc.go"
	clitest.UsageInDoc(t, doc, "idemlab", run, "-lang", "en")
	clitest.UsageInDoc(t, doc, "idemlab mutate", run, "mutate")
	clitest.UsageInDoc(t, doc, "idemlab search", run, "search", "-lang", "en")
}

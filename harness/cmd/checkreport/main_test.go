package main

import (
	"io"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/checkreport"
)

// TestUsageInDoc: checkreport's manual shows this binary's -h output as
// it is.
func TestUsageInDoc(t *testing.T) {
	run := func(args []string, stdout, stderr io.Writer) int {
		return checkreport.Main(builtin.Labs, args, stdout, stderr)
	}
	clitest.UsageInDoc(t, "../../command/checkreport/doc.go", "checkreport", run)
}

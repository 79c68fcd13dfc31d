package main

import (
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/command/genmutants"
)

// TestUsageInDoc: genmutants's manual shows its -h output as it is.
func TestUsageInDoc(t *testing.T) {
	clitest.UsageInDoc(t, "../../command/genmutants/doc.go", "genmutants", genmutants.Main)
}

package main

import (
	"io"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/grade"
)

// TestUsageInDoc: grade's manual shows this binary's -h output, and grade
// merge's, as they are.
func TestUsageInDoc(t *testing.T) {
	run := func(args []string, stdout, stderr io.Writer) int {
		return grade.Main(builtin.Labs, args, stdout, stderr)
	}
	clitest.UsageInDoc(t, "../../command/grade/doc.go", "grade", run)
	clitest.UsageInDoc(t, "../../command/grade/doc.go", "grade merge", run, "merge")
}

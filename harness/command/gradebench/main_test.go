package main

import (
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/internal/clitest"
)

// TestExitStatuses: the command line's statuses, none of which runs the
// bench.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("gradebench"),
		clitest.Case{Args: []string{"-n", "0"}, Status: exitcode.Usage, Stderr: "-n 0"},
		clitest.Case{Args: []string{"class"}, Status: exitcode.Usage, Stderr: `"class"`},
	)...)
}

// TestUsageInREADME: the README shows gradebench's -h output as it is.
func TestUsageInREADME(t *testing.T) {
	clitest.UsageInREADME(t, "../../../README.md", "gradebench", run)
}

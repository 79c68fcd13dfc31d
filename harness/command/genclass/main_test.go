package main

import (
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/internal/clitest"
)

// TestExitStatuses: the command line's statuses, none of which writes a
// class.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("genclass"),
		clitest.Case{Status: exitcode.Usage, Stderr: "usage: genclass"},
		clitest.Case{Args: []string{"-n", "0", t.TempDir()}, Status: exitcode.Usage, Stderr: "-n 0"},
	)...)
}

// TestUsageInREADME: the README shows genclass's -h output as it is.
func TestUsageInREADME(t *testing.T) {
	clitest.UsageInREADME(t, "../../../README.md", "genclass", run)
}

package main

import (
	"testing"

	"idemlab/harness/internal/clitest"
	"idemlab/harness/internal/exitcode"
)

// TestExitStatuses: the command line's statuses, none of which runs the
// bench.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("mutbench"),
		clitest.Case{Args: []string{"-n", "0"}, Status: exitcode.Usage, Stderr: "-n 0"},
		clitest.Case{Args: []string{"-naive", "fast"}, Status: exitcode.Usage, Stderr: `-naive "fast"`},
		clitest.Case{Args: []string{"-run", "("}, Status: exitcode.Usage, Stderr: `-run "("`},
		clitest.Case{Args: []string{"sql-"}, Status: exitcode.Usage, Stderr: `"sql-"`},
	)...)
}

// TestUsageInREADME: the README shows mutbench's -h output as it is.
func TestUsageInREADME(t *testing.T) {
	clitest.UsageInREADME(t, "../../../README.md", "mutbench", run)
}

package main

import (
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
)

// TestExitStatuses: the command line's statuses, none of which builds a
// store.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("purgebench"),
		clitest.Case{Args: []string{"-sizes", "10000,5"}, Status: exitcode.Usage, Stderr: `-sizes: "5"`},
		clitest.Case{Args: []string{"-batch", "0"}, Status: exitcode.Usage, Stderr: "-batch 0"},
		clitest.Case{Args: []string{"-dir", "/no/such/folder"}, Status: exitcode.Usage, Stderr: "-dir /no/such/folder"},
		clitest.Case{Args: []string{"store.db"}, Status: exitcode.Usage, Stderr: `"store.db"`},
	)...)
}

// TestUsageInDoc: the manual shows purgebench's -h output as it is.
func TestUsageInDoc(t *testing.T) {
	clitest.UsageInDoc(t, "doc.go", "purgebench", run)
}

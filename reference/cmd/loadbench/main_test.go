package main

import (
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
)

// TestExitStatuses: the command line's statuses, none of which builds a
// store.
func TestExitStatuses(t *testing.T) {
	cases := clitest.Flags("loadbench")
	for _, bad := range [][]string{{"-backlog", "0"}, {"-duration", "0s"}, {"-ops", "0"}, {"-reservers", "0"},
		{"-batch", "101"}, {"-max-ratio", "NaN"}, {"-max-latency", "-1s"}, {"-dir", "/no/such/folder"}} {
		cases = append(cases, clitest.Case{Args: bad, Status: exitcode.Usage, Stderr: bad[0] + " " + bad[1]})
	}
	cases = append(cases, clitest.Case{Args: []string{"keys.db"}, Status: exitcode.Usage, Stderr: `"keys.db"`})
	clitest.Check(t, run, cases...)
}

// TestUsageInDoc: the manual shows loadbench's -h output as it is.
func TestUsageInDoc(t *testing.T) {
	clitest.UsageInDoc(t, "doc.go", "loadbench", run)
}

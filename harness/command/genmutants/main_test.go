package genmutants

import (
	"path/filepath"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
)

// TestExitStatuses: the command line's statuses, none of which writes a
// file; -h is never taken for a catalogue.
func TestExitStatuses(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "catalogue.json")
	clitest.Check(t, Main, append(clitest.Flags("genmutants"),
		clitest.Case{Status: exitcode.Usage, Stderr: "usage: genmutants"},
		clitest.Case{Args: []string{"a.json", "b.json"}, Status: exitcode.Usage, Stderr: "usage: genmutants"},
		clitest.Case{Args: []string{missing}, Status: exitcode.Usage, Stderr: "catalogue.json"},
	)...)
}

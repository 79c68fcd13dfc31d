package genclass

import (
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/mutants"
	"io"
)

// TestExitStatuses: the command line's statuses, none of which writes a
// class.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("genclass"),
		clitest.Case{Status: exitcode.Usage, Stderr: "usage: genclass"},
		clitest.Case{Args: []string{"-n", "0", t.TempDir()}, Status: exitcode.Usage, Stderr: "-n 0"},
	)...)
}

// testLabs are the labs this test binary has built in: the first lab
// (the default) and the counter lab, which no binary has.
var testLabs = lab.Registry{
	{Name: mutants.Lab().Name, Summary: "the first lab", Lab: mutants.Lab},
	{Name: counter.Lab().Name, Summary: "a test lab", Lab: counter.Lab},
}

// run is the command line of a binary with testLabs built in.
func run(args []string, stdout, stderr io.Writer) int { return Main(testLabs, args, stdout, stderr) }

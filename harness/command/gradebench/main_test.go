package gradebench

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/mutants"
	"io"
)

// TestExitStatuses: the command line's statuses, none of which runs the
// bench.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("gradebench"),
		clitest.Case{Args: []string{"-n", "0"}, Status: exitcode.Usage, Stderr: "-n 0"},
		clitest.Case{Args: []string{"class"}, Status: exitcode.Usage, Stderr: `"class"`},
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

// TestMain lets this test binary be gradebench's worker: gradebench
// starts itself again as "worker -lab NAME JOB".
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(Main(testLabs, os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestAnotherLab measures the grading of a small class of the counter
// lab, which no binary has built in, through Run, with workers in the
// sandbox: both runs grade alike, and both rates are printed.
func TestAnotherLab(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class twice")
	}
	var stdout, stderr bytes.Buffer
	status := Run(counter.Lab(), []string{"-n", "4", "-q"}, &stdout, &stderr)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if status != 0 || len(lines) != 3 {
		t.Fatalf("gradebench: exit %d, stdout %q, stderr %q; want 0 and three lines", status, stdout.String(), stderr.String())
	}
	for i, prefix := range []string{"lab counter, 4 submissions, 1 at a time: ", "lab counter, 4 submissions, ", "parallel over sequential: "} {
		if !strings.HasPrefix(lines[i], prefix) {
			t.Errorf("line %d: %q; want it to start %q", i+1, lines[i], prefix)
		}
	}
	if !strings.HasSuffix(lines[2], "(same grades in both runs)") {
		t.Errorf("last line %q; want the same grades in both runs", lines[2])
	}
}

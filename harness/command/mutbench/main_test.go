package mutbench

import (
	"os"
	"os/exec"
	"path/filepath"
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
	clitest.Check(t, run, append(clitest.Flags("mutbench"),
		clitest.Case{Args: []string{"-n", "0"}, Status: exitcode.Usage, Stderr: "-n 0"},
		clitest.Case{Args: []string{"-naive", "fast"}, Status: exitcode.Usage, Stderr: `-naive "fast"`},
		clitest.Case{Args: []string{"-run", "("}, Status: exitcode.Usage, Stderr: `-run "("`},
		clitest.Case{Args: []string{"sql-"}, Status: exitcode.Usage, Stderr: `"sql-"`},
	)...)
}

// TestNaiveTestCompiles type-checks the naive way's test (-naive observe)
// against the harness as it is now: a test that no longer compiles would
// make every sampled mutant look unviable, and the bench meaningless.
func TestNaiveTestCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the lab with go vet")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	// Inside the module, so that it imports the module's packages; the
	// leading "_" keeps it out of ./... patterns meanwhile.
	dir, err := os.MkdirTemp(root, "_mutbench-naive-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := writeNaiveTest(dir, mutants.Lab().Binding); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./"+filepath.Base(dir)+"/naive")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the naive test does not compile: %v\n%s", err, out)
	}
}

// testLabs are the labs this test binary has built in: the first lab
// (the default) and the counter lab, which no binary has.
var testLabs = lab.Registry{
	{Name: mutants.Lab().Name, Summary: "the first lab", Lab: mutants.Lab},
	{Name: counter.Lab().Name, Summary: "a test lab", Lab: counter.Lab},
}

// run is the command line of a binary with testLabs built in.
func run(args []string, stdout, stderr io.Writer) int { return Main(testLabs, args, stdout, stderr) }

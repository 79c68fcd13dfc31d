package gendocs

import (
	"io"
	"os"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
)

// TestExitStatuses: the command line's statuses; -h writes nothing.
func TestExitStatuses(t *testing.T) {
	run := func(args []string, stdout, stderr io.Writer) int {
		return Main(lab.Only(counter.Lab()), args, stdout, stderr)
	}
	clitest.Check(t, run, append(clitest.Flags("gendocs"),
		clitest.Case{Args: []string{"README.md"}, Status: exitcode.Usage, Stderr: "usage: gendocs"},
	)...)
}

// TestEveryCommandHasUsage: every command in harness/cmd has its -h output
// in its manual or the README, by an entry of Usages.
func TestEveryCommandHasUsage(t *testing.T) {
	shown := map[string]bool{}
	for _, u := range Usages {
		shown[u.Main] = true
	}
	entries, err := os.ReadDir("../../cmd")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "internal" && !shown["harness/cmd/"+e.Name()] {
			t.Errorf("harness/cmd/%s is not in Usages: no manual shows its -h output", e.Name())
		}
	}
}

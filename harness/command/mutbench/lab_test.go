package mutbench

import (
	"bytes"
	"strings"
	"testing"

	"idemlab/harness/labrun/testdata/counter"
)

// TestAnotherLab benchmarks the counter lab, which no binary has built
// in, through Run, on one sampled mutant the naive way: its generated
// mutants are the counter's source's, and both ways agree on the sample;
// idemlab mutate after an observation's edit gives a fresh run's verdicts.
func TestAnotherLab(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the counter's mutants and runs go test in a copy of the module")
	}
	var stdout, stderr bytes.Buffer
	status := Run(counter.Lab(), []string{"-n", "1", "-naive", "observe", "-q"}, &stdout, &stderr)
	out := stdout.String()
	if status != 0 {
		t.Fatalf("mutbench: exit %d\n%s%s", status, out, stderr.String())
	}
	for _, want := range []string{
		"mutbench: lab counter, ",
		" mutants of " + counter.Dir + "/counter.go, 10 observations, ",
		"go test -count=1 -run ^TestObservations$ ./naive in a copy of the module",
		"the two ways agree on 1 of the 1 sampled mutants",
		"(c) idemlab mutate with a verdict cache of its own",
		"the line at which it first killed ",
		"after the edit the verdicts equal a fresh run's of the edited observations",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout does not say %q:\n%s", want, out)
		}
	}
}

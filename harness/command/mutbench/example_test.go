package mutbench_test

import (
	"bytes"
	"fmt"

	"idemlab/harness/command/mutbench"
	"idemlab/harness/labrun/testdata/counter"
)

// mutbench on the counter lab, a lab no binary has built in, through
// Run: a -run that picks none of its generated mutants is a usage error,
// found before anything is built (a real run builds every mutant and runs
// go test once per sampled one: see TestAnotherLab).
func ExampleRun() {
	var stdout, stderr bytes.Buffer
	status := mutbench.Run(counter.Lab(), []string{"-run", "^no-such-mutant$", "-q"}, &stdout, &stderr)
	fmt.Print(status, " ", stderr.String())
	// Output:
	// 1 mutbench: -run "^no-such-mutant$": no mutant's id matches it (idemlab mutate -list shows them)
}

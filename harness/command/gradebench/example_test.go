package gradebench_test

import (
	"bytes"
	"fmt"
	"strings"

	"idemlab/harness/command/gradebench"
	"idemlab/harness/labrun/testdata/counter"
)

// A small class of the counter lab, a lab no binary has built in, graded
// twice through Run, each submission in a worker (this program again):
// the rates vary with the machine, the verdict does not.
func ExampleRun() {
	var stdout, stderr bytes.Buffer
	status := gradebench.Run(counter.Lab(), []string{"-n", "3", "-q"}, &stdout, &stderr)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	last := lines[len(lines)-1]
	fmt.Println(status, len(lines), last[strings.Index(last, "("):])
	// Output:
	// 0 3 (same grades in both runs)
}

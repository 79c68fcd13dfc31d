package checkreport_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"idemlab/harness/command/checkreport"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// The counter lab's kill report, checked against the checkout it came
// from through Run (the check runs in a worker: this program again).
func ExampleRun() {
	root, _ := filepath.Abs("../../..")
	plan, err := labrun.Prepare(labrun.Config{Lab: counter.Lab(), Root: root, Worksheets: []string{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := plan.Run()
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "checkreport-example-")
	defer os.RemoveAll(dir)
	report := filepath.Join(dir, "report.json")
	var b bytes.Buffer
	res.Report.JSON(&b)
	os.WriteFile(report, b.Bytes(), 0o644)

	var stdout, stderr bytes.Buffer
	status := checkreport.Run(counter.Lab(), []string{"-checkout", root, report}, &stdout, &stderr)
	fmt.Print(status, " ", stdout.String())
	// Output:
	// 0 ok: every input matches this checkout and a re-run gives the same report
}

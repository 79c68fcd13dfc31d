package genclass_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/command/genclass"
	"idemlab/harness/labrun/testdata/counter"
)

// A class of two submissions of the counter lab, a lab no binary has
// built in, written through Run.
func ExampleRun() {
	dir, err := os.MkdirTemp("", "genclass-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	var stdout, stderr bytes.Buffer
	status := genclass.Run(counter.Lab(), []string{"-n", "2", dir}, &stdout, &stderr)
	fmt.Print(status, " ", strings.ReplaceAll(stdout.String(), dir, "DIR"))
	files, _ := filepath.Glob(filepath.Join(dir, "student002", "*", "*"))
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		fmt.Println(filepath.ToSlash(rel))
	}
	// Output:
	// 0 wrote 2 submissions of lab counter in DIR
	// student002/student/files_are_separate_counters.txtar
}

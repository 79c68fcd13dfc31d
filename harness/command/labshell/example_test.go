package labshell_test

import (
	"fmt"
	"os"
	"path/filepath"

	"idemlab/harness/command/labshell"
	"idemlab/harness/labrun/testdata/counter"
)

// Run runs one line of a lab's own command: here the counter lab's ctr,
// on the reference and on the mutant labelled 2_result, which prints the
// value before the increment.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "labshell")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "n")
	l := counter.Lab()
	labshell.Run(l, []string{"-f", file, "inc"}, os.Stdout, os.Stderr)
	labshell.Run(l, []string{"-impl", "2_result", "-f", file, "inc"}, os.Stdout, os.Stderr)
	status := labshell.Run(l, []string{"-f", file, "dec"}, os.Stdout, os.Stdout)
	fmt.Println("status", status)
	// Output:
	// 1
	// 1
	// ctr: unknown command "dec"; did you mean "inc"?
	// usage: ctr [-f FILE] COMMAND [ARGS]
	//
	//   -f FILE                      the store file, relative to the current directory
	//                                (default counter)
	//
	// Commands:
	//   inc                          Add one to the counter; prints its new value.
	//   get                          Print the counter's value, 0 when its file does
	//                                not exist.
	//   reset                        Set the counter back to zero, removing its file.
	// status 2
}

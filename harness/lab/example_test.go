package lab_test

import (
	"bytes"
	"fmt"
	"os"

	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
)

// The counter lab, a second lab kept in the labrun package's test data,
// seen through the seam: its implementations, a mutant found by the label
// a worksheet writes, and its command run against two implementations.
func Example() {
	l := counter.Lab()
	if err := l.Check(); err != nil {
		fmt.Println(err)
		return
	}
	for _, impl := range l.Impls() {
		fmt.Println(impl.Name)
	}

	mutant, _ := l.Lookup("2_result")
	ctr, _ := l.Command("ctr")
	dir, err := os.MkdirTemp("", "lab-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	for _, impl := range []lab.Impl{l.Reference, mutant} {
		var out bytes.Buffer
		// Each implementation gets a counter file of its own in dir.
		if err := ctr.Run(impl, dir, []string{"-f", impl.Name, "inc"}, &out); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: ctr inc prints %s", impl.Name, out.String())
	}

	get, _ := ctr.Subcommand([]string{"-f", "x", "get"})
	fmt.Println("ctr get reads state:", get.ReadsState)
	// Output:
	// reference
	// 1_inc_passes_max
	// 2_inc_returns_old_value
	// 3_inc_saves_old_value
	// reference: ctr inc prints 1
	// 2_inc_returns_old_value: ctr inc prints 0
	// ctr get reads state: true
}

// Usage lays a command's table out in two columns.
func ExampleCommand_Usage() {
	fmt.Print(counter.Command().Usage())
	// Output:
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
}

// Check names everything that makes a lab unusable, at once.
func ExampleLab_Check() {
	l := &lab.Lab{Name: "empty", Commands: []lab.Command{{Name: "op"}}}
	fmt.Println(l.Check())
	// Output:
	// lab empty: no reference implementation; no catalogue; command "op" has no name or no Run; layout: no reference source; layout: want the lab's kinds of observation and a student's own kind, another folder
}

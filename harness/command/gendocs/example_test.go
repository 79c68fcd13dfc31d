package gendocs_test

import (
	"fmt"

	"idemlab/harness/command/gendocs"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
)

// The regions gendocs writes from tables in code for the counter lab
// alone: the README's tables (the first lab's, here the counter's) and
// its worksheet's field reference; the counter's command has no package
// of its own, so no command list. TableRegions only lists them: Main
// writes them.
func ExampleTableRegions() {
	rs, err := gendocs.TableRegions(lab.Only(counter.Lab()), "../../..")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rs {
		fmt.Println(r.File, r.Markers.Begin)
	}
	// Output:
	// README.md <!-- begin budgets:
	// README.md <!-- begin exit-codes:
	// harness/labrun/testdata/counter/worksheet.md <!-- begin fields:
	// README.md <!-- begin ctr-commands:
}

package writers_test

import (
	"fmt"
	"os"

	"idemlab/harness/grade"
	"idemlab/harness/writers"
)

// A command offers a registry's formats by name and writes with To; an
// unknown name is an error that lists the known ones.
func Example() {
	fmt.Println("reports:", writers.Reports.Names())
	fmt.Println("classes:", writers.Classes.Names())
	if _, err := writers.Reports.Lookup("pdf"); err != nil {
		fmt.Println(err)
	}

	class := &grade.Class{Schema: grade.Schema, Mutants: 8, Rows: []grade.Row{{Student: "alice", Graded: true, Predicted: 8, Right: 6, Total: 12}}}
	if err := writers.To(writers.Classes, "csv", "-", os.Stdout, class); err != nil {
		fmt.Println(err)
	}
	// Output:
	// reports: [text json html stryker]
	// classes: [table csv json]
	// format "pdf": want text, json, html, stryker
	// student,predicted,right,own_observations,refused,own_kills,mutants,held_out_kills,held_out,invalid,flaky,timeouts,flags,total
	// alice,8,6,0,0,0,8,0,0,0,0,0,,12
}

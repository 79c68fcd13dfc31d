package dashboard_test

import (
	"fmt"

	"idemlab/harness/dashboard"
	"idemlab/harness/grade"
	"idemlab/harness/labrun/testdata/counter"
)

// What the page draws for a class of three: ann predicted two mutants,
// one right and one with the wrong evidence; ben predicted one with a
// killer that does not kill it; cho handed nothing in.
func ExampleCompute() {
	class := &grade.Class{Rows: []grade.Row{
		{Student: "ann", Graded: true, Total: 3, Predictions: []grade.PredictionVerdict{
			{Mutant: "1_inc_passes_max", Right: true, Evidence: "return", Actual: "return", Recorded: "before"},
			{Mutant: "2_inc_returns_old_value", Miss: grade.MissEvidence, Evidence: "state", Actual: "return", Recorded: "after"},
		}, OwnKillers: []grade.OwnKiller{{Mutant: "1_inc_passes_max", Observations: []string{"student/max"}}}},
		{Student: "ben", Graded: true, Total: 1, Predictions: []grade.PredictionVerdict{
			{Mutant: "1_inc_passes_max", Miss: grade.MissKiller, Evidence: "error", Actual: "return"},
		}, OwnKillers: []grade.OwnKiller{{Mutant: "1_inc_passes_max", Observations: []string{"student/max"}}}},
		{Student: "cho"},
	}}
	d := dashboard.Compute(class, counter.Lab().Catalogue)
	fmt.Printf("%d students, %d graded; totals: %v\n", d.Students, d.Graded, d.Totals)
	for _, m := range d.Mutants {
		fmt.Printf("%s: right %d, wrong killer %d, wrong evidence %d, unpredicted %d; before %d, after %d; killed by %d %v\n",
			m.Label, m.Right, m.WrongKiller, m.WrongEvidence, m.Unpredicted, m.Before, m.After, m.Killed, m.Killers)
	}
	fmt.Println("confusion (return, error, state predicted):", d.Confusion)
	// Output:
	// 3 students, 2 graded; totals: [{0 1 1} {1 2 1} {2 3 0} {3 4 1}]
	// 1_limit: right 1, wrong killer 1, wrong evidence 0, unpredicted 0; before 1, after 0; killed by 2 [{student/max 2}]
	// 2_result: right 0, wrong killer 0, wrong evidence 1, unpredicted 1; before 0, after 1; killed by 0 []
	// 3_save: right 0, wrong killer 0, wrong evidence 0, unpredicted 2; before 0, after 0; killed by 0 []
	// confusion (return, error, state predicted): [[1 0 0 0] [1 0 0 0] [1 0 0 0]]
}

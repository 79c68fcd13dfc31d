package classroom_test

import (
	"fmt"
	"os"

	"idemlab/harness/classroom"
	"idemlab/harness/grade"
	"idemlab/harness/labrun/testdata/counter"
)

// The points file of one graded repository: each step of the workflow
// greps its line, or takes its penalty.
func ExampleWrite() {
	row := grade.Row{Student: "submission", Graded: true, Right: 1, OwnKills: 1, Invalid: 2, Total: 1,
		Killed:      []string{"1_inc_passes_max"},
		Predictions: []grade.PredictionVerdict{{Mutant: "1_inc_passes_max", Right: true, Recorded: "before"}, {Mutant: "3_inc_saves_old_value", Miss: grade.MissKiller}}}
	class := &grade.Class{Rubric: grade.DefaultRubric, Rows: []grade.Row{row}}
	if err := classroom.Write(os.Stdout, class, counter.Lab().Catalogue); err != nil {
		fmt.Println(err)
	}
	steps, _ := classroom.Steps(counter.Lab().Catalogue, grade.DefaultRubric)
	fmt.Println(steps[0].Name+":", steps[0].Command)
	// Output:
	// pass prediction 1_inc_passes_max
	// fail prediction 2_inc_returns_old_value
	// fail prediction 3_inc_saves_old_value
	// pass kill 1_inc_passes_max
	// fail kill 2_inc_returns_old_value
	// fail kill 3_inc_saves_old_value
	// points after_reveal 0
	// points invalid -2
	// points timeouts 0
	// points flags 0
	// Prediction 1_limit: grep -qxF 'pass prediction 1_inc_passes_max' .idemlab/points.txt
}

package grade_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"idemlab/harness/command/grade"
	"idemlab/harness/labrun/testdata/counter"
)

// One submission of the counter lab, a lab no binary has built in, graded
// through Run (its worker is this program again, as grade's always is):
// the student predicted one mutant right, and a copy of the lab's own
// observation kills all three of its mutants.
func ExampleRun() {
	class, err := os.MkdirTemp("", "grade-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(class)
	sub := filepath.Join(class, "ana")
	os.MkdirAll(filepath.Join(sub, "student"), 0o755)
	os.WriteFile(filepath.Join(sub, "worksheet.md"), []byte("```prediction\nmutant: 1_inc_passes_max\nkiller: edge/inc_at_max_is_refused\nevidence: error\nreason: the limit\n```\n"), 0o644)
	obs, _ := os.ReadFile("../../labrun/testdata/counter/observations/edge/inc_at_max_is_refused.txtar")
	os.WriteFile(filepath.Join(sub, "student", "at_max.txtar"), obs, 0o644)

	// ana hands in no prediction history (the lab writes one whenever it
	// shows an answer), so her right prediction is not shown to come
	// before its answer: it earns the rubric's prediction_after_reveal
	// (0), and a flag says why.
	var stdout, stderr bytes.Buffer
	status := grade.Run(counter.Lab(), []string{"-q", "-format", "csv", class}, &stdout, &stderr)
	fmt.Print(status, "\n", stdout.String())
	// Output:
	// 0
	// student,predicted,right,own_observations,refused,own_kills,mutants,held_out_kills,held_out,invalid,flaky,timeouts,flags,total
	// ana,1,1,1,0,3,3,0,0,0,0,0,history: none handed in: the predictions of 1_limit count as after their answers,3
}

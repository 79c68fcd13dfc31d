package gradescope_test

import (
	"fmt"

	"idemlab/harness/grade"
	"idemlab/harness/gradescope"
	"idemlab/harness/heldout"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/mutation"
)

// The results of one graded submission: a test per prediction (a right
// one recorded after its answer was revealed earns the rubric's
// prediction_after_reveal, 0 by default), per own kill, per held-out
// mutant (with its tier's visibility) and per penalty; they add up to the
// score. Which of the student's observations kill a mutant whose
// prediction came after its answer is shown after the due date, as is
// every answer, in the last test.
func ExampleFrom() {
	cat := counter.Lab().Catalogue
	hidden := heldout.Mutant{Mutant: mutation.Mutant{Name: "9_kept_back", Visibility: mutation.Hidden}}
	row := grade.Row{Student: "submission", Graded: true, Right: 2, AfterReveal: 1, RightAfterReveal: 1, OwnKills: 1, HeldOutKills: 1, Invalid: 1, Total: 4,
		Killed: []string{"1_inc_passes_max"}, KilledHeldOut: []string{"9_kept_back"},
		OwnKillers: []grade.OwnKiller{{Mutant: "1_inc_passes_max", Observations: []string{"student/max"}}, {Mutant: "9_kept_back", Observations: []string{"student/max"}}},
		Predictions: []grade.PredictionVerdict{
			{Mutant: "1_inc_passes_max", Right: true, Evidence: "return", Actual: "return", Recorded: "before"},
			{Mutant: "2_inc_returns_old_value", Miss: grade.MissEvidence, Evidence: "state", Actual: "return", Recorded: "after"},
			{Mutant: "3_inc_saves_old_value", Right: true, Evidence: "return", Actual: "return", Recorded: "after"},
		}}
	class := &grade.Class{Rubric: grade.DefaultRubric, HeldOut: []heldout.Mutant{hidden}, Rows: []grade.Row{row}}
	r, err := gradescope.From(class, cat, []byte("the feedback"), []byte("every answer"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("score:", r.Score)
	for _, t := range r.Tests {
		fmt.Printf("%s. %s: %v/%v %s (%s) %s\n", t.Number, t.Name, t.Score, t.MaxScore, t.Status, t.Visibility, t.Output)
	}
	// Output:
	// score: 4
	// 1. Prediction: 1_limit: 2/2 passed (visible) Right: the observation you predicted kills it, with return evidence, as you predicted.
	// (recorded before its answer was first revealed on this checkout)
	// 2. Prediction: 2_result: 0/2 failed (visible) Wrong kind of evidence: you predicted state, and it shows return.
	// (recorded after its answer was first revealed on this checkout)
	// 3. Prediction: 3_save: 0/2 passed (visible) Right: the observation you predicted kills it, with return evidence, as you predicted.
	// (recorded after its answer was first revealed on this checkout)
	// 4. Your observations kill 1_limit: 1/1 passed (visible) Killed by student/max.
	// 5. Your observations kill 2_result: 0/1 failed (after_due_date) It survives your observations.
	// 6. Your observations kill 3_save: 0/1 failed (after_due_date) It survives your observations.
	// 7. Your observations kill the held-out mutant 9_kept_back: 2/2 passed (hidden) Killed by student/max.
	// 8. Penalty: invalid observations (they fail on the reference): -1/0 failed (visible) 1 of them, -1 each.
	// 9. Penalty: observations that timed out: 0/0 passed (visible) 0 of them, -1 each.
	// 10. Every mutant's answer (shown after the due date): 0/0 passed (after_due_date) every answer
}

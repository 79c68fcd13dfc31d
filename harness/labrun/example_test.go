package labrun_test

import (
	"fmt"

	"idemlab/harness/i18n"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/report"
)

// A whole run of the counter lab, the small second lab in this package's
// test data, as the idemlab command makes one: Prepare reads the
// observations and the worksheet, Run judges every mutant and builds the
// report.
func Example() {
	plan, err := labrun.Prepare(labrun.Config{
		Lab:  counter.Lab(),
		Root: "../..", // the module root, from this package's folder
		View: report.Instructor,
		Lang: i18n.English,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(plan.Observations), "observations,", len(plan.Sheet.Predictions), "predictions")
	res, err := plan.Run()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("gate:", res.Matrix.Gate())
	fmt.Println(res.Report.SummaryLine())
	fmt.Println(res.Report.ScoreLine())
	for _, v := range res.Report.Verdicts {
		if !v.Right {
			fmt.Print(res.Report.Lesson(v))
		}
	}
	// Output:
	// 10 observations, 3 predictions
	// gate: <nil>
	// 3 mutants: 3 killed, 0 survived, 0 timeout, 0 invalid
	// predictions: 2/3 right (3 recorded); own observations kill 0/3 mutants (0 written, 0 count)
	// mutant 3_save (3_inc_saves_old_value: writes back the value before the increment): your prediction at harness/labrun/testdata/counter/worksheet.md:32 is wrong
	//   predicted: happy/inc_then_get kills it, with return evidence
	//   actual:    happy/inc_then_get kills it at harness/labrun/testdata/counter/observations/happy/inc_then_get.txtar:7 (stdout '^1$'), state evidence
	//              happy/files_are_separate_counters kills it at harness/labrun/testdata/counter/observations/happy/files_are_separate_counters.txtar:8 (stdout '^2$'), state evidence
	//              edge/inc_at_max_is_refused kills it at harness/labrun/testdata/counter/observations/edge/inc_at_max_is_refused.txtar:7 (stdout '^3$'), return evidence
	//   wrong:     happy/inc_then_get kills it as you said, but the evidence is state, not return: the line that fails, harness/labrun/testdata/counter/observations/happy/inc_then_get.txtar:7 (stdout '^1$'), checks the output of ctr get, which is the store's state, read afterwards by ctr get; return evidence would be a value an operation printed
	//   where the reference and the mutant first differ, in happy/inc_then_get (its command 2 and after):
	//     ctr get
	//       reference: 1
	//       mutant:    0
	//   hint:      After an increment, read the counter back: what does the file hold?
}

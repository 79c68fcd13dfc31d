package report_test

import (
	"fmt"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// The counter lab's kill matrix made into a report, with one prediction,
// then seen in the student's view: the mutant predicted shows how it
// dies, the others only whether they died, under their neutral IDs.
func Example() {
	l := counter.Lab()
	obs, err := labrun.LabObservations(l, "../..")
	if err != nil {
		fmt.Println(err)
		return
	}
	m := killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{})
	sheet, err := predict.Parse("worksheet.md", []byte("```prediction\n"+
		"mutant: 2_result\nkiller: happy/inc_then_get\nevidence: return\nreason: the first inc prints 0\n```\n"),
		labrun.Known(l, obs))
	if err != nil {
		fmt.Println(err)
		return
	}

	full := report.New(m, l.Catalogue, sheet, nil) // the instructor's view, in English
	fmt.Println(full.SummaryLine())
	fmt.Println(full.ScoreLine())

	student := full.For(report.Student)
	for _, mu := range student.Mutants {
		fmt.Printf("%s: %s, concealed %v, %d killers shown\n", mu.ID(), mu.Outcome, mu.Concealed, len(mu.KilledBy))
	}
	student.Localize(i18n.Chinese)
	fmt.Println(student.ScoreLine())
	// Output:
	// 3 mutants: 3 killed, 0 survived, 0 timeout, 0 invalid
	// predictions: 1/3 right (1 recorded); own observations kill 0/3 mutants (0 written, 0 count)
	// 1_limit: killed, concealed true, 0 killers shown
	// 2_result: killed, concealed false, 3 killers shown
	// 3_save: killed, concealed true, 0 killers shown
	// 预测：1/3 正确（已记录 1 个）；你自己的观测杀死了 0/3 个变异体（共编写 0 个，其中 0 个计入）
}

package predict_test

import (
	"fmt"

	"idemlab/harness/predict"
)

// worksheetKnown is what the worksheets below may name: two mutants, by their
// labels, and three observations.
var worksheetKnown = predict.Known{
	Mutants: []string{"4_fetch_replays_at_expiry", "7_counts_hides_pending"},
	Labels:  map[string]string{"4_fetch": "4_fetch_replays_at_expiry", "7_counts": "7_counts_hides_pending"},
	Observations: []string{
		"edge/fetch_at_expiry_is_nil", "edge/counts_sees_pending", "happy/finish_then_fetch_replays",
	},
	Dir: "testdata",
}

// A worksheet with one filled block and one left empty. The killer may be
// written as kind/name or as the observation's file; either way it is
// read as kind/name.
func ExampleParse() {
	worksheet := []byte("# Step 4\n" +
		"\n" +
		"```prediction\n" +
		"mutant: 4_fetch\n" +
		"killer: testdata/edge/fetch_at_expiry_is_nil.txtar\n" +
		"evidence: Return\n" +
		"reason: at now == expires the mutant still replays the response\n" +
		"survives: happy/finish_then_fetch_replays\n" +
		"```\n" +
		"\n" +
		"# Step 7\n" +
		"\n" +
		"```prediction\n" +
		"mutant: 7_counts\n" +
		"killer:\n" +
		"evidence:\n" +
		"reason:\n" +
		"```\n")
	sheet, err := predict.Parse("worksheet.md", worksheet, worksheetKnown)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range sheet.Predictions {
		fmt.Printf("%s (written %s) at %s\n", p.Mutant, p.Wrote, p.Pos)
		fmt.Printf("  killer %s, %s evidence, survives %v\n", p.Killer, p.Evidence, p.Survives)
	}
	fmt.Println("unfilled:", sheet.Unfilled)
	// Output:
	// 4_fetch_replays_at_expiry (written 4_fetch) at worksheet.md:3
	//   killer edge/fetch_at_expiry_is_nil, return evidence, survives [happy/finish_then_fetch_replays]
	// unfilled: [7_counts_hides_pending]
}

// A malformed block is reported at its line, every problem at once, with
// a "did you mean" for a near miss. Parse then returns no sheet; Read,
// which a grader uses, returns what it could read beside the problems.
func ExampleRead() {
	worksheet := []byte("```prediction\n" +
		"mutant: 4_fetch\n" +
		"killer: edge/fetch_at_expiry_is_nill\n" +
		"evidence: value\n" +
		"reason: the boundary\n" +
		"```\n" +
		"\n" +
		"```prediction\n" +
		"mutant: 7_counts\n" +
		"killer: edge/counts_sees_pending\n" +
		"evidence: state\n" +
		"reason: counts reads the table\n" +
		"```\n" +
		"\n" +
		"```Prediction\n" +
		"mutant: 7_counts\n" +
		"```\n")
	sheet, problems := predict.Read([]predict.Source{{File: "worksheet.md", Data: worksheet}}, worksheetKnown)
	for _, p := range problems {
		fmt.Println(p.Text())
	}
	fmt.Println(len(sheet.Predictions), "prediction read:", sheet.Predictions[0].Mutant)
	// Output:
	// worksheet.md:3: killer: unknown observation "edge/fetch_at_expiry_is_nill" (did you mean edge/fetch_at_expiry_is_nil?); want kind/name of a file in testdata/happy, testdata/edge or testdata/student
	// worksheet.md:4: evidence "value": want return, error or state
	// worksheet.md:15: a code block marked Prediction: did you mean prediction? This one is not read
	// 1 prediction read: 7_counts_hides_pending
}

// A student may name an observation by kind/name or by its file, by any
// path that ends in its kind's folder.
func ExampleObservationName() {
	for _, s := range []string{"edge/fetch_at_expiry_is_nil", "testdata/edge/fetch_at_expiry_is_nil.txtar", `.\edge\fetch_at_expiry_is_nil.txtar`} {
		fmt.Println(predict.ObservationName(s))
	}
	// Output:
	// edge/fetch_at_expiry_is_nil
	// edge/fetch_at_expiry_is_nil
	// edge/fetch_at_expiry_is_nil
}

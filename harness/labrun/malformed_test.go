package labrun_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/schematest"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// TestMalformedBlockBesideWellFormedOnes: one prediction block that does
// not read hides nothing else. The student's run judges the well-formed
// blocks, as grade does, and lists the malformed one at its file:line in
// the report (the text, and the JSON's worksheet_problems).
func TestMalformedBlockBesideWellFormedOnes(t *testing.T) {
	sheet := filepath.Join(t.TempDir(), "worksheet.md")
	text := "# mine\n\n```prediction\nmutant: 2_result\nkiller: happy/inc_then_get\nevidence: return\nreason: the first inc prints 0\n```\n\n" +
		"```prediction\nmutant: 3_save\nkiller: happy/nope\nevidence: maybe\n```\n"
	if err := os.WriteFile(sheet, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	plan, err := labrun.Prepare(labrun.Config{Lab: counter.Lab(), Root: "../..", Worksheets: []string{sheet}, Lang: "en"})
	if err != nil {
		t.Fatalf("a malformed block stopped the run: %v", err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report
	var judged []string
	for _, v := range r.Verdicts {
		judged = append(judged, v.Prediction.Wrote)
	}
	if diff := cmp.Diff([]string{"2_result"}, judged); diff != "" {
		t.Errorf("judged predictions (-want +got):\n%s", diff)
	}
	var problems []string
	for _, p := range r.WorksheetProblems {
		problems = append(problems, p.Message)
	}
	dir := "harness/labrun/testdata/counter/observations/"
	want := []string{ // as read: a block's missing fields first
		filepath.ToSlash(sheet) + `:13: the prediction for 3_save is missing reason (fill every field but survives, or none)`,
		filepath.ToSlash(sheet) + `:12: killer: unknown observation "happy/nope"; want kind/name of a file in ` + dir + `happy, ` + dir + `edge or ` + dir + `student`,
		filepath.ToSlash(sheet) + `:13: evidence "maybe": want return, error or state`,
	}
	if diff := cmp.Diff(want, problems); diff != "" {
		t.Errorf("worksheet problems (-want +got):\n%s", diff)
	}
	var out bytes.Buffer
	if err := r.Text(&out); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"mutant 2_result", "not judged (the other blocks are)", "\n  " + want[1] + "\n  " + want[0] + "\n  " + want[2] + "\n"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("the text lacks %q (the problems in line order):\n%s", s, out.String())
		}
	}
	var js bytes.Buffer
	if err := r.JSON(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"worksheet_problems"`) {
		t.Errorf("the JSON has no worksheet_problems:\n%.2000s", js.String())
	}
	schematest.Validate(t, "../schemas/report.schema.json", js.Bytes())
}

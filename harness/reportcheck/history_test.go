package reportcheck_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/predict"
	"idemlab/harness/reportcheck"
	"idemlab/harness/submission"
)

// TestCheckRecomputesRecorded: whether each prediction came before its
// answer is read again from the checkout's prediction history, not taken
// from the report. The counter lab's worksheet predicts 1_limit, 2_result
// and 3_save; its history shows 2_result's answer (-reveal) before any
// prediction, so that verdict is "after". The report as written is ok;
// edited from "after" to "before" it is TAMPERED, naming the field; and
// with the history gone, nothing backs the report's "before"s.
func TestCheckRecomputesRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the counter lab")
	}
	l := counter.Lab()
	dir := copyCheckout(t, root(t))
	history := labrun.HistoryFile(l, dir)
	shown, ok := l.Lookup("2_result")
	if !ok {
		t.Fatal("the counter lab has no mutant labelled 2_result")
	}
	h := predict.NewHistory()
	h.Record(&predict.Sheet{}, []string{shown.Name}, map[string]string{shown.Name: predict.ByReveal}, time.Now().UTC().Add(-time.Hour).Truncate(time.Second))
	if err := h.Save(history); err != nil {
		t.Fatal(err)
	}
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: dir, History: history})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.Report.JSON(&b); err != nil {
		t.Fatal(err)
	}
	var recorded []string
	for _, v := range res.Report.Verdicts {
		recorded = append(recorded, v.Prediction.Mutant+" "+v.Recorded)
	}
	if diff := cmp.Diff([]string{"1_inc_passes_max before", shown.Name + " after", "3_inc_saves_old_value before"}, recorded); diff != "" {
		t.Fatalf("the report's verdicts (-want +got):\n%s", diff)
	}
	laundered := edit(t, b.Bytes(), func(r map[string]any) {
		object(t, list(t, r["verdicts"])[1])["recorded"] = "before"
	})
	vet := submission.Reader{Lab: l, Limits: submission.DefaultLimits}.Vet
	check := func(data []byte) []reportcheck.Difference {
		t.Helper()
		res, err := reportcheck.Check(l, dir, data, killmatrix.Options{}, vet)
		if err != nil {
			t.Fatalf("Check: %v", err)
		}
		if (res.Verdict == reportcheck.OK) != (len(res.Differences) == 0) {
			t.Errorf("verdict %s with differences %v", res.Verdict, res.Differences)
		}
		return res.Differences
	}
	got := map[string][]reportcheck.Difference{"as written": check(b.Bytes()), "after edited to before": check(laundered)}
	if err := os.Remove(history); err != nil {
		t.Fatal(err)
	}
	got["history deleted"] = check(b.Bytes())
	want := map[string][]reportcheck.Difference{
		"as written":             nil,
		"after edited to before": {{Path: "verdicts[1].recorded", Report: `"before"`, Rerun: `"after"`}},
		"history deleted": {
			{Path: "verdicts[0].recorded", Report: `"before"`},
			{Path: "verdicts[1].recorded", Report: `"after"`},
			{Path: "verdicts[2].recorded", Report: `"before"`},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("differences Check finds (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(history); err == nil {
		t.Errorf("Check wrote a history in the checkout: %s", filepath.Base(history))
	}
}

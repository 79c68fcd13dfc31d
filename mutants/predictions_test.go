package mutants_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/labtest"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestExampleWorksheet runs the lab against the filled example worksheet
// in mutants/testdata/answers, which holds right and wrong predictions on purpose,
// and one valid and one broken observation of a student's own.
func TestExampleWorksheet(t *testing.T) {
	example := filepath.Join(root, "mutants", "testdata", "answers")
	sheet := filepath.Join(example, "worksheet.md")
	res := labtest.StudentRun(t, mutants.Lab(), filepath.Join(example, killmatrix.KindStudent), labrun.Config{Worksheets: []string{sheet}})
	r := res.Full

	right := map[string]bool{}
	problems := map[string]string{}
	for _, v := range r.Verdicts {
		right[v.Prediction.Mutant] = v.Right
		var msgs []string
		for _, f := range v.Problems {
			msgs = append(msgs, f.Message)
		}
		problems[v.Prediction.Mutant] = strings.Join(msgs, "; ")
	}
	wantRight := map[string]bool{
		"1_init_fails_twice":          true,
		"2_reserve_replaces_existing": false,
		"4_fetch_replays_at_expiry":   false,
		"6_purge_deletes_pending":     true,
		"7_counts_hides_pending":      false,
	}
	if diff := cmp.Diff(wantRight, right); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s\nproblems: %v", diff, problems)
	}
	for mutant, want := range map[string]string{
		"2_reserve_replaces_existing": "edge/reserve_pending_key_again_is_refused",
		"4_fetch_replays_at_expiry":   "edge/fetch_pending_is_nil passes on this mutant",
		"7_counts_hides_pending":      "state",
	} {
		if !strings.Contains(problems[mutant], want) {
			t.Errorf("%s: problems %q, want them to say %q", mutant, problems[mutant], want)
		}
	}
	if diff := cmp.Diff([]string{"8_cycle_purges_too_early"}, r.Predictions.Unfilled); diff != "" {
		t.Errorf("unfilled (-want +got):\n%s", diff)
	}
	n := len(mutants.Lab().Catalogue.Mutants)
	wantScore := report.Score{Mutants: n, Predictable: n, Predicted: 5, Right: 2, OwnObservations: 2, OwnValid: 1, OwnKills: 1}
	if diff := cmp.Diff(wantScore, r.Score); diff != "" {
		t.Errorf("score (-want +got):\n%s", diff)
	}

	// The broken observation expects the step 4 mutant's behaviour, and
	// the report names that misconception with the mutant's hint.
	if len(r.Uncounted) != 1 || r.Uncounted[0].Observation != "student/fetch_at_expiry_still_replays" || r.Uncounted[0].Status != "broken" {
		t.Fatalf("uncounted observations = %+v, want student/fetch_at_expiry_still_replays broken", r.Uncounted)
	}
	// Named from the module root, as the lab's own observations are,
	// though go test runs in mutants/.
	if pos := r.Uncounted[0].Pos; !strings.HasPrefix(pos, "mutants/testdata/answers/student/fetch_at_expiry_still_replays.txtar:") {
		t.Errorf("the broken observation is at %s, want mutants/testdata/answers/student/...", pos)
	}
	var shared []string
	for _, s := range r.Uncounted[0].SharedWith {
		shared = append(shared, s.Mutant)
	}
	if diff := cmp.Diff([]string{"4_fetch_replays_at_expiry"}, shared); diff != "" {
		t.Errorf("misconceptions (-want +got):\n%s", diff)
	}

	// The wrong fetch prediction shows where reference and mutant part
	// ways in the real killer: the fetch at the boundary.
	for _, v := range r.Verdicts {
		if v.Prediction.Mutant != "4_fetch_replays_at_expiry" {
			continue
		}
		d := v.Divergence
		if d == nil || d.Observation != "edge/fetch_at_expiry_is_nil" || len(d.Steps) == 0 {
			t.Fatalf("divergence = %+v, want edge/fetch_at_expiry_is_nil, step by step", d)
		}
		last := d.Steps[len(d.Steps)-1]
		if strings.Join(last.Reference.Args, " ") != "idem fetch k1 10" || last.Reference.Stdout != "null\n" || !strings.Contains(last.Mutant.Stdout, "receipt") {
			t.Errorf("last step = %+v, want idem fetch k1 10 printing null on the reference and the receipt on the mutant", last)
		}
	}

	var text bytes.Buffer
	if err := res.Report.Text(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"4_fetch",
		"where the reference and the mutant first differ, in edge/fetch_at_expiry_is_nil",
		"student/fetch_at_expiry_still_replays",
		"Fetch at now equal to expires exactly",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
}

package mutants_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// worksheets are where students record predictions.
var worksheets = []string{filepath.Join(root, "worksheet.md"), filepath.Join(root, "worksheet.zh-CN.md")}

// lab runs the lab's observations plus those of kind student found under
// studentRoot, and parses the worksheets' predictions against them.
func lab(t *testing.T, studentRoot string, sheets []string) (*killmatrix.Matrix, *predict.Sheet) {
	t.Helper()
	obs, err := killmatrix.Discover(filepath.Join(root, "testdata"), killmatrix.LabKinds...)
	if err != nil {
		t.Fatal(err)
	}
	own, err := killmatrix.Discover(studentRoot, killmatrix.KindStudent)
	if err != nil {
		t.Fatal(err)
	}
	obs = append(obs, own...)
	known := predict.Known{}
	for _, m := range mutants.Lab().Mutants {
		known.Mutants = append(known.Mutants, m.Name)
	}
	for _, o := range obs {
		known.Observations = append(known.Observations, o.Name)
	}
	sheet, err := predict.ParseFiles(sheets, known)
	if err != nil {
		// A malformed worksheet fails here, every problem as file:line.
		t.Fatalf("fix the worksheet before anything runs:\n%v", err)
	}
	if len(sheet.Predictions) == 0 {
		return nil, sheet
	}
	l := mutants.Lab()
	return killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{}), sheet
}

// TestPredictions compares every prediction recorded in the worksheets with
// what the lab shows. A wrong prediction fails with the lesson: what was
// predicted, what happened, and where the reference and the mutant first
// differ. A right one passes quietly; go test -v shows every comparison.
func TestPredictions(t *testing.T) {
	m, sheet := lab(t, filepath.Join(root, "testdata"), worksheets)
	if len(sheet.Predictions) == 0 {
		t.Skip("no predictions recorded yet: fill the prediction blocks in worksheet.md (see its section \"How to record a prediction\"), then run go test ./...")
	}
	hints := map[string]string{}
	for _, c := range mutants.Lab().Catalogue.Mutants {
		hints[c.Name] = c.Hint.String()
	}
	for _, p := range sheet.Predictions {
		t.Run(p.Mutant, func(t *testing.T) {
			v := predict.Compare(m, p)
			if !v.Right {
				t.Error("\n" + v.Lesson(hints[p.Mutant]))
				return
			}
			t.Log("\n" + v.Lesson(""))
		})
	}
	if len(sheet.Unfilled) > 0 {
		t.Logf("still without a prediction: %s", strings.Join(sheet.Unfilled, ", "))
	}
}

// TestExampleWorksheet runs the lab against the filled example worksheet
// in testdata/example, which holds right and wrong predictions on purpose,
// and one valid and one invalid observation of a student's own.
func TestExampleWorksheet(t *testing.T) {
	example := filepath.Join(root, "testdata", "example")
	m, sheet := lab(t, example, []string{filepath.Join(example, "worksheet.md")})
	r := report.New(m, mutants.Lab().Catalogue, sheet, nil)

	right := map[string]bool{}
	problems := map[string]string{}
	for _, v := range r.Verdicts {
		right[v.Prediction.Mutant] = v.Right
		problems[v.Prediction.Mutant] = strings.Join(v.Problems, "; ")
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
		"2_reserve_replaces_existing": "you expected it to survive edge/reserve_pending_key_again_is_refused, but that kills it",
		"4_fetch_replays_at_expiry":   "edge/fetch_pending_is_nil passes on this mutant",
		"7_counts_hides_pending":      "the evidence is state, not return",
	} {
		if !strings.Contains(problems[mutant], want) {
			t.Errorf("%s: problems %q, want them to say %q", mutant, problems[mutant], want)
		}
	}

	if diff := cmp.Diff([]string{"8_cycle_purges_too_early"}, sheet.Unfilled); diff != "" {
		t.Errorf("unfilled (-want +got):\n%s", diff)
	}
	wantScore := report.Score{Mutants: 8, Predictable: 8, Predicted: 5, Right: 2, OwnObservations: 1, OwnKills: 1}
	if diff := cmp.Diff(wantScore, r.Score); diff != "" {
		t.Errorf("score (-want +got):\n%s", diff)
	}
	if got, want := r.Score.String(), "predictions: 2/8 right (5 recorded); own observations kill 1/8 mutants (1 written)"; got != want {
		t.Errorf("score line = %q, want %q", got, want)
	}

	// The invalid observation expects the step 4 mutant's behaviour, and
	// the report names that misconception with the mutant's hint.
	if len(r.Invalid) != 1 || r.Invalid[0].Observation != "student/fetch_at_expiry_still_replays" {
		t.Fatalf("invalid observations = %+v, want student/fetch_at_expiry_still_replays", r.Invalid)
	}
	var shared []string
	for _, s := range r.Invalid[0].SharedWith {
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
		if d == nil || d.Observation != "edge/fetch_at_expiry_is_nil" || d.Command != "idem fetch k1 10" {
			t.Fatalf("divergence = %+v, want edge/fetch_at_expiry_is_nil at idem fetch k1 10", d)
		}
		if !strings.Contains(d.Diff, `-`) || !strings.Contains(d.Diff, `"null\n"`) || !strings.Contains(d.Diff, `receipt`) {
			t.Errorf("diff does not show null against the replayed receipt:\n%s", d.Diff)
		}
	}

	var text bytes.Buffer
	if err := r.Text(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"mutant 7_counts_hides_pending: your prediction at " + filepath.Join(example, "worksheet.md"),
		"(-reference +mutant)",
		"INVALID student/fetch_at_expiry_still_replays",
		"it passes on 4_fetch_replays_at_expiry, so you expect that mutant's behaviour. Hint: Fetch at now equal to expires exactly",
		"No prediction yet for: 3_finish_overwrites_done, 5_expired_descending, 8_cycle_purges_too_early",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
}

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
	"idemlab/labs/lease/mutants"
)

// TestExampleWorksheet is a student's trial of the Chinese worksheet:
// labs/lease/mutants/testdata/answers holds it filled with right and wrong
// predictions on purpose, and two observations of the student's own, one
// valid and one that expects a mutant's behaviour. The verdicts, the
// score, the misconception and the lessons, in Chinese, are checked.
func TestExampleWorksheet(t *testing.T) {
	example := filepath.Join(root, mutants.Dir, "mutants", "testdata", "answers")
	sheet := filepath.Join(example, "worksheet.zh-CN.md")
	res := labtest.StudentRun(t, mutants.Lab(), filepath.Join(example, killmatrix.KindStudent), labrun.Config{Worksheets: []string{sheet}})
	r := res.Full
	if r.Meta.Lang != "zh-CN" {
		t.Errorf("the report's language is %q, want zh-CN: the predictions are in the Chinese worksheet", r.Meta.Lang)
	}

	right := map[string]bool{}
	codes := map[string][]string{}
	for _, v := range r.Verdicts {
		right[v.Prediction.Mutant] = v.Right
		for _, f := range v.Problems {
			codes[v.Prediction.Mutant] = append(codes[v.Prediction.Mutant], f.Code)
		}
	}
	wantRight := map[string]bool{
		"1_claim_lease_born_lapsed":    true,
		"2_renew_at_lapse":             false,
		"4_finish_accepts_stale_token": true,
		"5_fetch_hides_failed":         false,
		"7_compensate_live_lease":      true,
	}
	if diff := cmp.Diff(wantRight, right); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s\nproblems: %v", diff, codes)
	}
	if diff := cmp.Diff(map[string][]string{"2_renew_at_lapse": {"wrong-evidence"}, "5_fetch_hides_failed": {"killer-survived-same-command"}}, codes); diff != "" {
		t.Errorf("problem codes (-want +got):\n%s", diff)
	}
	n := len(mutants.Lab().Catalogue.Mutants)
	wantScore := report.Score{Mutants: n, Predictable: n, Predicted: 5, Right: 3, OwnObservations: 2, OwnValid: 1, OwnKills: 2}
	if diff := cmp.Diff(wantScore, r.Score); diff != "" {
		t.Errorf("score (-want +got):\n%s", diff)
	}

	// The broken observation expects step 5's mutant's behaviour.
	if len(r.Uncounted) != 1 || r.Uncounted[0].Observation != "student/fetch_compensated_is_null" || r.Uncounted[0].Status != "broken" {
		t.Fatalf("uncounted observations = %+v, want student/fetch_compensated_is_null broken", r.Uncounted)
	}
	var shared []string
	for _, s := range r.Uncounted[0].SharedWith {
		shared = append(shared, s.Mutant)
	}
	if diff := cmp.Diff([]string{"5_fetch_hides_failed"}, shared); diff != "" {
		t.Errorf("misconceptions (-want +got):\n%s", diff)
	}

	// The wrong renewal prediction shows, in Chinese, where the reference
	// and the mutant first part ways: the renewal at the lapse.
	for _, v := range r.Verdicts {
		if v.Prediction.Mutant != "2_renew_at_lapse" {
			continue
		}
		d := v.Divergence
		if d == nil || d.Observation != "edge/renew_at_lapse_is_refused" || len(d.Steps) == 0 {
			t.Fatalf("divergence = %+v, want edge/renew_at_lapse_is_refused, step by step", d)
		}
		first := d.Steps[0]
		if got := strings.Join(first.Reference.Args, " "); got != "lease renew k1 A 1 10 10" || first.Reference.Stdout != "false\n" || first.Mutant.Stdout != "true\n" {
			t.Errorf("first step = %q printing %q and %q, want lease renew k1 A 1 10 10 printing false on the reference and true on the mutant", got, first.Reference.Stdout, first.Mutant.Stdout)
		}
		lesson := res.Report.Lesson(v)
		for _, want := range []string{"2_renew", "lease renew k1 A 1 10 10", "恰好在 now == lease_until 时续约"} {
			if !strings.Contains(lesson, want) {
				t.Errorf("the lesson lacks %q:\n%s", want, lesson)
			}
		}
		if !strings.ContainsFunc(lesson, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
			t.Errorf("the lesson is not in Chinese:\n%s", lesson)
		}
	}

	var text bytes.Buffer
	if err := res.Report.Text(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"5_fetch", "student/fetch_compensated_is_null", "补偿被放弃的工作，然后重试"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
}

package mutants_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/report"
	"idemlab/harness/submission"
	"idemlab/labs/lease/mutants"
)

// labDir is the lab's folder, from this package's.
var labDir = filepath.Join(root, filepath.FromSlash(mutants.Dir))

// studentRun runs the lab as the kill report does on a student's checkout:
// the lab's observations, the student's own from studentDir read through
// the trust boundary grading applies, and the predictions of cfg's
// worksheets (default the lab's two), in the student's view and language.
func studentRun(t *testing.T, studentDir string, cfg labrun.Config) *labrun.Result {
	t.Helper()
	res, err := tryStudentRun(t, studentDir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// tryStudentRun is studentRun, returning what stops the run.
func tryStudentRun(t *testing.T, studentDir string, cfg labrun.Config) (*labrun.Result, error) {
	t.Helper()
	cfg.Lab, cfg.Root = mutants.Lab(), root
	own, refused, err := submission.Reader{Lab: cfg.Lab, Limits: submission.DefaultLimits, Root: root}.ReadObservations(studentDir)
	if err != nil {
		return nil, fmt.Errorf("your observations in %s: %v", studentDir, err)
	}
	if own == nil {
		own = []killmatrix.Observation{}
	}
	cfg.Own, cfg.Refused, cfg.StudentRoot = own, refused, filepath.Dir(studentDir)
	plan, err := labrun.Prepare(cfg)
	if err != nil {
		return nil, err
	}
	for _, w := range plan.Warnings {
		t.Log(w.Text())
	}
	return plan.Run()
}

// TestPredictions compares every prediction recorded in the lab's
// worksheets with what the lab shows, one subtest a mutant, in the
// worksheet's language. A wrong prediction fails with its lesson; a right
// one passes, and go test -v shows every lesson. It records in
// labs/lease/worksheet.history.json when each prediction was first seen.
func TestPredictions(t *testing.T) {
	res := studentRun(t, filepath.Join(labDir, "testdata", killmatrix.KindStudent), labrun.Config{
		History: filepath.Join(root, filepath.FromSlash(mutants.Lab().Layout.History)),
	})
	r := res.Report
	t.Run("a block per mutant", func(t *testing.T) {
		have := slices.Clone(r.Predictions.Unfilled)
		for _, p := range r.Predictions.Predictions {
			have = append(have, p.Mutant)
		}
		for _, m := range mutants.Lab().Catalogue.Mutants {
			if !slices.Contains(have, m.Name) && !slices.Contains(have, m.ID()) {
				t.Errorf("no prediction block for mutant %s in either worksheet: put back the step's block (mutant: %s)", m.ID(), m.ID())
			}
		}
	})
	if len(r.WorksheetProblems) > 0 {
		// A malformed block is left out; the others are judged below.
		t.Run("worksheet", func(t *testing.T) { t.Error("\n" + r.WorksheetProblemsText()) })
	}
	if len(r.Verdicts) == 0 {
		t.Skip(r.NothingPredicted())
	}
	for _, v := range r.Verdicts {
		mu, _ := r.Mutant(v.Prediction.Mutant)
		t.Run(mu.ID(), func(t *testing.T) {
			switch {
			case !v.Judged:
				t.Skip("\n" + r.Lesson(v))
			case !v.Right:
				t.Error("\n" + r.Lesson(v))
			default:
				t.Log("\n" + r.Lesson(v))
			}
		})
	}
	if len(r.Unpredicted) > 0 {
		t.Log(r.ScoreLine())
	}
}

// TestStudentObservations names each of the student's own observations
// (labs/lease/testdata/student) that counts as no evidence, and why. It
// passes when there are none.
func TestStudentObservations(t *testing.T) {
	dir := filepath.Join(labDir, "testdata", killmatrix.KindStudent)
	res, err := tryStudentRun(t, dir, labrun.Config{})
	if err != nil {
		res = studentRun(t, dir, labrun.Config{Worksheets: []string{}})
	}
	for _, u := range res.Report.Uncounted {
		t.Run(strings.TrimPrefix(u.Observation, killmatrix.KindStudent+"/"), func(t *testing.T) {
			t.Error(res.Report.UncountedText(u))
		})
	}
}

// TestExampleWorksheet is a student's trial of the Chinese worksheet:
// labs/lease/mutants/testdata/answers holds it filled with right and wrong
// predictions on purpose, and two observations of the student's own, one
// valid and one that expects a mutant's behaviour. The verdicts, the
// score, the misconception and the lessons, in Chinese, are checked.
func TestExampleWorksheet(t *testing.T) {
	example := filepath.Join(labDir, "mutants", "testdata", "answers")
	sheet := filepath.Join(example, "worksheet.zh-CN.md")
	res := studentRun(t, filepath.Join(example, killmatrix.KindStudent), labrun.Config{Worksheets: []string{sheet}})
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

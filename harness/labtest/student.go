package labtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// StudentRun runs lab l as the kill report does on a student's checkout:
// the lab's observations, the student's own from studentDir read through
// the trust boundary grading applies, and the predictions of cfg's
// worksheets (default the lab's), in the student's view and language.
// cfg's Lab and Root are set here.
func StudentRun(t *testing.T, l *lab.Lab, studentDir string, cfg labrun.Config) *labrun.Result {
	t.Helper()
	res, err := tryStudentRun(t, l, studentDir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// tryStudentRun is StudentRun, returning what stops the run.
func tryStudentRun(t *testing.T, l *lab.Lab, studentDir string, cfg labrun.Config) (*labrun.Result, error) {
	t.Helper()
	cfg.Lab, cfg.Root = l, Root(t)
	own, refused, err := submission.Reader{Lab: l, Limits: submission.DefaultLimits, Root: cfg.Root}.ReadObservations(studentDir)
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

// studentDir is the folder of a student's own observations in the
// lab's checkout.
func studentDir(t *testing.T, l *lab.Lab) string {
	return filepath.Join(joinRoot(Root(t), l.Layout.Observations), l.Layout.Own)
}

// Predictions judges every prediction recorded in the lab's worksheets,
// one subtest a mutant, in the worksheet's language: a wrong prediction
// fails with its lesson (what was predicted, what happened, where the
// reference and the mutant part ways, the mutant's hint); a right one
// passes, and go test -v shows every lesson. Like idemlab, it records in
// the lab's history when each prediction was first seen.
func Predictions(t *testing.T, l *lab.Lab) {
	res := StudentRun(t, l, studentDir(t, l), labrun.Config{History: joinRoot(Root(t), l.Layout.History)})
	r := res.Report
	t.Run("a block per mutant", func(t *testing.T) {
		var srcs []predict.Source
		for _, w := range l.Layout.Worksheets {
			if data, err := os.ReadFile(joinRoot(Root(t), w)); err == nil {
				srcs = append(srcs, predict.Source{File: w, Data: data})
			}
		}
		for _, id := range withoutBlock(l, predict.Blocks(srcs, labrun.Known(l, nil))) {
			t.Error(r.Meta.Lang.T("gate.no-block", i18n.M{"Mutant": id}))
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
	// The score, whether or not mutants are left to predict (go test
	// shows it with -v, or beside a wrong prediction).
	t.Log(r.ScoreLine())
}

// withoutBlock lists the ids of the mutants of l that are not in have,
// the mutants the worksheets' blocks name (predict.Blocks). A
// block left out of the judging (its mutant predicted in both worksheets,
// a field that does not read) is there all the same: its problem is told
// instead, where the judged predictions alone would have lost it.
func withoutBlock(l *lab.Lab, have []string) []string {
	var ids []string
	for _, m := range l.Catalogue.Mutants {
		if !slices.Contains(have, m.Name) && !slices.Contains(have, m.ID()) {
			ids = append(ids, m.ID())
		}
	}
	return ids
}

// StudentObservations names each of the student's own observations that
// counts as no evidence, and why: refused before it ran, broken on the
// reference (with the mutants whose behaviour it expects), flaky or timed
// out. It passes when there are none.
func StudentObservations(t *testing.T, l *lab.Lab) {
	dir := studentDir(t, l)
	// Worded in the language of the student's worksheets; a worksheet
	// that does not read is Predictions' to report, not this test's.
	res, err := tryStudentRun(t, l, dir, labrun.Config{})
	if err != nil {
		res = StudentRun(t, l, dir, labrun.Config{Worksheets: []string{}})
	}
	for _, u := range res.Report.Uncounted {
		t.Run(strings.TrimPrefix(u.Observation, l.Layout.Own+"/"), func(t *testing.T) {
			// What it printed on the reference, so a student sees why.
			t.Error(res.Report.UncountedText(u) + "\n" + report.PrintedText(res.Report.Meta.Lang, u.Printed, "  "))
		})
	}
}

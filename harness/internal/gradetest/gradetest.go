// Package gradetest grades classes in the tests of packages that consume
// grade's result (the class dashboard, the GitHub Classroom workflow): a
// test binary is its own grading worker ([Main]), and [Grade] grades a
// class folder as the grade command does, with the lab's own
// observations and the default rubric.
package gradetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"idemlab/harness/grade"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/predict"
)

// Main runs the tests, or, when the binary was started as "worker JOB",
// serves as the grading worker of lab l, as the grade command does.
func Main(m *testing.M, l *lab.Lab) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(grade.Serve(l, os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// Grade grades the class folder dir with lab l, whose checkout is root:
// its own observations, the default rubric and budgets, this binary (see
// [Main]) as the worker.
func Grade(l *lab.Lab, root, dir string) (*grade.Class, error) {
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return nil, err
	}
	entries, err := grade.ReadClass(dir, nil)
	if err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return grade.Grade(context.Background(), entries, grade.Options{Lab: l, Observations: obs, Rubric: grade.DefaultRubric,
		Worker: grade.Worker{Path: self, Args: []string{"worker"}}})
}

// Recorded is when [History] records its predictions.
var Recorded = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

// History is the prediction history (worksheet.history.json's text) a
// run of lab l writes for the worksheet text named file, in the checkout
// at root, at Recorded: every prediction seen, then its answer shown. own
// names the student's own observations the worksheet may name
// (student/counts). A test's honest student hands it in beside the
// worksheet, as one who ran the lab once predicted does.
func History(t testing.TB, l *lab.Lab, root, file, text string, own ...string) string {
	t.Helper()
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		t.Fatal(err)
	}
	known := labrun.Known(l, obs)
	known.Observations = append(known.Observations, own...)
	sheet, err := predict.Parse(file, []byte(text), known)
	if err != nil {
		t.Fatal(err)
	}
	h := predict.NewHistory()
	var names []string
	by := map[string]string{}
	for _, p := range sheet.Predictions {
		names, by[p.Mutant] = append(names, p.Mutant), predict.ByPrediction
	}
	h.Record(sheet, names, by, Recorded)
	out := filepath.Join(t.TempDir(), "worksheet.history.json")
	if err := h.Save(out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Package gradetest grades classes in the tests of packages that consume
// grade's result (the class dashboard, the GitHub Classroom workflow): a
// test binary is its own grading worker ([Main]), and [Grade] grades a
// class folder as the grade command does, with the lab's own
// observations and the default rubric.
package gradetest

import (
	"context"
	"os"
	"testing"

	"idemlab/harness/grade"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
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

package grade_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/grade"
	"idemlab/harness/internal/sandbox"
)

// TestUntrustedWorkerAsRoot: graded without bubblewrap (-no-sandbox) by a
// grader that is root, a worker that an observation took over (here a
// shell, standing for a lint it got past) can write neither a file of
// root's beside the class nor the class itself, and its submission is
// flagged as any failed worker is.
func TestUntrustedWorkerAsRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: only then does a worker run as an unprivileged user")
	}
	shared, err := os.MkdirTemp("", "grade-outside-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(shared)
	if err := os.Chmod(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(shared, "run_autograder")
	if err := os.WriteFile(victim, []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	class := filepath.Join(shared, "class")
	honest(t, class)
	if err := os.Chmod(class, 0o755); err != nil {
		t.Fatal(err)
	}
	opt := options(t)
	opt.NoSandbox = true
	opt.WorkRoot = filepath.Join(shared, "work")
	if err := os.Mkdir(opt.WorkRoot, 0o755); err != nil {
		t.Fatal(err)
	}
	opt.Worker = grade.Worker{Path: "/bin/sh", Args: []string{"-c",
		`echo pwned > ` + victim + `; echo pwned > ` + filepath.Join(class, "alice", "worksheet.md") + `; exit 3`}}
	c := gradeClass(t, class, opt)
	if got, _ := os.ReadFile(victim); string(got) != "original\n" {
		t.Errorf("the worker wrote %s: %q", victim, got)
	}
	for _, r := range c.Rows {
		if !flagged(r, "grading its observations failed (exit status 3") {
			t.Errorf("%s: flags %q; want the failed worker flagged", r.Student, r.Flags)
		}
		if got, err := os.ReadFile(filepath.Join(class, r.Student, "worksheet.md")); err == nil && strings.Contains(string(got), "pwned") {
			t.Errorf("the worker wrote %s's worksheet", r.Student)
		}
		if !strings.Contains(r.Isolation, "unprivileged") {
			t.Errorf("%s: isolation %q; want it to say the worker ran as an unprivileged user", r.Student, r.Isolation)
		}
	}
}

// TestRefusesWithoutASandbox: where bubblewrap is not usable, Grade runs
// nothing unless asked by name (Options.NoSandbox).
func TestRefusesWithoutASandbox(t *testing.T) {
	if sandbox.Unusable() == "" {
		t.Skip("bubblewrap is usable here; the command's scripts take it away with " + sandbox.NoBwrapEnv)
	}
	_, err := grade.Grade(t.Context(), nil, options(t))
	if !errors.Is(err, sandbox.ErrNoSandbox) {
		t.Errorf("Grade without bubblewrap = %v; want sandbox.ErrNoSandbox", err)
	}
}

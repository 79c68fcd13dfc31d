package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/internal/docgen"
	"idemlab/harness/internal/exitcode"
	"idemlab/harness/labrun"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// pwned is the file the hostile observation would create, were it run.
const pwned = "/tmp/idemlab-checkreport-pwned"

// TestRefusesWithoutRunning: a report made beside an observation that
// runs a program is refused, and the program never runs, whatever the
// report says of it.
func TestRefusesWithoutRunning(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab")
	}
	os.Remove(pwned)
	t.Chdir(".") // checkreport changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "execs", "student")
	rd := submission.Reader{Lab: mutants.Lab(), Limits: submission.DefaultLimits}
	own, refused, err := rd.ReadObservations(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(refused) != 1 || len(own) != 1 {
		t.Fatalf("read %d observations and refused %v; want one of each", len(own), refused)
	}
	plan, err := labrun.Prepare(labrun.Config{Lab: mutants.Lab(), Root: root, Own: own, Refused: refused,
		StudentRoot: filepath.Dir(dir), Worksheets: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "report.json")
	var b bytes.Buffer
	if err := res.Report.JSON(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(report, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	status := run([]string{"-checkout", root, report}, &stdout, &stderr)
	if status != exitcode.Survived || !strings.HasPrefix(stdout.String(), "REFUSED: ") ||
		!strings.Contains(stdout.String(), `pwn.txtar:4: command "exec" is not allowed`) {
		t.Errorf("checkreport = %d with %q (stderr %q); want %d and REFUSED naming pwn.txtar:4", status, stdout.String(), stderr.String(), exitcode.Survived)
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Errorf("checkreport ran the refused command: %s exists", pwned)
	}
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		out    string
	}{
		{nil, exitcode.Usage, "usage: checkreport"},
		{[]string{"-h"}, exitcode.OK, "usage: checkreport [-C DIR] [-checkout DIR] REPORT.json"},
		{[]string{"no-such-report.json"}, exitcode.Usage, "no-such-report.json"},
		// Reports that cannot be checked are the report's fault, not the
		// checker's: 1, not 70.
		{[]string{writeReport(t, `{"schema": "idemlab/report/v1"}`)}, exitcode.Usage, "this checker reads"},
		{[]string{writeReport(t, `{"schema": "idemlab/report/v3", "meta": {"student_dir": "../../etc"}, "inputs": []}`)}, exitcode.Usage, "not a path inside the checkout"},
		{[]string{writeReport(t, `{"schema": "idemlab/report/v3", "inputs": [{"path": "../outside.go", "sha256": ""}]}`)}, exitcode.Usage, "not a path inside the checkout"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String()+stderr.String(), tc.out) {
			t.Errorf("checkreport %q = %d, %q %q; want %d and %q", tc.args, status, stdout.String(), stderr.String(), tc.status, tc.out)
		}
	}
}

// TestUsageInREADME: the README shows checkreport's -h output as it is.
func TestUsageInREADME(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-h"}, &stdout, &stderr); status != 0 {
		t.Fatalf("-h: exit %d", status)
	}
	if msg := docgen.CheckUsage("../../../README.md", "checkreport", stdout.String()); msg != "" {
		t.Error(msg)
	}
}

// writeReport writes a report's JSON to a file of its own.
func writeReport(t *testing.T, data string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

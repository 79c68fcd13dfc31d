package checkreport

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/report"
	"idemlab/harness/submission"
	lease "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// testLabs are the labs this test binary has built in: the first lab
// (the default), the lease lab, and the counter lab, which no binary has.
var testLabs = lab.Registry{
	{Name: mutants.Lab().Name, Summary: "the first lab", Lab: mutants.Lab},
	{Name: lease.Lab().Name, Summary: "the lease lab", Lab: lease.Lab},
	{Name: counter.Lab().Name, Summary: "a test lab", Lab: counter.Lab},
}

// TestMain lets this test binary be checkreport's worker: checkreport
// starts itself again as "worker -lab NAME CHECKOUT REPORT".
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" || os.Getenv(asCommand) == "1" {
		os.Exit(Main(testLabs, os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// asCommand, set to 1, makes this test binary checkreport itself, for a
// test that needs a process of its own (one without bubblewrap).
const asCommand = "CHECKREPORT_TEST_AS_COMMAND"

// TestRefusesWithoutASandbox: where bubblewrap is not usable, checkreport
// checks nothing, runs no observation, and says why and how to go on,
// unless -no-sandbox asks for it by name.
func TestRefusesWithoutASandbox(t *testing.T) {
	report := writeReport(t, `{"schema": "`+reportSchema+`", "inputs": []}`)
	cmd := exec.Command(os.Args[0], "-checkout", t.TempDir(), report)
	cmd.Env = append(os.Environ(), asCommand+"=1", sandbox.NoBwrapEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	want := "checkreport: refusing to run untrusted observations without a sandbox: bubblewrap left out by " + sandbox.NoBwrapEnv
	if cmd.ProcessState.ExitCode() != exitcode.Usage || !strings.HasPrefix(stderr.String(), want) || stdout.Len() != 0 {
		t.Errorf("checkreport without bubblewrap = %v, stdout %q, stderr %q; want exit %d and %q", err, stdout.String(), stderr.String(), exitcode.Usage, want)
	}
}

// run is the command line of a binary with testLabs built in.
func run(args []string, stdout, stderr io.Writer) int { return Main(testLabs, args, stdout, stderr) }

// TestHostileCheckout: a checkout is as untrusted as a submission: a
// worksheet that is a link to /dev/zero is refused without being read,
// with a clear error, within the worker's budget.
func TestHostileCheckout(t *testing.T) {
	t.Chdir(".") // checkreport changes to the checkout; come back after
	checkout := t.TempDir()
	goMod(t, checkout)
	if err := os.Symlink("/dev/zero", filepath.Join(checkout, "worksheet.md")); err != nil {
		t.Fatal(err)
	}
	report := writeReport(t, `{"schema": "`+reportSchema+`", "inputs": [{"path": "worksheet.md", "sha256": ""}]}`)
	var stdout, stderr bytes.Buffer
	status := run([]string{"-checkout", checkout, report}, &stdout, &stderr)
	if want := "the checkout's input worksheet.md: is a symbolic link: only regular files are read"; status != exitcode.Usage || !strings.Contains(stderr.String(), want) {
		t.Errorf("checkreport on a linked worksheet = %d, %q %q; want %d and %q", status, stdout.String(), stderr.String(), exitcode.Usage, want)
	}

}

// pwned is the file the hostile observation would create, were it run.
const pwned = "/tmp/idemlab-checkreport-pwned"

// TestRefusesWithoutRunning: a report made beside an observation that
// runs a program, or one that reads /dev/zero, is refused, and the
// observation never runs, whatever the report says of it.
func TestRefusesWithoutRunning(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab")
	}
	for _, tc := range []struct{ dir, refusal string }{
		{"execs", `pwn.txtar:4: command "exec" is not allowed`},
		{"devzero", `zero.txtar:4: grep's argument 2: "${/}dev${/}zero" expands $/`},
	} {
		t.Run(tc.dir, func(t *testing.T) { refusesWithoutRunning(t, tc.dir, tc.refusal) })
	}
}

func refusesWithoutRunning(t *testing.T, name, refusal string) {
	os.Remove(pwned)
	t.Chdir(".") // checkreport changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", name, "student")
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
	if status != exitcode.Survived || !strings.HasPrefix(stdout.String(), "REFUSED: ") || !strings.Contains(stdout.String(), refusal) {
		t.Errorf("checkreport = %d with %q (stderr %q); want %d and REFUSED saying %q", status, stdout.String(), stderr.String(), exitcode.Survived, refusal)
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

// writeReport writes a report's JSON to a file of its own.
func writeReport(t *testing.T, data string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// reportSchema is the schema a report must name to be checked.
const reportSchema = report.Schema

// goMod makes dir a checkout's root, as far as checkreport looks.
func goMod(t *testing.T, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module idemlab\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

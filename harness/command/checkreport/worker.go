package checkreport

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"idemlab/harness/grade"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/reportcheck"
	"idemlab/harness/submission"
)

// A checked is what a worker sends back: the result, or the error of the
// check, and whether that error is the report's (or its checkout's) fault.
type checked struct {
	Result      *reportcheck.Result `json:"result,omitempty"`
	Error       string              `json:"error,omitempty"`
	ReportError bool                `json:"report_error,omitempty"`
}

// serve is checkreport's worker: args are -lab NAME, the checkout and the
// report. It runs in the sandbox, its working folder the one place it may
// write, and prints what it found as JSON.
func serve(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("checkreport worker", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var name string
	reg.Define(fs, &name)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	l, err := reg.Lookup(name)
	if err != nil || fs.NArg() != 2 {
		fmt.Fprintln(stderr, "usage: checkreport worker -lab NAME CHECKOUT REPORT.json", err)
		return 2
	}
	args = fs.Args()
	var out checked
	data, err := readReport(args[0], args[1])
	if err == nil {
		var wd string
		if wd, err = os.Getwd(); err == nil {
			rd := submission.Reader{Lab: l, Limits: submission.DefaultLimits}
			out.Result, err = reportcheck.Check(l, args[0], data, killmatrix.Options{WorkRoot: wd, Timeout: grade.DefaultBudgets.Observation}, rd.Vet)
		}
	}
	var bad *reportcheck.ReportError
	if err != nil {
		out.Error, out.ReportError = err.Error(), errors.As(err, &bad)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(stderr, "checkreport worker:", err)
		return 1
	}
	return 0
}

// check runs the check of report against the checkout root in a worker:
// this program again, under the sandbox and the budgets grade gives one
// submission, with the checkout and the report visible read-only. A
// checkout is as untrusted as a submission: whatever it holds (a link to
// /dev/zero, an observation of the lab's own that reads it) costs at most
// the budget, and says so.
func check(ctx context.Context, l *lab.Lab, root, report string, noSandbox bool) (checked, string, error) {
	self, err := os.Executable()
	if err != nil {
		return checked{}, "", err
	}
	if report, err = filepath.Abs(report); err != nil {
		return checked{}, "", err
	}
	work, err := os.MkdirTemp("", "checkreport-")
	if err != nil {
		return checked{}, "", err
	}
	defer os.RemoveAll(work)
	b := grade.DefaultBudgets
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Path: self, Args: []string{"worker", "-lab", l.Name, root, report}, Env: []string{"TMPDIR=" + work},
		Work: work, ReadOnly: []string{root, report}, Budget: b.Sandbox(), NoSandbox: noSandbox, NoProc: true,
	})
	if err != nil {
		return checked{}, "", fmt.Errorf("the worker could not start: %v", err)
	}
	switch {
	case res.OverWall:
		return checked{}, res.Isolation, fmt.Errorf("the check took more than its budget of %v and was stopped", b.Wall)
	case res.OverOutput:
		return checked{}, res.Isolation, fmt.Errorf("the check's result exceeded its budget of %d bytes", b.Output)
	case res.Signal != "":
		return checked{}, res.Isolation, fmt.Errorf("the check was killed (signal %s: over its memory budget of %d MiB or its CPU time)", res.Signal, b.Memory>>20)
	case res.ExitCode != 0:
		return checked{}, res.Isolation, fmt.Errorf("the check failed (exit status %d: %s)", res.ExitCode, submission.Quote(firstLine(res.Stderr)))
	}
	var out checked
	if err := json.Unmarshal(res.Stdout, &out); err != nil {
		return checked{}, res.Isolation, fmt.Errorf("the check sent back no result: %v", err)
	}
	return out, res.Isolation, nil
}

func firstLine(b []byte) string {
	for i, c := range b {
		if c == '\n' {
			return string(b[:i])
		}
	}
	return string(b)
}

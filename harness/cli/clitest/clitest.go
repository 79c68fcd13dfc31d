package clitest

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/internal/docgen"
)

// Run is a command's run function: its arguments, where its output goes,
// and its exit status.
type Run func(args []string, stdout, stderr io.Writer) int

// A Case is one command line and what it must do: its exit status, and
// text each stream must hold ("" when the stream must be empty).
type Case struct {
	Args           []string
	Status         int
	Stdout, Stderr string
}

// Flags are the cases every command shares: -h, and a flag it does not
// have.
func Flags(name string) []Case {
	return []Case{
		{Args: []string{"-h"}, Status: exitcode.OK, Stdout: "usage: " + name},
		{Args: []string{"-no-such-flag"}, Status: exitcode.Usage, Stderr: "-no-such-flag\nrun '" + name + " -h' for usage\n"},
	}
}

// Check runs each case in English (see the package's doc) and fails t
// when its status or output is not what the case says.
func Check(t *testing.T, run Run, cases ...Case) {
	t.Helper()
	i18ntest.Set(t, i18n.English)
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		status := run(c.Args, &stdout, &stderr)
		if status != c.Status || !holds(stdout.String(), c.Stdout) || !holds(stderr.String(), c.Stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stdout holding %q, stderr holding %q (\"\": empty)",
				c.Args, status, stdout.String(), stderr.String(), c.Status, c.Stdout, c.Stderr)
		}
	}
}

// holds reports whether out holds want, or is empty when want is.
func holds(out, want string) bool {
	if want == "" {
		return out == ""
	}
	return strings.Contains(out, want)
}

// UsageInDoc fails t when what run prints, in English, for args and -h is not the
// generated usage of command name in the Go file doc (its package's
// doc.go; see docgen.GoUsage).
func UsageInDoc(t *testing.T, doc, name string, run Run, args ...string) {
	t.Helper()
	i18ntest.Set(t, i18n.English)
	var stdout, stderr bytes.Buffer
	if status := run(append(args, "-h"), &stdout, &stderr); status != exitcode.OK {
		t.Fatalf("%s -h: exit %d, stderr %q", name, status, stderr.String())
	}
	if msg := docgen.CheckGoUsage(doc, name, stdout.String()); msg != "" {
		t.Error(msg)
	}
}

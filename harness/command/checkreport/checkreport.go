package checkreport

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/lab"
	"idemlab/harness/reportcheck"
)

// Main runs the checkreport command line args (without the program's
// name) with the labs of reg, -lab choosing one, and returns its exit
// status. A binary's main is
//
//	os.Exit(checkreport.Main(labs, os.Args[1:], os.Stdout, os.Stderr))
//
// checkreport starts the same binary again for the check (checkreport
// worker -lab NAME CHECKOUT REPORT), so the binary's main must call Main.
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "worker" {
		return serve(reg, args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("checkreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var name string
	reg.Define(fs, &name)
	var chdir, checkout string
	fs.StringVar(&chdir, "C", "", "change to `DIR`, the checkout the report claims to come from, before anything else, as go -C does")
	fs.StringVar(&checkout, "checkout", "", "the checkout the report claims to come from, `DIR`; REPORT.json stays relative to the current folder")
	var noSandbox bool
	fs.BoolVar(&noSandbox, "no-sandbox", false, "run the check's worker without bubblewrap, under the resource limits alone (as an unprivileged user when run as root); without it, checkreport refuses to run where bubblewrap is not usable")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: checkreport [-C DIR] [-checkout DIR] REPORT.json\n\nTells whether a JSON kill report matches its checkout. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: checkreport [-C DIR] [-checkout DIR] REPORT.json (run 'checkreport -h' for usage)")
		return exitcode.Usage
	}
	// Fail closed before anything is read.
	if why := sandbox.Unusable(); why != "" && !noSandbox {
		return fail(stderr, exitcode.Usage, grade.NoSandboxError{Why: why})
	}
	if chdir != "" {
		if err := os.Chdir(chdir); err != nil {
			return fail(stderr, exitcode.Usage, err)
		}
	}
	root, err := cli.Checkout(checkout)
	if err == nil {
		root, err = filepath.Abs(root)
	}
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	data, err := readReport(root, fs.Arg(0))
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	rep, err := reportcheck.Decode(data)
	if err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("%s: %v", fs.Arg(0), err))
	}
	// Read as the lab it records: checked as another lab's, every file
	// it names would be an input the check does not know.
	l, err := reg.LookupRecorded(fs, name, fs.Arg(0), rep.Meta.Lab)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	if iso := sandbox.IsolationFor(noSandbox); !sandbox.Sandboxed(iso) {
		fmt.Fprintln(stderr, "checkreport: WARNING:", grade.UnsandboxedNotice(i18n.English, iso))
	}
	out, _, err := check(context.Background(), l, root, fs.Arg(0), noSandbox)
	switch {
	case err != nil:
		return fail(stderr, exitcode.Internal, fmt.Errorf("checking %s: %v", fs.Arg(0), err))
	case out.ReportError:
		return fail(stderr, exitcode.Usage, fmt.Errorf("%s: %s", fs.Arg(0), out.Error))
	case out.Error != "":
		return fail(stderr, exitcode.Internal, fmt.Errorf("checking %s: %s", fs.Arg(0), out.Error))
	}
	res := out.Result
	fmt.Fprint(stdout, res)
	if res.Verdict != reportcheck.OK {
		return exitcode.Survived
	}
	return exitcode.OK
}

// Run is [Main] for lab l alone: a lab's own checkreport binary, or a
// test's.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "checkreport:", err)
	return status
}

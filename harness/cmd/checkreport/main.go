// Command checkreport tells whether a JSON kill report (written by
// idemlab -json) matches the checkout it claims to come from:
//
//	checkreport [-C DIR] REPORT.json
//
// It compares the report's input digests with the checkout's files,
// checks that its own observations are the student's observation files
// one for one, runs the lab again on them, and compares every field a
// student could edit. It prints "ok", "OTHER INPUTS" (the report was
// made from other files, or leaves some out), "REFUSED" (the student's
// observations hold what grading refuses, so nothing was run) or
// "TAMPERED" (the inputs match but the results were edited), with every
// field that differs by its JSON path.
//
// The student's observations are read through the same trust boundary as
// grade's: checkreport never runs a command grade would refuse. The exit
// status is 0 for ok, 2 when the report does not match, 1 for a usage
// error or a file that is not a report, 70 for an internal error.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"idemlab/harness/internal/cli"
	"idemlab/harness/internal/exitcode"
	"idemlab/harness/killmatrix"
	"idemlab/harness/reportcheck"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("checkreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var chdir, checkout string
	fs.StringVar(&chdir, "C", "", "change to `DIR`, the checkout the report claims to come from, before anything else, as go -C does")
	fs.StringVar(&checkout, "checkout", "", "the checkout the report claims to come from, `DIR`; REPORT.json stays relative to the current folder")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: checkreport [-C DIR] REPORT.json\n\nTells whether a JSON kill report matches its checkout. Flags:\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: checkreport [-C DIR] REPORT.json (run 'checkreport -h' for usage)")
		return exitcode.Usage
	}
	if chdir != "" {
		if err := os.Chdir(chdir); err != nil {
			return fail(stderr, exitcode.Usage, err)
		}
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	root, err := cli.Checkout(checkout)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	l := mutants.Lab()
	rd := submission.Reader{Lab: l, Limits: submission.DefaultLimits}
	res, err := reportcheck.Check(l, root, data, killmatrix.Options{}, rd.Vet)
	if err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("%s: %v", fs.Arg(0), err))
	}
	fmt.Fprint(stdout, res)
	if res.Verdict != reportcheck.OK {
		return exitcode.Survived
	}
	return exitcode.OK
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "checkreport:", err)
	return status
}

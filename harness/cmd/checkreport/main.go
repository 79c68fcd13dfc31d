package main

import (
	"errors"
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
		fmt.Fprintf(fs.Output(), "usage: checkreport [-C DIR] [-checkout DIR] REPORT.json\n\nTells whether a JSON kill report matches its checkout. Flags:\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: checkreport [-C DIR] [-checkout DIR] REPORT.json (run 'checkreport -h' for usage)")
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
	var bad *reportcheck.ReportError
	switch {
	case errors.As(err, &bad):
		return fail(stderr, exitcode.Usage, fmt.Errorf("%s: %v", fs.Arg(0), err))
	case err != nil:
		return fail(stderr, exitcode.Internal, fmt.Errorf("checking %s: %v", fs.Arg(0), err))
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

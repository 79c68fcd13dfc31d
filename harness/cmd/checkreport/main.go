// Command checkreport tells whether a JSON kill report (written by
// idemlab -json) matches the checkout it claims to come from:
//
//	go run ./harness/cmd/checkreport report.json
//
// It compares the report's input digests with the checkout's files, runs
// the lab again on them, and compares the results. It prints "ok", "OTHER
// INPUTS" (the report was made from other files) or "TAMPERED" (the
// inputs match but the results were edited), with a (-report +rerun) diff
// of what differs. The exit status is 0 for ok, 1 otherwise, 2 for a usage
// error or a file that is not a report.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
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
	checkout := fs.String("checkout", ".", "the checkout the report claims to come from")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: checkreport [-checkout DIR] REPORT.json")
		return 2
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "checkreport:", err)
		return 2
	}
	root, err := mutation.ModuleRoot(*checkout)
	if err != nil {
		fmt.Fprintln(stderr, "checkreport:", err)
		return 2
	}
	if err := os.Chdir(root); err != nil {
		fmt.Fprintln(stderr, "checkreport:", err)
		return 2
	}
	l := mutants.Lab()
	rd := submission.Reader{Lab: l, Limits: submission.DefaultLimits}
	res, err := reportcheck.Check(l, root, data, killmatrix.Options{}, rd.Vet)
	if err != nil {
		fmt.Fprintf(stderr, "checkreport: %s: %v\n", fs.Arg(0), err)
		return 2
	}
	fmt.Fprint(stdout, res)
	if res.Verdict != reportcheck.OK {
		return 1
	}
	return 0
}

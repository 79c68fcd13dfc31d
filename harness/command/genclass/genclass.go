package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"idemlab/harness/classgen"
	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/labrun"
	"idemlab/harness/mutation"
	"idemlab/mutants"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("genclass", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 200, "number of submissions")
	seed := fs.Uint64("seed", 1, "seed of the mix")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: genclass [-n N] [-seed S] DIR\n\nWrites a synthetic class of N submissions for grade in the folder DIR. Flags:\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	switch {
	case fs.NArg() != 1:
		fmt.Fprintln(stderr, "usage: genclass [-n N] [-seed S] DIR (run 'genclass -h' for usage)")
		return exitcode.Usage
	case *n < 1:
		return fail(stderr, exitcode.Usage, fmt.Errorf("-n %d: want at least 1 submission", *n))
	}
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	l := mutants.Lab()
	obs, err := labrun.LabObservations(l, root)
	if err == nil {
		err = classgen.Write(fs.Arg(0), *n, *seed, classgen.DefaultMix, l.Catalogue, obs)
	}
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	fmt.Fprintf(stdout, "wrote %d submissions in %s\n", *n, fs.Arg(0))
	return exitcode.OK
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "genclass:", err)
	return status
}

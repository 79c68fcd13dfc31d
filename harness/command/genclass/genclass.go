package genclass

import (
	"flag"
	"fmt"
	"io"

	"idemlab/harness/classgen"
	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
)

// Main runs the genclass command line args (without the program's name)
// with the labs of reg, -lab choosing one, and returns its exit status.
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("genclass", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var name string
	reg.Define(fs, &name)
	n := fs.Int("n", 200, "`N`, the number of submissions")
	seed := fs.Uint64("seed", 1, "`SEED` of the mix")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: genclass [-lab NAME] [-n N] [-seed S] DIR\n\nWrites a synthetic class of N submissions for grade in the folder DIR. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	switch {
	case fs.NArg() != 1:
		fmt.Fprintln(stderr, "usage: genclass [-lab NAME] [-n N] [-seed S] DIR (run 'genclass -h' for usage)")
		return exitcode.Usage
	case *n < 1:
		return fail(stderr, exitcode.Usage, fmt.Errorf("-n %d: want at least 1 submission", *n))
	}
	l, err := reg.Lookup(name)
	if err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	root, err := cli.Checkout("")
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	obs, err := labrun.LabObservations(l, root)
	if err == nil {
		err = classgen.Write(fs.Arg(0), *n, *seed, classgen.DefaultMix, l, obs)
	}
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	fmt.Fprintf(stdout, "wrote %d submissions of lab %s in %s\n", *n, l.Name, fs.Arg(0))
	return exitcode.OK
}

// Run is [Main] for lab l alone.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "genclass:", err)
	return status
}

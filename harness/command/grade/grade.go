package grade

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	grading "idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/lab"
)

// Main runs the grade command line args (without the program's name) with
// the labs of reg, -lab choosing one, and returns its exit status. A
// binary's main is
//
//	os.Exit(grade.Main(labs, os.Args[1:], os.Stdout, os.Stderr))
//
// grade starts the same binary again for each submission (grade worker
// -lab NAME JOB), so the binary's main must call Main.
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "worker":
			return grading.ServeLab("grade worker", reg, args[1:], stdout, stderr)
		case "merge":
			return runMerge(reg, args[1:], stdout, stderr)
		case "gradescope":
			return runBundle(reg, args[1:], stdout, stderr)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return run(ctx, reg, args, stdout, stderr)
}

// Run is [Main] for lab l alone: a lab's own grade binary, or a test's.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

func run(ctx context.Context, reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { usage(fs, reg) }
	var f flags
	f.define(fs, reg)
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: grade [flags] CLASS (run 'grade -h' for usage)")
		return exitcode.Usage
	}
	if err := f.shardFlags(fs, stderr); err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	l, err := reg.Lookup(f.lab)
	if err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	// Fail closed before anything is built or read.
	if err := grading.CheckSandbox(grading.Options{NoSandbox: f.noSandbox}); err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	cfg, err := f.config(l, fs.Arg(0), stderr)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	defer cfg.close()
	if iso := grading.Isolation(cfg.opt); !sandbox.Sandboxed(iso) {
		// Said before grading starts, whatever -q says: an instructor
		// must not learn it from the JSON alone.
		fmt.Fprintln(stderr, "grade: WARNING:", grading.UnsandboxedNotice(i18n.English, iso))
	}
	class, err := cfg.grade(ctx, f.quiet, stderr)
	if err != nil {
		return fail(stderr, grading.Status(err), err)
	}
	if err := f.sign(class); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	if err := f.write(class, stdout); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

// workerArgs are the arguments that start this binary as lab l's worker.
func workerArgs(l *lab.Lab) []string { return []string{"worker", "-lab", l.Name} }

func usage(fs *flag.FlagSet, reg lab.Registry) {
	fmt.Fprintf(fs.Output(), "usage: grade [flags] CLASS\n       grade merge [flags] SHARD.json...\n       grade gradescope [-heldout FILE] [-rubric FILE] [-no-sandbox] [-o FILE]\n\nGrades every submission in the folder CLASS. Flags:\n")
	fs.PrintDefaults()
	reg.WriteList(fs.Output())
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "grade:", err)
	return status
}

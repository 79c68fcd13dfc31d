package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/mutants"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	l := mutants.Lab()
	if len(args) > 0 {
		switch args[0] {
		case "worker":
			return grade.Serve(l, args[1:], stdout, stderr)
		case "merge":
			return runMerge(args[1:], stdout, stderr)
		case "gradescope":
			return runBundle(args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { usage(fs) }
	var f flags
	f.define(fs)
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: grade [flags] CLASS (run 'grade -h' for usage)")
		return exitcode.Usage
	}
	cfg, err := f.config(l, fs.Arg(0), stderr)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	defer cfg.close()
	if iso := grade.Isolation(cfg.opt); !sandbox.Sandboxed(iso) {
		// Said before grading starts, whatever -q says: an instructor
		// must not learn it from the JSON alone.
		fmt.Fprintln(stderr, "grade: WARNING:", grade.UnsandboxedNotice(i18n.English, iso))
	}
	class, err := cfg.grade(ctx, f.quiet, stderr)
	if err != nil {
		return fail(stderr, grade.Status(err), err)
	}
	if err := f.write(class, stdout); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

func usage(fs *flag.FlagSet) {
	fmt.Fprintf(fs.Output(), "usage: grade [flags] CLASS\n       grade merge [-format F] [-o FILE] SHARD.json...\n       grade gradescope [-heldout FILE] [-rubric FILE] [-o FILE]\n\nGrades every submission in the folder CLASS. Flags:\n")
	fs.PrintDefaults()
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "grade:", err)
	return status
}

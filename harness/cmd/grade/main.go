// Command grade grades a whole class from its submissions:
//
//	grade [flags] CLASS
//	grade merge [-format F] [-o FILE] SHARD.json...
//
// CLASS holds one folder per student, named for the student (any
// letters: José and 王伟 are names), with the student's worksheet.md or
// worksheet.zh-CN.md and their own observations in student/*.txtar.
// Everything else in a folder is ignored: the reference and the mutants
// always come from the checkout grade runs in, never from a submission.
//
// A submission is untrusted input. grade reads it without following a
// link, within size limits, and refuses an observation that could reach
// outside its work directory; it runs each submission's observations in
// a worker of its own (grade started again, in a sandbox, under budgets
// of time, memory, disk and output), so that nothing one student wrote
// can stop the grading, slow it beyond its budget, or change another's
// grade. The README's section "Grading untrusted work" says what a
// submission may do and lists the budgets.
//
// grade prints one line per student: predictions right, lab mutants and
// held-out mutants killed by the student's own observations, invalid
// observations, timeouts, flags, and a total by the rubric; then every
// flag with its reason, and the class analytics. With -shard K/N it
// grades the K-th of N parts of the class; grade merge combines the N
// parts' JSON into what one run of the whole class writes.
//
// The exit status is 0 when the class was graded (flagged submissions
// are graded as far as they can be and do not change it), 1 for a usage
// error, 4 when the lab's own observations do not pass (no grade would be
// fair), and 70 for an internal error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"idemlab/harness/grade"
	"idemlab/harness/internal/cli"
	"idemlab/harness/internal/exitcode"
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
	class, err := cfg.grade(ctx, f.quiet, stderr)
	var unsound *grade.UnsoundError
	switch {
	case errors.As(err, &unsound):
		return fail(stderr, exitcode.Broken, err)
	case err != nil:
		return fail(stderr, exitcode.Internal, err)
	}
	if err := f.write(class, stdout); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

func usage(fs *flag.FlagSet) {
	fmt.Fprintf(fs.Output(), "usage: grade [flags] CLASS\n       grade merge [-format F] [-o FILE] SHARD.json...\n\nGrades every submission in the folder CLASS. Flags:\n")
	fs.PrintDefaults()
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "grade:", err)
	return status
}

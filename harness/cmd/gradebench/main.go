package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"idemlab/harness/classgen"
	"idemlab/harness/grade"
	"idemlab/harness/internal/cli"
	"idemlab/harness/internal/progress"
	"idemlab/harness/labrun"
	"idemlab/mutants"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(grade.Serve(mutants.Lab(), os.Args[2:], os.Stdout, os.Stderr))
	}
	fs := flag.NewFlagSet("gradebench", flag.ExitOnError)
	n := fs.Int("n", 200, "submissions in the synthetic class")
	seed := fs.Uint64("seed", 1, "seed of the class")
	quiet := fs.Bool("q", false, "print no progress")
	noSandbox := fs.Bool("no-sandbox", false, "run workers under resource limits only")
	fs.Parse(os.Args[1:])
	if err := run(*n, *seed, *quiet, *noSandbox, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gradebench:", err)
		os.Exit(1)
	}
}

// bench is one measured grading of the class.
type bench struct {
	parallel int
	elapsed  time.Duration
	lab      time.Duration
	total    float64
}

func run(n int, seed uint64, quiet, noSandbox bool, stdout, stderr io.Writer) error {
	root, err := cli.Checkout("")
	if err != nil {
		return err
	}
	l := mutants.Lab()
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "gradebench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := classgen.Write(dir, n, seed, classgen.DefaultMix, l.Catalogue, obs); err != nil {
		return err
	}
	entries, err := grade.ReadClass(dir, nil)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	opt := grade.Options{Lab: l, Observations: obs, Rubric: grade.DefaultRubric,
		Worker: grade.Worker{Path: self, Args: []string{"worker"}}, NoSandbox: noSandbox}
	var runs []bench
	for _, par := range []int{1, runtime.GOMAXPROCS(0)} {
		b, err := measure(entries, opt, par, quiet, stderr)
		if err != nil {
			return err
		}
		runs = append(runs, b)
		fmt.Fprintf(stdout, "%d submissions, %d at a time: %v (lab's own observations %v), %.0f submissions/min\n",
			len(entries), par, b.elapsed.Round(time.Millisecond), b.lab.Round(time.Millisecond), b.rate(len(entries)))
	}
	if runs[0].total != runs[1].total {
		return fmt.Errorf("the two runs graded differently: totals %v and %v", runs[0].total, runs[1].total)
	}
	fmt.Fprintf(stdout, "parallel over sequential: %.2fx on %d CPUs (same grades in both runs)\n",
		runs[1].rate(len(entries))/runs[0].rate(len(entries)), runtime.GOMAXPROCS(0))
	return nil
}

// measure grades the class par submissions at a time.
func measure(entries []grade.Entry, opt grade.Options, par int, quiet bool, stderr io.Writer) (bench, error) {
	meter := progress.New(stderr, len(entries), progress.Options{Label: fmt.Sprintf("gradebench (%d at a time)", par), Verb: "grading", Quiet: quiet})
	defer meter.Finish()
	opt.Parallel, opt.Progress = par, meter
	start := time.Now()
	c, err := grade.Grade(context.Background(), entries, opt)
	if err != nil {
		return bench{}, err
	}
	b := bench{parallel: par, elapsed: time.Since(start), lab: time.Duration(c.LabElapsedMS) * time.Millisecond}
	for _, r := range c.Rows {
		b.total += r.Total
	}
	return b, nil
}

// rate is submissions graded a minute, the lab's own run left out.
func (b bench) rate(n int) float64 { return float64(n) / (b.elapsed - b.lab).Minutes() }

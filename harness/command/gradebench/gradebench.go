package gradebench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"idemlab/harness/classgen"
	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	grading "idemlab/harness/grade"
	"idemlab/harness/internal/cpuprofile"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/progress"
)

// config is what the flags ask for.
type config struct {
	lab              *lab.Lab
	n                int
	seed             uint64
	quiet, noSandbox bool
	cpuProfile       string
}

// Main runs the gradebench command line args (without the program's name)
// with the labs of reg, -lab choosing one, and returns its exit status.
// gradebench starts the same binary again as each submission's worker
// (gradebench worker -lab NAME JOB), so the binary's main must call Main.
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "worker" {
		return grading.ServeLab("gradebench worker", reg, args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("gradebench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	var name string
	reg.Define(fs, &name)
	fs.IntVar(&c.n, "n", 200, "`N` submissions in the synthetic class")
	fs.Uint64Var(&c.seed, "seed", 1, "`SEED` of the class")
	fs.BoolVar(&c.quiet, "q", false, "print no progress")
	fs.BoolVar(&c.noSandbox, "no-sandbox", false, "run workers under resource limits only")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write a CPU profile of the grading process (not its workers) to `FILE`")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: gradebench [-lab NAME] [-n N] [-seed S] [-q] [-no-sandbox] [-cpuprofile FILE]\n\nGrades a synthetic class one submission at a time, then in parallel, and prints both rates. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	switch {
	case fs.NArg() > 0:
		return fail(stderr, exitcode.Usage, fmt.Errorf("unexpected argument %q (run 'gradebench -h' for usage)", fs.Arg(0)))
	case c.n < 1:
		return fail(stderr, exitcode.Usage, fmt.Errorf("-n %d: want at least 1 submission", c.n))
	}
	var err error
	if c.lab, err = reg.Lookup(name); err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	root, err := cli.Checkout("")
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	if c.cpuProfile != "" {
		stop, err := cpuprofile.Start(c.cpuProfile)
		if err != nil {
			return fail(stderr, exitcode.Usage, fmt.Errorf("-cpuprofile: %v", err))
		}
		defer stop()
	}
	return c.bench(root, stdout, stderr)
}

// Run is [Main] for lab l alone.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "gradebench:", err)
	return status
}

// bench is one measured grading of the class.
type bench struct {
	parallel int
	elapsed  time.Duration
	lab      time.Duration
	total    float64
}

// bench writes the class, grades it twice and prints both rates: FAIL,
// and exit status Survived, when the two runs graded differently.
func (c config) bench(root string, stdout, stderr io.Writer) int {
	entries, opt, cleanup, err := prepare(root, c)
	defer cleanup()
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	var runs []bench
	for _, par := range []int{1, runtime.GOMAXPROCS(0)} {
		b, err := measure(entries, opt, par, c.quiet, stderr)
		if err != nil {
			return fail(stderr, grading.Status(err), err)
		}
		runs = append(runs, b)
		fmt.Fprintf(stdout, "lab %s, %d submissions, %d at a time: %v (lab's own observations %v), %.0f submissions/min\n",
			c.lab.Name, len(entries), par, b.elapsed.Round(time.Millisecond), b.lab.Round(time.Millisecond), b.rate(len(entries)))
	}
	if runs[0].total != runs[1].total {
		fmt.Fprintf(stdout, "FAIL: the two runs graded differently: totals %v and %v\n", runs[0].total, runs[1].total)
		return exitcode.Survived
	}
	fmt.Fprintf(stdout, "parallel over sequential: %.2fx on %d CPUs (same grades in both runs)\n",
		runs[1].rate(len(entries))/runs[0].rate(len(entries)), runtime.GOMAXPROCS(0))
	return exitcode.OK
}

// prepare writes the class in a temporary folder, which cleanup removes
// (even after an error), and returns its entries and the options that
// grade them.
func prepare(root string, c config) (entries []grading.Entry, opt grading.Options, cleanup func(), err error) {
	cleanup = func() {}
	l := c.lab
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return nil, opt, cleanup, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, opt, cleanup, err
	}
	dir, err := os.MkdirTemp("", "gradebench-")
	if err != nil {
		return nil, opt, cleanup, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	if err := classgen.Write(dir, c.n, c.seed, classgen.DefaultMix, l, obs); err != nil {
		return nil, opt, cleanup, err
	}
	if entries, err = grading.ReadClass(dir, nil); err != nil {
		return nil, opt, cleanup, err
	}
	opt = grading.Options{Lab: l, Observations: obs, Rubric: grading.DefaultRubric,
		Worker: grading.Worker{Path: self, Args: []string{"worker", "-lab", l.Name}}, NoSandbox: c.noSandbox}
	return entries, opt, cleanup, nil
}

// measure grades the class par submissions at a time.
func measure(entries []grading.Entry, opt grading.Options, par int, quiet bool, stderr io.Writer) (bench, error) {
	meter := progress.New(stderr, len(entries), progress.Options{Label: fmt.Sprintf("gradebench (%d at a time)", par), Verb: "grading", Quiet: quiet})
	defer meter.Finish()
	opt.Parallel, opt.Progress = par, meter
	start := time.Now()
	c, err := grading.Grade(context.Background(), entries, opt)
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

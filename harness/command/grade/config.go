package grade

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"idemlab/harness/cli"
	grading "idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/progress"
)

// flags are grade's flags.
type flags struct {
	outputs
	signing
	chdir                                string
	rubric, heldOut                      string
	shard, lab                           string
	quiet, noSandbox                     bool
	parallel, maxObservations            int
	wall, timeout                        time.Duration
	memory, disk, output, maxFile, total cli.Bytes
}

func (f *flags) define(fs *flag.FlagSet, reg lab.Registry) {
	b := grading.DefaultBudgets
	reg.Define(fs, &f.lab)
	f.memory, f.disk, f.output = cli.Bytes(b.Memory), cli.Bytes(b.Disk), cli.Bytes(b.Output)
	f.maxFile, f.total = cli.Bytes(b.Limits.FileSize), cli.Bytes(b.Limits.TotalSize)
	f.outputs.define(fs)
	f.signing.define(fs, "with -shard, sign", "with -shard, write the shard unsigned (grade merge then refuses it unless given -unsigned)")
	fs.StringVar(&f.chdir, "C", "", "grade with the checkout in `DIR`; CLASS and files are relative to it (default: the current folder)")
	fs.StringVar(&f.rubric, "rubric", "", "the rubric's weights as JSON `FILE`")
	fs.StringVar(&f.heldOut, "heldout", "", "an extra catalogue `FILE` of mutants kept from the students")
	fs.StringVar(&f.shard, "shard", "", "grade only the K-th of N parts of the class (`K/N`), for grade merge")
	fs.BoolVar(&f.quiet, "q", false, "print no progress")
	fs.BoolVar(&f.noSandbox, "no-sandbox", false, "run workers without bubblewrap, under the resource limits alone (as an unprivileged user when grade runs as root); without it, grade refuses to run where bubblewrap is not usable")
	fs.IntVar(&f.parallel, "parallel", 0, "`N` submissions graded at once (default: the number of CPUs)")
	fs.DurationVar(&f.wall, "wall", b.Wall, "wall-clock budget of one submission's worker, a `DURATION` such as 2m")
	fs.DurationVar(&f.timeout, "timeout", b.Observation, "bound on one observation's run on one implementation, a `DURATION` such as 10s")
	fs.Var(&f.memory, "memory", "memory budget of each worker process (`SIZE`, as 2GiB)")
	fs.Var(&f.disk, "disk", "disk budget of a worker's work area (`SIZE`)")
	fs.Var(&f.output, "output", "budget of the results a worker sends back (`SIZE`)")
	fs.Var(&f.maxFile, "max-file", "largest file read from a submission (`SIZE`)")
	fs.Var(&f.total, "max-submission", "most bytes read from one submission (`SIZE`)")
	fs.IntVar(&f.maxObservations, "max-observations", b.Limits.Observations, "most observations run from one submission, a count `N`")
}

// config is a grading run, ready to start.
type config struct {
	class   string
	entries []grading.Entry
	opt     grading.Options
	held    *heldout.Set
	// platform is closed with the config.
	platform *platform
}

func (c *config) close() {
	if c.held != nil {
		c.held.Close()
	}
	c.platform.close()
}

// config reads every file the flags name and lists the class.
func (f *flags) config(l *lab.Lab, class string, stderr io.Writer) (*config, error) {
	f.platform.stderr = stderr
	if err := f.outputs.check(); err != nil {
		return nil, err
	}
	root, err := cli.Checkout(f.chdir)
	if err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return nil, err
	}
	opt := grading.Options{Lab: l, Observations: obs, Rubric: grading.DefaultRubric, Budgets: f.budgets(), Parallel: f.parallel,
		Worker: grading.Worker{Path: self, Args: workerArgs(l)}, NoSandbox: f.noSandbox, FeedbackDir: f.feedback}
	if err := f.files(&opt); err != nil {
		return nil, err
	}
	if err := f.shardInputs(&opt, obs); err != nil {
		return nil, err
	}
	f.platform.lab = l
	c := &config{class: class, opt: opt, platform: &f.platform}
	if err := f.platform.prepare(f.format, &c.opt.FeedbackDir); err != nil {
		return nil, err
	}
	// Gradescope's results.json shows every answer in a test after the
	// due date, from the answers file written beside the feedback.
	c.opt.Answers = f.platform.feedback != ""
	if f.heldOut != "" {
		build := func() (err error) {
			c.held, err = heldout.Load(l, root, f.heldOut, names(obs), killmatrix.Options{Timeout: opt.Budgets.Observation})
			return err
		}
		if err := progress.During(stderr, progress.Options{Label: "grade", Quiet: f.quiet}, "building the held-out mutants of "+f.heldOut, build); err != nil {
			c.close()
			return nil, fmt.Errorf("-heldout: %v", err)
		}
		c.opt.HeldOut = c.held
	}
	if c.entries, err = f.entries(class); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

func (f *flags) budgets() grading.Budgets {
	b := grading.DefaultBudgets
	b.Wall, b.Observation = f.wall, f.timeout
	b.Memory, b.Disk, b.Output = int64(f.memory), int64(f.disk), int64(f.output)
	b.Limits.FileSize, b.Limits.TotalSize, b.Limits.Observations = int64(f.maxFile), int64(f.total), f.maxObservations
	return b
}

// files reads the rubric and makes the feedback folder.
func (f *flags) files(opt *grading.Options) error {
	if f.rubric != "" {
		data, err := os.ReadFile(f.rubric)
		if err != nil {
			return err
		}
		if opt.Rubric, err = grading.ParseRubric(f.rubric, data); err != nil {
			return err
		}
	}
	if f.feedback != "" {
		if err := os.MkdirAll(f.feedback, 0o755); err != nil {
			return fmt.Errorf("-feedback: %v", err)
		}
	}
	return nil
}

// entries lists the class, its roster and its shard.
func (f *flags) entries(class string) ([]grading.Entry, error) {
	roster, digest, err := f.readRoster()
	if err != nil {
		return nil, err
	}
	entries, err := grading.ReadClass(class, roster)
	if err != nil || f.shard == "" {
		return entries, err
	}
	s, err := grading.ParseShard(f.shard)
	if err != nil {
		return nil, fmt.Errorf("-shard: %v", err)
	}
	f.inputs.Class, f.inputs.Roster = grading.ClassDigest(entries), digest
	return s.Select(entries), nil
}

// grade grades the class, with progress on stderr.
func (c *config) grade(ctx context.Context, quiet bool, stderr io.Writer) (*grading.Class, error) {
	meter := progress.New(stderr, len(c.entries), progress.Options{Label: "grade", Verb: "grading", Quiet: quiet})
	defer meter.Finish()
	c.opt.Progress = meter
	return grading.Grade(ctx, c.entries, c.opt)
}

func names(obs []killmatrix.Observation) []string {
	var out []string
	for _, o := range obs {
		out = append(out, o.Name)
	}
	return out
}

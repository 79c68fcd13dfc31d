package grade

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"idemlab/harness/heldout"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/harness/submission"
)

// A Worker says how to start a grading worker: a program that links the
// lab and hands its arguments to [Serve]. The grade command starts
// itself again (grade worker JOB); a test binary can do the same from
// its TestMain.
type Worker struct {
	Path string
	Args []string
	Env  []string
}

// JobFile is the name of the job a worker is given, in its stage folder.
const JobFile = "job.json"

// A job is one submission's work for a worker: its vetted observations,
// staged where the worker can read them, and the held-out program.
type job struct {
	Observations []jobObservation `json:"observations"`
	Timeout      time.Duration    `json:"timeout"`
	// Output is the worker's output budget: a result over it is sent
	// back as the observation that weighs the most (see overOutput).
	Output  int64 `json:"output"`
	Limits  submission.Limits
	HeldOut *jobHeldOut `json:"held_out,omitempty"`
}

// jobObservation is one observation: its name and file as the student
// knows them, and the staged copy that runs.
type jobObservation struct {
	Name string `json:"name"`
	File string `json:"file"`
	Run  string `json:"run"`
}

type jobHeldOut struct {
	Bin     string           `json:"bin"`
	Mutants []heldout.Mutant `json:"mutants"`
}

// workResult is what a worker prints: the student's observations judged
// against the reference and the lab's mutants, and against the held-out
// mutants.
type workResult struct {
	Own          *killmatrix.Matrix `json:"own"`
	HeldOut      *killmatrix.Matrix `json:"held_out,omitempty"`
	HeldOutError string             `json:"held_out_error,omitempty"`
	// OverOutput, when set, is all there is: the result was over budget.
	OverOutput *overOutput `json:"over_output,omitempty"`
}

// Serve is a grading worker's main function: args are the job file. It
// runs in the sandbox, its working directory the one place it may write,
// and prints its result as JSON on stdout. The observations are linted
// again before anything runs: the worker trusts nothing it is handed.
func Serve(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: grade worker JOB")
		return 2
	}
	res, budget, err := serve(l, args[0])
	var data []byte
	if err == nil {
		data, err = res.encode(budget)
	}
	if err == nil {
		_, err = stdout.Write(data)
	}
	if err != nil {
		fmt.Fprintln(stderr, "grade worker:", err)
		return 1
	}
	return 0
}

// serve runs the job in file and returns its result and output budget.
func serve(l *lab.Lab, file string) (*workResult, int64, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, 0, err
	}
	var j job
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, 0, fmt.Errorf("job %s: %v", file, err)
	}
	obs, err := j.observations(l)
	if err != nil {
		return nil, 0, err
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, 0, err
	}
	opt := killmatrix.Options{Timeout: j.Timeout, Parallel: 1, WorkRoot: wd}
	res := &workResult{Own: trim(killmatrix.Build(l, l.Mutants, obs, opt))}
	if j.HeldOut != nil {
		set := heldout.Attach(j.HeldOut.Bin, j.HeldOut.Mutants, wd, opt)
		if res.HeldOut, err = set.Run(obs); err != nil {
			res.HeldOut, res.HeldOutError = nil, err.Error()
		}
	}
	return res, j.Output, nil
}

// trim drops the transcripts of the cells that pass: a lesson shows
// where a mutant and the reference part ways only in an observation that
// kills it, so only failing cells (and the reference's runs) are sent
// back, which keeps a worker's result well within its output budget.
func trim(m *killmatrix.Matrix) *killmatrix.Matrix {
	for i := range m.Mutants {
		for name, c := range m.Mutants[i].Cells {
			if c.Status != outcome.Fail {
				c.Steps, c.Log = nil, ""
				m.Mutants[i].Cells[name] = c
			}
		}
	}
	return m
}

// observations reads and lints the job's staged observations.
func (j job) observations(l *lab.Lab) ([]killmatrix.Observation, error) {
	var obs []killmatrix.Observation
	for _, jo := range j.Observations {
		data, err := os.ReadFile(jo.Run)
		if err != nil {
			return nil, err
		}
		base := strings.TrimPrefix(jo.Name, killmatrix.KindStudent+"/")
		o, err := killmatrix.New(killmatrix.KindStudent, base, jo.File, data)
		if err == nil {
			err = submission.Lint(l, o, j.Limits)
		}
		if err != nil {
			return nil, err
		}
		o.Run = jo.Run
		obs = append(obs, o)
	}
	return obs, nil
}

// lendHeldOut sets the held-out program the workers run: the built one,
// or, where they run without bubblewrap as another user than root, a
// copy they may run but not read (the built one's folder is root's).
func (g *grader) lendHeldOut() error {
	if g.opt.HeldOut == nil {
		return nil
	}
	g.heldBin = g.opt.HeldOut.Bin()
	if !g.opt.NoSandbox || os.Geteuid() != 0 {
		return nil
	}
	bin, remove, err := sandbox.Lend(g.heldBin)
	if err != nil {
		return fmt.Errorf("grade: lending the held-out program to the workers: %v", err)
	}
	g.heldBin, g.returnHeldOut = bin, remove
	return nil
}

// forWorker is what a worker is told of the held-out mutants: how to
// find and judge each, never its code, its killer, its hint or why it
// did not build, which are the instructor's, and which a worker taken
// over by an observation could read in its job.
func forWorker(ms []heldout.Mutant) []heldout.Mutant {
	out := make([]heldout.Mutant, len(ms))
	for i, m := range ms {
		w := heldout.Mutant{UnviableKind: m.UnviableKind, Shown: m.Shown}
		w.Name, w.Label, w.Step, w.Function, w.Visibility = m.Name, m.Label, m.Step, m.Function, m.Visibility
		if m.Unviable != "" {
			w.Unviable = "unviable: " + m.UnviableKind
		}
		out[i] = w
	}
	return out
}

// A workOutcome is what became of one submission's worker.
type workOutcome struct {
	result    *workResult
	isolation string
	// flag says why the worker's result is missing, "" when it is there.
	flag string
}

// work runs the submission's vetted observations, staged in stage, in a
// worker under the budgets, in a work area of its own that is removed
// however the worker ended.
func (g *grader) work(ctx context.Context, stage string, obs []killmatrix.Observation) workOutcome {
	j := job{Timeout: g.opt.Budgets.Observation, Output: g.opt.Budgets.Output, Limits: g.opt.Budgets.Limits}
	for _, o := range obs {
		j.Observations = append(j.Observations, jobObservation{Name: o.Name, File: o.File, Run: o.Run})
	}
	var readOnly []string
	if g.opt.HeldOut != nil {
		j.HeldOut = &jobHeldOut{Bin: g.heldBin, Mutants: forWorker(g.opt.HeldOut.Mutants())}
		readOnly = append(readOnly, g.heldBin)
	}
	file := filepath.Join(stage, JobFile)
	data, err := json.Marshal(j)
	if err == nil {
		err = os.WriteFile(file, data, 0o644)
	}
	if err != nil {
		return workOutcome{flag: fmt.Sprintf("grading stopped: cannot prepare the worker: %v", err)}
	}
	work, err := os.MkdirTemp(g.opt.WorkRoot, "idemlab-work-")
	if err != nil {
		return workOutcome{flag: fmt.Sprintf("grading stopped: cannot prepare the worker: %v", err)}
	}
	defer os.RemoveAll(work)
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Path: g.opt.Worker.Path, Args: append(append([]string{}, g.opt.Worker.Args...), file),
		Env: append([]string{"GOMAXPROCS=1"}, g.opt.Worker.Env...), Work: work, ReadOnly: readOnly, Given: []string{stage},
		Budget: g.opt.Budgets.Sandbox(), NoSandbox: g.opt.NoSandbox, NoProc: true,
	})
	if err != nil {
		return workOutcome{flag: fmt.Sprintf("grading stopped: the worker could not start: %v", err)}
	}
	return g.outcome(res)
}

// outcome reads a worker's result, or says why there is none.
func (g *grader) outcome(res sandbox.Result) workOutcome {
	out := workOutcome{isolation: res.Isolation}
	b := g.opt.Budgets
	const lost = "; its own observations count nothing"
	switch {
	case res.OverWall:
		out.flag = fmt.Sprintf("timeout: grading its observations took more than its budget of %v and was stopped%s", b.Wall, lost)
	case res.OverOutput:
		out.flag = fmt.Sprintf("its observations' results exceeded the budget of %s%s", size(b.Output), lost)
	case res.Signal != "":
		out.flag = fmt.Sprintf("grading its observations was killed (signal %s: over its memory budget of %s or its CPU time)%s", res.Signal, size(b.Memory), lost)
	case res.ExitCode != 0:
		out.flag = fmt.Sprintf("grading its observations failed (exit status %d: %s)%s", res.ExitCode, firstLine(string(res.Stderr)), lost)
	}
	if out.flag != "" {
		return out
	}
	var wr workResult
	err := json.Unmarshal(res.Stdout, &wr)
	if err == nil && wr.OverOutput != nil {
		out.flag = overOutputFlag(wr.OverOutput, b.Output)
		return out
	}
	if err != nil || wr.Own == nil {
		out.flag = fmt.Sprintf("grading its observations sent back no result (%v)%s", err, lost)
		return out
	}
	out.result = &wr
	return out
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return submission.Quote(line)
}

// ServeLab is the worker's main function in a binary that has several
// labs built in: it reads -lab NAME from args (the parent passes the
// lab it grades), then calls [Serve] with the rest. prog names the
// worker in its errors.
func ServeLab(prog string, reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(prog, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var name string
	reg.Define(fs, &name)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	l, err := reg.Lookup(name)
	if err != nil {
		fmt.Fprintf(stderr, "%s: -lab: %v\n", prog, err)
		return 2
	}
	return Serve(l, fs.Args(), stdout, stderr)
}

package grade

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"idemlab/harness/exitcode"
	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// Schema names the JSON form of a graded class.
//
// History: idemlab/grade/v1 had the rows and analytics; idemlab/grade/v2
// adds the budgets and limits, the shard, each row's refused and flaky
// observations, predictions and isolation, and escapes names.
const Schema = "idemlab/grade/v2"

// Options are what grading needs from the grader's checkout.
type Options struct {
	// Lab is the lab graded; Observations its own, run once for the
	// whole class.
	Lab          *lab.Lab
	Observations []killmatrix.Observation
	// HeldOut is nil when the instructor keeps no extra mutants.
	HeldOut *heldout.Set
	Rubric  Rubric
	Budgets Budgets
	// Parallel is how many submissions are graded at once (default the
	// number of CPUs).
	Parallel int
	// Worker starts a worker; NoSandbox runs workers under the resource
	// limits alone, without bubblewrap.
	Worker    Worker
	NoSandbox bool
	// WorkRoot is where the stage and work folders are made ("" for the
	// system's temporary folder).
	WorkRoot string
	// FeedbackDir, when set, receives each graded student's feedback as
	// NAME.txt, written as soon as the student is graded; with Answers
	// set, also NAME.answers.txt, their report with every answer shown,
	// for a platform that shows it only after the due date.
	FeedbackDir string
	// Answers asks for NAME.answers.txt beside each NAME.txt (-format
	// gradescope sets it).
	Answers bool
	// Progress hears of each submission as it starts and is done.
	Progress killmatrix.Progress
	// Shard, when set, says which part of the class this run grades.
	Shard *Shard
	// Now is the moment of grading, which no time in a history may pass
	// (default time.Now).
	Now func() time.Time
}

// grader grades one class.
type grader struct {
	opt     Options
	lab     *killmatrix.Matrix // the lab's observations, run once
	heldLab *killmatrix.Matrix // the same, against the held-out mutants
	heldBin string             // the held-out program a worker runs
	// returnHeldOut removes the copy of it lendHeldOut made, if any.
	returnHeldOut func()
	// kept is each student's feedback, kept in a shard for grade merge.
	mu   sync.Mutex
	kept map[string]string
}

// Grade grades the entries of a class. The lab's observations run once,
// in this process; each submission's own run in a worker of its own,
// Parallel at a time. A submission that cannot be graded in full is
// graded as far as it can be and flagged; it never stops the class. Only
// a lab whose own observations do not pass is an error: no grade would be
// fair.
func Grade(ctx context.Context, entries []Entry, opt Options) (*Class, error) {
	start := time.Now()
	if opt.Parallel <= 0 {
		opt.Parallel = runtime.GOMAXPROCS(0)
	}
	if opt.Budgets == (Budgets{}) {
		opt.Budgets = DefaultBudgets
	}
	if opt.Worker.Path == "" {
		return nil, errors.New("grade: no worker to run submissions in")
	}
	if err := CheckSandbox(opt); err != nil {
		return nil, err
	}
	stage(opt.Progress, "running the lab's own observations")
	g, err := newGrader(opt)
	if err != nil {
		return nil, err
	}
	if err := g.lendHeldOut(); err != nil {
		return nil, err
	}
	if g.returnHeldOut != nil {
		defer g.returnHeldOut()
	}
	stage(opt.Progress, "grading")
	c := newClass(opt)
	c.LabElapsedMS = g.lab.Elapsed.Milliseconds()
	c.Rows = make([]Row, len(entries))
	var wg sync.WaitGroup
	sem := make(chan struct{}, opt.Parallel)
	for i, e := range entries {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			c.Rows[i] = g.grade(ctx, e)
		}()
	}
	wg.Wait()
	if opt.Shard != nil {
		c.Feedback = g.kept
	}
	c.Analytics = Analyse(c.Rows, opt.Lab.Catalogue, c.HeldOut)
	c.ElapsedMS = time.Since(start).Milliseconds()
	return c, nil
}

// stage names the work now under way, for a progress meter that shows it.
func stage(p killmatrix.Progress, name string) {
	if s, ok := p.(interface{ Stage(string) }); ok {
		s.Stage(name)
	}
}

// An UnsoundError says the lab's own observations do not pass on the
// reference, or are flaky: no grade would be fair.
type UnsoundError struct{ Err error }

// Status is the exit status a failure of [Grade] calls for: Broken when
// the lab itself is unsound, Internal for anything else, OK for none.
func Status(err error) int {
	var unsound *UnsoundError
	switch {
	case errors.As(err, &unsound):
		return exitcode.Broken
	case errors.Is(err, sandbox.ErrNoSandbox):
		return exitcode.Usage
	case err != nil:
		return exitcode.Internal
	}
	return exitcode.OK
}

func (e *UnsoundError) Error() string {
	return fmt.Sprintf("the grader's own lab is not sound, so no grade would be fair:\n%v", e.Err)
}

// newGrader runs the lab's own observations against the reference, the
// lab's mutants and the held-out ones.
func newGrader(opt Options) (*grader, error) {
	build := killmatrix.Options{Timeout: opt.Budgets.Observation}
	g := &grader{opt: opt, lab: killmatrix.Build(opt.Lab, opt.Lab.Mutants, opt.Observations, build)}
	if err := g.lab.Gate(); err != nil {
		return nil, &UnsoundError{err}
	}
	if opt.HeldOut != nil {
		var err error
		if g.heldLab, err = opt.HeldOut.Run(opt.Observations); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// grade grades one entry. Nothing it meets in the submission stops it.
func (g *grader) grade(ctx context.Context, e Entry) (row Row) {
	row = newRow(e)
	if p := g.opt.Progress; p != nil {
		p.Start(e.Student)
		defer p.Done(e.Student)
	}
	defer func() {
		if v := recover(); v != nil {
			row.Flags = append(row.Flags, fmt.Sprintf("grading stopped: internal error: %v", v))
		}
		row.Total = g.opt.Rubric.Total(row)
	}()
	if !e.Graded() {
		return row
	}
	stage, err := os.MkdirTemp(g.opt.WorkRoot, "idemlab-stage-")
	if err != nil {
		row.Flags = append(row.Flags, "grading stopped: "+err.Error())
		return row
	}
	defer os.RemoveAll(stage)
	sub, err := submission.Reader{Lab: g.opt.Lab, Limits: g.opt.Budgets.Limits, Stage: stage}.Read(e.Dir)
	if err != nil {
		row.Flags = append(row.Flags, "cannot read the submission: "+err.Error())
		return row
	}
	row.Graded = true
	r, problems, history, unbacked := g.judge(ctx, stage, sub, &row)
	row.count(r, sub, g.opt.Budgets.Observation)
	row.Total = g.opt.Rubric.Total(row)
	lang := g.lang(sub, r)
	row.Lang = string(lang)
	if err := g.feedback(e, graded{row, r, problems, lang, history, unbacked}); err != nil {
		row.Flags = append(row.Flags, "feedback not written: "+err.Error())
	}
	return row
}

// judge runs the submission and assembles its full report; the
// worksheets' problems and the history come back for the feedback.
func (g *grader) judge(ctx context.Context, stage string, sub *submission.Submission, row *Row) (*report.Report, predict.Problems, *predict.History, string) {
	row.Flags = append(row.Flags, sub.Flags...)
	sheet, problems := g.sheet(sub, row)
	full, held := g.lab, g.heldLab
	var out workOutcome
	if len(sub.Observations) > 0 {
		out = g.work(ctx, stage, sub.Observations)
		full, held = g.merge(out, sub.Observations, row)
	}
	parts := labrun.Parts{Matrix: full, Sheet: sheet, Refused: sub.Refused}
	if g.opt.HeldOut != nil {
		parts.HeldOut, parts.Held = held, g.opt.HeldOut.Mutants()
	}
	r, err := labrun.Assemble(g.opt.Lab, parts)
	if err != nil {
		panic(err) // the matrices come from one lab: a mismatch is a bug
	}
	h, why := g.history(sub, r, row)
	return r, problems, h, why
}

// sheet reads the worksheets: a malformed block is flagged with its line
// and the rest is graded.
func (g *grader) sheet(sub *submission.Submission, row *Row) (*predict.Sheet, predict.Problems) {
	known := labrun.Known(g.opt.Lab, append(append([]killmatrix.Observation{}, g.opt.Observations...), sub.Observations...))
	for name := range sub.Refused {
		known.Observations = append(known.Observations, name)
	}
	if len(sub.Worksheets) == 0 {
		row.Flags = append(row.Flags, "no worksheet: no predictions to grade")
	}
	sheet, problems := predict.Read(sub.Worksheets, known)
	if len(sub.Worksheets) > 0 && len(sheet.Predictions) == 0 && len(problems) == 0 {
		// An empty worksheet, or one whose blocks are all unfilled, is as
		// good as none; a malformed block is flagged as a problem below.
		var files []string
		for _, w := range sub.Worksheets {
			files = append(files, submission.Quote(w.File))
		}
		row.Flags = append(row.Flags, "no predictions: "+strings.Join(files, ", ")+" holds no filled prediction block to grade")
	}
	more := len(problems) - maxProblems
	if more > 0 {
		problems = problems[:maxProblems] // the feedback lists these too
	}
	for _, p := range problems {
		row.Flags = append(row.Flags, "worksheet: "+submission.Quote(excerpt(p.Error(), MaxFlagRunes)))
	}
	if more > 0 {
		row.Flags = append(row.Flags, fmt.Sprintf("worksheet: and %s more problems", thousands(more)))
	}
	return sheet, problems
}

// history notes in each verdict whether its prediction was recorded
// before its answer was revealed, as the submission's history says, and
// says why when the history cannot back its predictions: "none" (no
// history handed in), "unread" (it does not read), "tampered" (it holds
// what no run writes), or "" (it is sound). Only a prediction the history
// records, seen no later than its answer was first shown, is backed;
// every other judged one keeps Recorded "" and earns the rubric's
// prediction_after_reveal, flagged with its file:line. The history is
// the student's own file: this catches a history deleted, broken, edited
// by hand into the impossible, or a prediction edited after its answer;
// it cannot catch answers seen in another clone, or a history rewritten
// with care (see the package doc).
func (g *grader) history(sub *submission.Submission, r *report.Report, row *Row) (*predict.History, string) {
	file := filepath.Base(g.opt.Lab.Layout.History)
	if sub.History == nil {
		g.unbacked(r, row, "none handed in")
		return nil, "none"
	}
	h, err := predict.ParseHistory(file, sub.History)
	if err != nil {
		g.unbacked(r, row, "unreadable ("+submission.Quote(err.Error())+")")
		return nil, "unread"
	}
	now := time.Now()
	if g.opt.Now != nil {
		now = g.opt.Now()
	}
	if bad := h.Impossible(now); len(bad) > 0 {
		var whys []string
		for _, b := range bad {
			whys = append(whys, fmt.Sprintf("%s:%d: %s: %s", file, keyLine(sub.History, b.Mutant), b.Mutant, b.Why))
		}
		g.unbacked(r, row, "tampered ("+submission.Quote(strings.Join(whys, "; "))+")")
		return h, "tampered"
	}
	r.History(h)
	row.Flags = append(row.Flags, revealFlags(file, sub.History, h, r)...)
	for _, v := range r.Verdicts {
		if !v.Judged || v.Recorded != "" {
			continue
		}
		mu, _ := r.Mutant(v.Prediction.Mutant)
		shown := ""
		if m := h.Mutants[v.Prediction.Mutant]; m != nil && m.Revealed != nil {
			shown = fmt.Sprintf(", which shows its answer at %s by %s", m.Revealed.UTC().Format(time.RFC3339), submission.Quote(m.By))
		}
		row.Flags = append(row.Flags, fmt.Sprintf("history: %s: %s's prediction is not in %s%s: counts as after it", v.Prediction.Pos, mu.ID(), file, shown))
	}
	return h, ""
}

// unbacked flags that the history backs none of the judged predictions,
// and why.
func (g *grader) unbacked(r *report.Report, row *Row, why string) {
	if unknown := unrecorded(r); len(unknown) > 0 {
		row.Flags = append(row.Flags, fmt.Sprintf("history: %s: the predictions of %s count as after their answers", why, strings.Join(unknown, ", ")))
	}
}

// keyLine is the line of the history where mutant's record starts (its
// key), 0 when it cannot be found.
func keyLine(data []byte, mutant string) int {
	key, _ := json.Marshal(mutant)
	i := bytes.Index(data, append(key, ':'))
	if i < 0 {
		i = bytes.Index(data, key)
	}
	if i < 0 {
		return 0
	}
	return 1 + bytes.Count(data[:i], []byte("\n"))
}

// unrecorded lists the mutants of the judged predictions whose timing no
// history records.
func unrecorded(r *report.Report) []string {
	var ids []string
	for _, v := range r.Verdicts {
		if v.Judged && v.Recorded == "" {
			mu, _ := r.Mutant(v.Prediction.Mutant)
			ids = append(ids, mu.ID())
		}
	}
	return ids
}

// lang is the student's language: their predictions', else Chinese when
// their only worksheet is the Chinese one.
func (g *grader) lang(sub *submission.Submission, r *report.Report) i18n.Lang {
	fallback := i18n.English
	if len(sub.Worksheets) > 0 && !slices.ContainsFunc(sub.Worksheets, func(w predict.Source) bool { return predict.LangOf(w.File) != i18n.Chinese }) {
		fallback = i18n.Chinese
	}
	return labrun.Language(r.Predictions, fallback)
}

// merge joins the worker's matrices to the lab's, giving each
// observation back what the grader vetted (the worker is trusted with
// verdicts, not with names and files).
func (g *grader) merge(out workOutcome, obs []killmatrix.Observation, row *Row) (full, held *killmatrix.Matrix) {
	full, held = g.lab, g.heldLab
	row.Isolation = out.isolation
	if out.flag != "" {
		row.Flags = append(row.Flags, out.flag)
		return full, held
	}
	own := out.result.Own
	if err := vetted(own, obs); err != nil {
		row.Flags = append(row.Flags, "grading stopped: "+err.Error())
		return full, held
	}
	m, err := killmatrix.Merge(g.lab, own)
	if err != nil {
		row.Flags = append(row.Flags, "grading stopped: "+err.Error())
		return full, held
	}
	full = m
	switch h := out.result.HeldOut; {
	case g.heldLab == nil:
	case out.result.HeldOutError != "":
		row.Flags = append(row.Flags, "held-out mutants: "+submission.Quote(out.result.HeldOutError))
	case h != nil && vetted(h, obs) == nil:
		if m, err := killmatrix.Merge(g.heldLab, h); err == nil {
			held = m
		}
	}
	return full, held
}

// vetted checks that a worker's matrix judged exactly the observations
// given, and restores each one's script and text.
func vetted(m *killmatrix.Matrix, obs []killmatrix.Observation) error {
	if len(m.Observations) != len(obs) {
		return fmt.Errorf("the worker judged %d observations, not the %d given", len(m.Observations), len(obs))
	}
	for i := range m.Observations {
		if m.Observations[i].Name != obs[i].Name {
			return fmt.Errorf("the worker judged %q where %q was given", m.Observations[i].Name, obs[i].Name)
		}
		m.Observations[i].Observation = obs[i]
	}
	return nil
}

// feedback writes the student's feedback file, when asked to, and keeps
// it in a shard's result.
func (g *grader) feedback(e Entry, gr graded) error {
	if g.opt.FeedbackDir == "" && g.opt.Shard == nil || submission.CheckName(e.Student) != nil {
		return nil
	}
	name := e.Output
	if name == "" {
		name = e.Student // an entry made by hand, not by ReadClass
	}
	text := gr.feedback(g.opt)
	if g.opt.Shard != nil {
		g.mu.Lock()
		if g.kept == nil {
			g.kept = map[string]string{}
		}
		g.kept[name] = string(text)
		g.mu.Unlock()
	}
	if g.opt.FeedbackDir == "" {
		return nil
	}
	if err := os.WriteFile(filepath.Join(g.opt.FeedbackDir, name+".txt"), text, 0o644); err != nil {
		return err
	}
	if !g.opt.Answers || gr.report == nil {
		return nil
	}
	return os.WriteFile(filepath.Join(g.opt.FeedbackDir, name+".answers.txt"), gr.answers(), 0o644)
}

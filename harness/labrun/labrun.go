package labrun

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/safefs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// Config says what one run reads and how its report is shown.
type Config struct {
	// Lab is the lab run; Root the module root of its checkout.
	Lab  *lab.Lab
	Root string
	// Dir holds the folders of the lab's own observations, its layout's
	// Kinds (default the layout's Observations); StudentRoot holds the
	// folder of the student's own, its layout's Own (default Dir).
	Dir, StudentRoot string
	// Own, when set, are the student's observations, already read (the
	// submission package reads them safely), and Refused those it would
	// not run, by name, with why; StudentRoot is then not read.
	Own     []killmatrix.Observation
	Refused map[string]string
	// Worksheets hold the predictions (default the lab's; a missing one
	// is skipped).
	Worksheets []string
	// Run keeps only observations whose name matches, when not nil (the
	// user's -run); Only, when not nil, keeps those it names (a checker
	// re-running a report's observations).
	Run  *regexp.Regexp
	Only map[string]bool
	// Mutants are judged (default: every compiled mutant).
	Mutants []lab.Impl
	Build   killmatrix.Options
	// HeldOut, when set, adds an instructor's held-out mutants; with
	// HeldOutOnly set, only those it names are judged.
	HeldOut     *heldout.Set
	HeldOutOnly []string
	// View is what the report shows (default report.Student); Lang its
	// language ("" chooses: see [Lang]).
	View report.View
	Lang i18n.Lang
	// Student and Commit say whose report it is and of what.
	Student, Commit string
	// History, when set, is the prediction history file the run records
	// its predictions and reveals in, in every view: the instructor's
	// shows every answer, so in a student's checkout it records them all
	// as shown.
	History string
	// RevealBy says how the history records an answer this run shows
	// unpredicted: predict.ByReveal in the reveal view and
	// predict.ByInstructor in the instructor's, unless set (the gate sets
	// predict.ByCI when a CI runner's environment chose the view).
	RevealBy string
	// Selection words the selection for the report ("-run fetch").
	Selection string
}

// A UsageError is a problem with what the user gave (a folder, a
// worksheet that cannot be read): nothing ran, and no report was made.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// A Plan is everything read before the run: observations, predictions and
// the digests of every input.
type Plan struct {
	Config
	Observations []killmatrix.Observation
	Sheet        *predict.Sheet
	// Problems are the worksheets' blocks that do not read, each at its
	// file:line: the report lists them and judges the other blocks.
	// Warnings do not stop a block from being read.
	Problems predict.Problems
	Warnings predict.Problems
	Inputs   []report.Digest
	// predictions is the checkout's prediction history, read by Prepare;
	// nil when the run keeps none. fresh is set when its file did not
	// exist then.
	predictions *predict.History
	fresh       bool
}

// Prepare reads the observations and the worksheets in full. A malformed
// prediction block is left out and listed in Plan.Problems (and then in
// the report) at its file:line, and the well-formed blocks beside it are
// judged: the student sees what a grader of the same worksheet sees.
// Predictions are read against every observation and mutant of the lab,
// so that one about something a selection leaves out is not judged, and
// not wrong.
func Prepare(cfg Config) (*Plan, error) {
	cfg = cfg.withDefaults()
	all, err := cfg.observations()
	if err != nil {
		return nil, err
	}
	obs := slices.DeleteFunc(slices.Clone(all), func(o killmatrix.Observation) bool {
		return cfg.Run != nil && !cfg.Run.MatchString(o.Name) || cfg.Only != nil && !cfg.Only[o.Name]
	})
	if len(obs) == 0 && len(all) > 0 && cfg.Run != nil {
		return nil, &UsageError{fmt.Sprintf("-run %q matches none of the %d observations in %s", cfg.Run, len(all), cfg.Dir)}
	}
	if len(obs) == 0 {
		return nil, &UsageError{fmt.Sprintf("no observations in %s (want %s/*.txtar)", cfg.Dir, strings.Join(append(slices.Clone(cfg.Lab.Layout.Kinds), cfg.Lab.Layout.Own), "/*.txtar, "))}
	}
	sheet, problems, err := cfg.sheet(all)
	if err != nil {
		return nil, err
	}
	history, err := cfg.loadHistory()
	if err != nil {
		return nil, err
	}
	inputs, err := cfg.inputs(obs)
	if err != nil {
		return nil, err
	}
	return &Plan{Config: cfg, Observations: obs, Sheet: sheet, Problems: problems.Errors(), Warnings: problems.Warnings(), Inputs: inputs,
		predictions: history, fresh: history != nil && !exists(cfg.History)}, nil
}

// loadHistory reads the prediction history before anything runs, so
// that a history the student's checkout holds and that does not read is
// a usage error naming its line, not a run thrown away at its end. It is
// nil when the run keeps none (no History).
func (cfg Config) loadHistory() (*predict.History, error) {
	if cfg.History == "" {
		return nil, nil
	}
	h, err := predict.LoadHistory(cfg.History)
	if err != nil {
		return nil, &UsageError{fmt.Sprintf("prediction history: %v (fix it, or delete it to start a new one)", err)}
	}
	return h, nil
}

func (cfg Config) withDefaults() Config {
	layout := cfg.Lab.Layout
	if cfg.Dir == "" {
		cfg.Dir = relative(filepath.Join(cfg.Root, filepath.FromSlash(layout.Observations)))
	}
	if cfg.StudentRoot == "" {
		cfg.StudentRoot = cfg.Dir
	}
	if cfg.Worksheets == nil {
		for _, w := range layout.Worksheets {
			cfg.Worksheets = append(cfg.Worksheets, relative(filepath.Join(cfg.Root, filepath.FromSlash(w))))
		}
	}
	if cfg.Mutants == nil {
		cfg.Mutants = cfg.Lab.Mutants
	}
	if cfg.View == "" {
		cfg.View = report.Student
	}
	return cfg
}

// observations are the lab's own and the student's.
func (cfg Config) observations() ([]killmatrix.Observation, error) {
	obs, err := killmatrix.Discover(cfg.Dir, cfg.Lab.Layout.Kinds...)
	if err != nil {
		return nil, &UsageError{err.Error()}
	}
	own := cfg.Own
	if own == nil && cfg.Refused == nil {
		if own, err = killmatrix.Discover(cfg.StudentRoot, cfg.Lab.Layout.Own); err != nil {
			return nil, &UsageError{err.Error()}
		}
	}
	return cfg.fromRoot(append(obs, own...)), nil
}

// LabObservations are lab l's own observations in the checkout at root,
// each named relative to root (testdata/edge/x.txtar) and run from where
// it is.
func LabObservations(l *lab.Lab, root string) ([]killmatrix.Observation, error) {
	obs, err := killmatrix.Discover(filepath.Join(root, filepath.FromSlash(l.Layout.Observations)), l.Layout.Kinds...)
	if err != nil {
		return nil, err
	}
	return Config{Root: root}.fromRoot(obs), nil
}

// fromRoot names every observation's file relative to the module root,
// so that a report's positions are the same wherever it was made from
// (testdata/edge/x.txtar:12); each still runs from where it was found.
func (cfg Config) fromRoot(obs []killmatrix.Observation) []killmatrix.Observation {
	out := make([]killmatrix.Observation, len(obs))
	for i, o := range obs {
		if o.Run == "" {
			o.Run = o.File
		}
		// Run is where the file is, from the working directory; File may
		// already be named otherwise (a reader's Root or Prefix).
		o.File = slashRel(cfg.Root, o.Run)
		out[i] = o
	}
	return out
}

// sheet reads the predictions against every observation and mutant: the
// well-formed blocks, and every problem (a malformed block is left out
// and the rest kept, as a grader reads a submission).
func (cfg Config) sheet(all []killmatrix.Observation) (*predict.Sheet, predict.Problems, error) {
	known := Known(cfg.Lab, all)
	for name := range cfg.Refused {
		known.Observations = append(known.Observations, name)
	}
	var srcs []predict.Source
	for _, w := range cfg.Worksheets {
		// A worksheet is a checkout's file, which checkreport reads
		// untrusted: a link, a FIFO or a device is refused, never read.
		data, err := safefs.ReadFile(w, report.MaxInputSize)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, nil, &UsageError{err.Error()}
		}
		srcs = append(srcs, predict.Source{File: slashRel(cfg.Root, w), Data: data})
	}
	sheet, problems := predict.Read(srcs, known)
	// A worksheet that is not text has no block to judge: that is what
	// the user gave wrong, not one malformed block among others.
	for _, p := range problems.Errors() {
		if p.Code == "not-text" {
			lang := cfg.Lang
			if lang == "" {
				lang = predict.LangOf(p.File)
			}
			return nil, nil, &UsageError{p.In(lang)}
		}
	}
	return sheet, problems, nil
}

// Known is what a worksheet of lab l may name, with observations obs.
func Known(l *lab.Lab, obs []killmatrix.Observation) predict.Known {
	known := predict.Known{Labels: map[string]string{}, Dir: l.Layout.Observations}
	for _, m := range l.Catalogue.Mutants {
		known.Mutants = append(known.Mutants, m.Name)
		if m.Label != "" {
			known.Labels[m.Label] = m.Name
		}
	}
	for _, o := range obs {
		known.Observations = append(known.Observations, o.Name)
	}
	return known
}

// inputs digests the observations run, the worksheets and the lab.
func (cfg Config) inputs(obs []killmatrix.Observation) ([]report.Digest, error) {
	var files []string
	var outside []report.Digest
	for _, o := range obs {
		// Relative to the root, unless the student's folder lies outside
		// the checkout (-student ../elsewhere/student): report.Inputs
		// reads only inside the root, so that one is digested here, from
		// the file that runs (read once already, through the submission's
		// checks).
		if filepath.IsLocal(filepath.FromSlash(o.File)) {
			files = append(files, o.File)
			continue
		}
		outside = append(outside, digestOutside(o.File, o.Run))
	}
	// A worksheet the user named outside the checkout (-worksheet
	// /tmp/w.md) is no part of it either: it is digested here, as the
	// sheet read it.
	for _, w := range cfg.Worksheets {
		rel := slashRel(cfg.Root, w)
		if !filepath.IsAbs(filepath.FromSlash(rel)) {
			files = append(files, rel)
			continue
		}
		outside = append(outside, digestOutside(rel, w))
	}
	in, err := report.Inputs(cfg.Root, cfg.Lab.Layout, files)
	return append(outside, in...), err
}

// digestOutside is the digest of file, named rel in the report; a file
// that cannot be read has an empty digest, as a missing worksheet has.
func digestOutside(rel, file string) report.Digest {
	d := report.Digest{Path: rel}
	if data, err := safefs.ReadFile(file, report.MaxInputSize); err == nil {
		sum := sha256.Sum256(data)
		d.SHA256 = hex.EncodeToString(sum[:])
	}
	return d
}

// A Result is what a run found.
type Result struct {
	// Report is the report in the plan's view and language; Full is the
	// same in the instructor's view, everything in it.
	Report, Full *report.Report
	// Matrix is the lab's own mutants' matrix, whose Gate says whether
	// the lab is sound.
	Matrix *killmatrix.Matrix
}

// Run runs the plan: the reference, then every mutant, then any held-out
// mutants.
func (p *Plan) Run() (*Result, error) {
	labMatrix := killmatrix.Build(p.Lab, p.Mutants, p.Observations, p.Build)
	r, err := p.report(labMatrix)
	if err != nil {
		return nil, err
	}
	p.meta(r)
	r.WorksheetProblems = p.Problems
	out := r.For(p.View)
	if err := p.history(r, out); err != nil {
		return nil, err
	}
	lang, from := p.language()
	out.Localize(lang)
	r.Localize(lang)
	out.Meta.LangFrom, r.Meta.LangFrom = from, from
	return &Result{Report: out, Full: r, Matrix: labMatrix}, nil
}

// HeldOutSurvived reports whether a held-out mutant survived (and is not
// marked equivalent) or could not be judged: an instructor's failure.
func (res *Result) HeldOutSurvived() bool {
	for _, mu := range res.Full.Mutants {
		if mu.Origin == report.OriginHeldOut && (mu.Outcome == outcome.Survived || mu.Outcome == outcome.Invalid) {
			return true
		}
	}
	return false
}

// report builds the full report, held-out mutants joined.
func (p *Plan) report(labMatrix *killmatrix.Matrix) (*report.Report, error) {
	parts := Parts{Matrix: labMatrix, Sheet: p.Sheet, Refused: p.Refused, Inputs: p.Inputs}
	if p.HeldOut != nil {
		hm, err := p.HeldOut.Run(p.Observations)
		if err != nil {
			return nil, err
		}
		parts.HeldOut, parts.Held = hm, p.HeldOut.Mutants()
		if p.HeldOutOnly != nil {
			hm.Mutants = slices.DeleteFunc(hm.Mutants, func(m killmatrix.MutantRow) bool { return !slices.Contains(p.HeldOutOnly, m.Name) })
			parts.Held = slices.DeleteFunc(slices.Clone(parts.Held), func(m heldout.Mutant) bool { return !slices.Contains(p.HeldOutOnly, m.Name) })
		}
	}
	r, err := Assemble(p.Lab, parts)
	if err != nil {
		return nil, err
	}
	r.Docs = docs(r, guideDocs(p.Root, p.Lab))
	// What the report tells a student to fill is what the checkout has:
	// a lab's layout may name a Chinese worksheet it does not ship.
	r.Worksheets = slices.DeleteFunc(slices.Clone(r.Worksheets), func(w string) bool {
		_, err := os.Stat(filepath.Join(p.Root, filepath.FromSlash(w)))
		return err != nil
	})
	if err := p.sources(r); err != nil {
		return nil, err
	}
	heldOutDiffs(r, parts.Held)
	if p.View == report.Instructor && p.HeldOut != nil {
		if err := searchHeldOut(r, p.HeldOut); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// HeldOutSearch is the budget of the differential search of each held-out
// survivor, in programs and in time, in the instructor's view.
const (
	HeldOutSearchPrograms = 2000
	HeldOutSearchTime     = 30 * time.Second
)

// searchHeldOut runs the differential search of every held-out survivor,
// for the instructor's view: the minimal script that kills it, if the
// search finds one, shows where the observations have a hole.
func searchHeldOut(r *report.Report, set *heldout.Set) error {
	var names []string
	for _, mu := range r.Mutants {
		if mu.Origin == report.OriginHeldOut && mu.Outcome == outcome.Survived {
			names = append(names, mu.Name)
		}
	}
	results, err := set.Search(names, HeldOutSearchPrograms, HeldOutSearchTime)
	if err != nil {
		return err
	}
	for _, res := range results {
		i := slices.IndexFunc(r.Mutants, func(mu report.Mutant) bool { return mu.Name == res.Other })
		r.Mutants[i].Search = &res
	}
	return nil
}

// Parts are what a full report is assembled from.
type Parts struct {
	// Matrix judges the lab's mutants; HeldOut, when not nil, the viable
	// held-out mutants of Held against the same observations.
	Matrix, HeldOut *killmatrix.Matrix
	Held            []heldout.Mutant
	// Sheet holds the predictions (nil for none); Refused the student's
	// observations refused before they ran, by name, with why.
	Sheet   *predict.Sheet
	Refused map[string]string
	Inputs  []report.Digest
}

// Assemble builds the instructor's full report of lab l from its parts:
// the lab's mutants and the held-out ones (marked, the unviable added,
// a survivor its catalogue marks equivalent judged equivalent), the
// verdicts of the predictions, and the refused observations. The
// grader assembles each submission's report this way from matrices run
// elsewhere; [Plan.Run] from matrices it runs itself.
func Assemble(l *lab.Lab, parts Parts) (*report.Report, error) {
	m, cat := parts.Matrix, l.Catalogue
	if parts.HeldOut != nil {
		var err error
		if m, err = killmatrix.Join(parts.Matrix, parts.HeldOut); err != nil {
			return nil, err
		}
		joined := *cat
		joined.Mutants = slices.Clone(cat.Mutants)
		for _, h := range parts.Held {
			if h.Unviable == "" {
				joined.Mutants = append(joined.Mutants, h.Mutant)
			}
		}
		cat = &joined
	}
	r := report.New(m, cat, parts.Sheet, parts.Inputs)
	r.Meta.Lab = l.Name
	r.Worksheets, r.QuickLoop = l.Layout.Worksheets, l.QuickLoop
	r.AddRefused(parts.Refused)
	markHeldOut(r, parts.Held)
	return r, nil
}

// markHeldOut marks the held-out mutants, adds the unviable ones, and
// judges a survivor its catalogue marks equivalent as equivalent.
func markHeldOut(r *report.Report, held []heldout.Mutant) {
	if len(held) == 0 {
		return
	}
	shown := map[string]bool{}
	var unviable []report.Unviable
	for _, h := range held {
		shown[h.Name] = h.Shown
		if h.Unviable != "" {
			unviable = append(unviable, report.Unviable{Mutant: h.Mutant, Kind: h.UnviableKind, Reason: h.Unviable, Shown: h.Shown})
		}
	}
	r.MarkHeldOut(shown)
	r.AddUnviable(report.OriginHeldOut, unviable)
	for i, mu := range r.Mutants {
		if mu.Origin != report.OriginHeldOut || mu.Outcome != outcome.Survived {
			continue
		}
		if h := held[slices.IndexFunc(held, func(h heldout.Mutant) bool { return h.Name == mu.Name })]; h.Equivalent != "" {
			r.Mutants[i].Outcome, r.Mutants[i].Reason = outcome.Equivalent, h.Equivalent
			r.Summary.Survived--
			r.Summary.Equivalent++
		}
	}
}

// heldOutDiffs shows the diff of each held-out survivor or equivalent.
func heldOutDiffs(r *report.Report, held []heldout.Mutant) {
	src := r.Sources[r.Source]
	for i, mu := range r.Mutants {
		if mu.Origin != report.OriginHeldOut || (mu.Outcome != outcome.Survived && mu.Outcome != outcome.Equivalent) {
			continue
		}
		h := held[slices.IndexFunc(held, func(h heldout.Mutant) bool { return h.Name == mu.Name })]
		if d, err := (mutagen.Mutant{ID: h.Name, Function: h.Function, Old: h.Old, New: h.New}).Diff([]byte(src), r.Source); err == nil {
			r.Mutants[i].Diff = d
		}
	}
}

// sources keeps the reference's text and every observation's, for
// writers that show them, and the lab's commands that read state.
func (p *Plan) sources(r *report.Report) error {
	src, err := safefs.ReadIn(p.Root, p.Lab.Layout.Source, report.MaxInputSize)
	if err != nil {
		return err
	}
	r.Source, r.Sources = p.Lab.Layout.Source, map[string]string{p.Lab.Layout.Source: string(src)}
	for _, o := range p.Observations {
		if o.Data != nil {
			r.Sources[filepath.ToSlash(o.File)] = string(o.Data)
		}
	}
	for _, c := range p.Lab.Commands {
		for _, s := range c.Subcommands {
			if s.ReadsState {
				r.StateCommands = append(r.StateCommands, c.Name+" "+s.Name)
			}
		}
	}
	return nil
}

func (p *Plan) meta(r *report.Report) {
	r.Meta.Student, r.Meta.Commit, r.Meta.Selection = p.Student, p.Commit, p.Selection
	r.Meta.Created = time.Now().UTC().Truncate(time.Second)
	if p.Config.Run != nil {
		r.Meta.Run = p.Config.Run.String()
	}
	if len(p.Mutants) != len(p.Lab.Mutants) || p.HeldOutOnly != nil {
		for _, m := range p.Mutants {
			r.Meta.Only = append(r.Meta.Only, m.Name)
		}
		r.Meta.Only = append(r.Meta.Only, p.HeldOutOnly...)
	}
	r.Meta.RunUnreached = p.Config.Build.RunUnreached
	r.Meta.StudentDir = slashRel(p.Root, filepath.Join(p.StudentRoot, p.Lab.Layout.Own))
}

// Language is the language the plan's report speaks: -lang's, else the
// predictions', else the started worksheet's, else the locale's, else
// English (see [Plan.language]); a command that tells the student
// something before any report speaks it too.
func (p *Plan) Language() i18n.Lang {
	l, _ := p.language()
	return l
}

// language is the report's language, and what chose it: the configured
// one (-lang), else the predictions' (see [Language]), else, with nothing
// predicted, that of the worksheet the student has started (the one
// edited since the checkout, see [Started]), else the environment's
// (LC_ALL, LC_MESSAGES, LANG), else English.
func (p *Plan) language() (i18n.Lang, string) {
	switch {
	case p.Lang != "":
		return p.Lang, report.LangFromFlag
	case p.Sheet != nil && len(p.Sheet.Predictions) > 0:
		return Language(p.Sheet, i18n.English), report.LangFromPredictions
	}
	if w, ok := Started(p.Worksheets); ok && !committed(p.Root, w) {
		return predict.LangOf(w), report.LangFromWorksheet
	}
	if l, ok := i18n.EnvLang(); ok {
		return l, report.LangFromEnv
	}
	return i18n.English, report.LangFromDefault
}

// committed reports whether the worksheet w is as the checkout's last
// commit has it: a worksheet a pull or a rebase updated is newer, not
// started.
func committed(root, w string) bool {
	git := func(args ...string) (string, bool) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...).Output()
		return strings.TrimSpace(string(out)), err == nil
	}
	if abs, err := filepath.Abs(w); err == nil {
		w = abs // git -C reads a relative path from root, not from here
	}
	if tracked, ok := git("ls-files", "--", w); !ok || tracked == "" {
		return false // no checkout, no git, or a file written since
	}
	status, ok := git("status", "--porcelain", "--", w)
	return ok && status == ""
}

// Started returns, of worksheets, the one a student has started: the
// only one changed well after the others (a minute after every other
// that exists), as editing a worksheet leaves it while a checkout writes
// all of them at once. With fewer than two, or none standing out, there
// is none.
func Started(worksheets []string) (string, bool) {
	var files []string
	var times []time.Time
	for _, w := range worksheets {
		if fi, err := os.Stat(w); err == nil {
			files, times = append(files, w), append(times, fi.ModTime())
		}
	}
	if len(files) < 2 {
		return "", false
	}
	latest := 0
	for i := range times {
		if times[i].After(times[latest]) {
			latest = i
		}
	}
	for i := range times {
		if i != latest && times[latest].Sub(times[i]) < time.Minute {
			return "", false
		}
	}
	return files[latest], true
}

// Language is the language to tell a student about sheet in: Chinese
// when every prediction comes from a Chinese worksheet, English when any
// comes from an English one, and fallback when nothing is predicted.
func Language(sheet *predict.Sheet, fallback i18n.Lang) i18n.Lang {
	if sheet == nil || len(sheet.Predictions) == 0 {
		return fallback
	}
	for _, pr := range sheet.Predictions {
		if pr.Lang != i18n.Chinese {
			return i18n.English
		}
	}
	return i18n.Chinese
}

// history records, in a student's view, the predictions and what the
// report reveals, and notes in each verdict whether it came first.
func (p *Plan) history(full, shown *report.Report) error {
	if p.predictions == nil {
		return nil
	}
	unpredicted := shown.Meta.Revealed
	if p.View == report.Instructor {
		unpredicted = full.Unpredicted
	}
	if err := p.Reveal(unpredicted); err != nil {
		return err
	}
	shown.History(p.predictions)
	return nil
}

// Reveal records in the plan's prediction history, as a run's report
// does, that the answers of the mutants predicted (by the prediction)
// and of the mutants in unpredicted (by a reveal) were shown, each
// prediction first. Any way of showing an answer calls it: the kill
// report, go test -v's log of the lab's gate. It does nothing when the
// run keeps no history.
//
// The instructor's view records nothing in a checkout that has no
// history yet and whose worksheets hold no prediction (see
// [StudentsCheckout]): that is the course's own repository or a fresh
// clone of it, and a history written there and committed with the
// course's template would count every student's predictions as made
// after their answers.
func (p *Plan) Reveal(unpredicted []string) error {
	h := p.predictions
	if h == nil || p.Sheet == nil || p.View == report.Instructor && p.fresh && !p.predicts() {
		return nil
	}
	by := map[string]string{}
	var revealed []string
	for _, pr := range p.Sheet.Predictions {
		revealed, by[pr.Mutant] = append(revealed, pr.Mutant), predict.ByPrediction
	}
	for _, name := range unpredicted {
		if _, ok := by[name]; !ok {
			revealed, by[name] = append(revealed, name), p.revealBy()
		}
	}
	h.Record(p.Sheet, revealed, by, time.Now().UTC().Truncate(time.Second))
	return h.Save(p.History)
}

// revealBy is how this run's view records an answer shown unpredicted.
func (p *Plan) revealBy() string {
	switch {
	case p.RevealBy != "":
		return p.RevealBy
	case p.View == report.Instructor:
		return predict.ByInstructor
	}
	return predict.ByReveal
}

// ViewEnv names the variable that chooses the view of a run that takes
// no flags, such as go test's log of the lab's gate: student, reveal or
// instructor.
const ViewEnv = "IDEMLAB_VIEW"

// EnvView is the view the environment asks for: IDEMLAB_VIEW when it
// names one, else the instructor's on a CI runner (CI set, as GitHub,
// GitLab and most runners set it, to anything but false or 0), else the
// student's. A name it does not know is an error naming the variable.
func EnvView() (report.View, error) {
	if s := os.Getenv(ViewEnv); s != "" {
		v, ok := report.ParseView(s)
		if !ok {
			return report.Student, fmt.Errorf("%s=%q: want %s, %s or %s", ViewEnv, s, report.Student, report.Reveal, report.Instructor)
		}
		return v, nil
	}
	if ci := strings.ToLower(os.Getenv("CI")); ci != "" && ci != "false" && ci != "0" {
		return report.Instructor, nil
	}
	return report.Student, nil
}

// slashRel names path relative to the module root, slash-separated; a
// path outside the root keeps its own name.
func slashRel(root, path string) string {
	abs, err1 := filepath.Abs(path)
	base, err2 := filepath.Abs(root)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(path)
	}
	if rel, err := filepath.Rel(base, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(path)
}

// relative shortens path to one relative to the working directory when it
// lies below it, so reports print testdata/edge/x.txtar:12.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// Package labrun runs the lab the way the idemlab command does: it finds the
// observations and the worksheets of a checkout, reads the predictions,
// digests every input, runs the kill matrix and builds the report. The
// command, the report checker and the tests share it, so a report checked
// is a report made the same way.
package labrun

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// Config says what one run reads.
type Config struct {
	// Lab is the lab run.
	Lab *lab.Lab
	// Root is the module root of the checkout.
	Root string
	// Dir holds the lab's happy/ and edge/ observations (default
	// Root/testdata); StudentRoot holds student/ (default Dir).
	Dir, StudentRoot string
	// Worksheets hold the predictions (default Root/worksheet.md and
	// Root/worksheet.zh-CN.md; a missing one is skipped).
	Worksheets []string
	// Run keeps only observations whose name matches, when not nil.
	Run *regexp.Regexp
	// Mutants are judged (default: every compiled mutant).
	Mutants []lab.Impl
	Build   killmatrix.Options
	// HeldOut, when set, adds an instructor's held-out mutants.
	HeldOut *heldout.Set
	// Instructor shows every mutant by name; otherwise mutants the
	// catalogues hide from students are only counted.
	Instructor bool
}

// A UsageError is a problem with what the user gave (a folder, a
// worksheet): nothing ran, and no report was made.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// A Plan is everything read before the run: observations, predictions and
// the digests of every input.
type Plan struct {
	Config
	Observations []killmatrix.Observation
	Sheet        *predict.Sheet
	Inputs       []report.Digest
}

// Prepare reads the observations and the worksheets in full. A malformed
// worksheet is a *UsageError listing every problem as file:line, so no
// report is ever made from a half-read one.
func Prepare(cfg Config) (*Plan, error) {
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
	obs, err := killmatrix.Discover(cfg.Dir, killmatrix.LabKinds...)
	if err != nil {
		return nil, &UsageError{err.Error()}
	}
	own, err := killmatrix.Discover(cfg.StudentRoot, killmatrix.KindStudent)
	if err != nil {
		return nil, &UsageError{err.Error()}
	}
	obs = append(obs, own...)
	if cfg.Run != nil {
		var kept []killmatrix.Observation
		for _, o := range obs {
			if cfg.Run.MatchString(o.Name) {
				kept = append(kept, o)
			}
		}
		obs = kept
	}
	if len(obs) == 0 {
		return nil, &UsageError{fmt.Sprintf("no observations in %s (want %s/*.txtar)", cfg.Dir, strings.Join(killmatrix.Kinds, "/*.txtar, "))}
	}

	known := predict.Known{}
	for _, m := range cfg.Lab.Mutants {
		known.Mutants = append(known.Mutants, m.Name)
	}
	var inputs []string
	for _, o := range obs {
		known.Observations = append(known.Observations, o.Name)
		inputs = append(inputs, slashRel(cfg.Root, o.File))
	}
	sheet, err := predict.ParseFiles(cfg.Worksheets, known)
	if err != nil {
		return nil, &UsageError{fmt.Sprintf("the worksheet has problems; no report was written:\n%v", err)}
	}
	for _, w := range cfg.Worksheets {
		inputs = append(inputs, slashRel(cfg.Root, w))
	}
	digests, err := report.Inputs(cfg.Root, layout, inputs)
	if err != nil {
		return nil, err
	}
	return &Plan{Config: cfg, Observations: obs, Sheet: sheet, Inputs: digests}, nil
}

// Run runs the plan: the reference, then every mutant, then any held-out
// mutants. It returns the report and the matrix of the lab's own mutants,
// whose Gate says whether the lab is sound.
func (p *Plan) Run() (*report.Report, *killmatrix.Matrix, error) {
	labMatrix := killmatrix.Build(p.Lab, p.Mutants, p.Observations, p.Build)
	m, cat := labMatrix, p.Lab.Catalogue
	var unviable []report.Unviable
	if p.HeldOut != nil {
		hm, err := p.HeldOut.Run(p.Observations)
		if err != nil {
			return nil, nil, err
		}
		if m, err = killmatrix.Join(labMatrix, hm); err != nil {
			return nil, nil, err
		}
		joined := *cat
		joined.Mutants = slices.Clone(cat.Mutants)
		for _, h := range p.HeldOut.Mutants() {
			h.Mutant.Visibility = visibility(h.Shown)
			if h.Unviable != "" {
				unviable = append(unviable, report.Unviable{Name: h.Name, Reason: h.Unviable, Shown: h.Shown})
				continue
			}
			joined.Mutants = append(joined.Mutants, h.Mutant)
		}
		cat = &joined
	}
	r := report.New(m, cat, p.Sheet, p.Inputs)
	r.Unviable = unviable
	if p.HeldOut != nil {
		for _, h := range p.HeldOut.Mutants() {
			r.MarkHeldOut(h.Name)
		}
	}
	if !p.Instructor {
		r = r.Redact(func(name string) bool {
			mu, ok := cat.Lookup(name)
			return ok && !cat.ShownToStudents(mu)
		})
	}
	return r, labMatrix, nil
}

// visibility restates a held-out mutant's tier as seen now: its own
// catalogue has already applied its reveal_after_due.
func visibility(shown bool) string {
	if shown {
		return mutation.Visible
	}
	return mutation.Hidden
}

// slashRel names path relative to the module root, slash-separated.
func slashRel(root, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	if rel, err := filepath.Rel(root, abs); err == nil {
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

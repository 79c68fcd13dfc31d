// Package lab runs the lab the way the idemlab command does: it finds the
// observations and the worksheets of a checkout, reads the predictions,
// digests every input, runs the kill matrix and builds the report. The
// command, the report checker and the tests share it, so a report checked
// is a report made the same way.
package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// Config says what one run reads.
type Config struct {
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
	Mutants []impl.Impl
	Build   killmatrix.Options
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
	if cfg.Dir == "" {
		cfg.Dir = relative(filepath.Join(cfg.Root, "testdata"))
	}
	if cfg.StudentRoot == "" {
		cfg.StudentRoot = cfg.Dir
	}
	if cfg.Worksheets == nil {
		cfg.Worksheets = []string{relative(filepath.Join(cfg.Root, "worksheet.md")), relative(filepath.Join(cfg.Root, "worksheet.zh-CN.md"))}
	}
	if cfg.Mutants == nil {
		cfg.Mutants = mutants.Impls()
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

	known := predict.Known{Mutants: mutants.Names()[1:]}
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
	digests, err := report.Inputs(cfg.Root, inputs)
	if err != nil {
		return nil, err
	}
	return &Plan{Config: cfg, Observations: obs, Sheet: sheet, Inputs: digests}, nil
}

// Run runs the plan: the reference, then every mutant.
func (p *Plan) Run() (*report.Report, *killmatrix.Matrix) {
	m := killmatrix.Build(impl.Reference, p.Mutants, p.Observations, p.Build)
	return report.New(m, mutants.Catalogue(), p.Sheet, p.Inputs), m
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

package idemlab

// idemlab search: the minimal script that tells one mutant from the
// reference.
//
//	idemlab search -mutant NAME [-lab NAME] [-lang LANG] [-instructor] [-seed S] [-programs N] [-time D] [-heldout FILE] [-worksheet FILE] [-C DIR]
//
// NAME is a lab mutant (its label or name), a generated mutant's id
// (FILE:LINE:OPERATOR) or, with -heldout, a held-out mutant.
// It runs the differential search (harness/search) of that mutant against
// the reference and prints the observation it writes for the first
// difference, shrunk: a script that passes on the reference and fails on
// the mutant. An instructor (-instructor) may ask for any mutant; a
// student only for a lab mutant whose prediction block is filled in, and
// the prediction history then records the prediction as seen before the
// answer, as the kill report does. Exit status 0 when a script is found, 2
// when the search finds no difference within its budget, 1 for a usage
// error (a student asking before predicting too), 70 when the search
// cannot run.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/suggest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/mutagen"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/harness/search"
)

// searchCmdFlags are idemlab search's flags.
type searchCmdFlags struct {
	mutant, heldOut, chdir, lab, lang string
	instructor                        bool
	sheets                            cli.Names
	opt                               search.Options
}

func (f *searchCmdFlags) define(fs *flag.FlagSet, reg lab.Registry) {
	reg.Define(fs, &f.lab)
	fs.StringVar(&f.mutant, "mutant", "", "the mutant: a lab mutant's `NAME` or label, a generated mutant's id, or with -heldout a held-out mutant")
	fs.BoolVar(&f.instructor, "instructor", false, "the instructor's view: any mutant, predicted or not")
	fs.StringVar(&f.heldOut, "heldout", "", "the held-out catalogue `FILE` the mutant is in (instructors only)")
	fs.Var(&f.sheets, "worksheet", "worksheet holding predictions (`FILE`; repeatable; default: the lab's worksheets)")
	fs.StringVar(&f.chdir, "C", "", "run against the checkout in `DIR` (default: the current folder)")
	fs.StringVar(&f.lang, "lang", "", "the language `LANG` of what it prints, en or zh-CN (default: the worksheet's)")
	fs.Uint64Var(&f.opt.Seed, "seed", 1, "the search's `SEED`")
	fs.IntVar(&f.opt.Programs, "programs", 5000, "the search's budget: `N` programs")
	fs.DurationVar(&f.opt.Time, "time", 2*time.Minute, "the search's budget in time, a `DURATION` (shrinking aside)")
}

func runSearch(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("idemlab search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f searchCmdFlags
	fs.Usage = func() {
		lang := f.say(reg)
		fmt.Fprintf(fs.Output(), "%s\n\n%s\n", lang.T("usage.synopsis", i18n.M{"Name": "idemlab search -mutant NAME " + lang.T("usage.flags", nil)}), lang.T("usage.search", nil))
		cli.LocalizeFlags(fs, lang, "search", nil)
		cli.PrintDefaults(fs, lang)
		reg.WriteListIn(fs.Output(), lang)
	}
	f.define(fs, reg)
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	// Usage errors speak the student's language, as the report would.
	say := f.say(reg)
	_, langErr := i18n.Parse(f.lang)
	switch {
	case f.lang != "" && langErr != nil:
		return failSearch(stderr, say, exitcode.Usage, fmt.Errorf("-lang: %v", langErr))
	case fs.NArg() > 0:
		return failSearch(stderr, say, exitcode.Usage, cli.Errorm("misuse.unexpected-argument", i18n.M{"Arg": fmt.Sprintf("%q", fs.Arg(0))}))
	case f.mutant == "":
		return failSearch(stderr, say, exitcode.Usage, cli.Errorm("usage.search-no-mutant", nil))
	case f.heldOut != "" && !f.instructor:
		return failSearch(stderr, say, exitcode.Usage, cli.Errorm("usage.search-heldout", nil))
	}
	l, err := reg.Lookup(f.lab)
	if err != nil {
		_, err = reg.LookupIn(f.lab, say) // in the student's language
		return failSearch(stderr, say, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	root, err := cli.Checkout(f.chdir)
	if err != nil {
		return failSearch(stderr, say, exitcode.Usage, err)
	}
	var res *search.Result
	if m, ok := l.Lookup(f.mutant); ok && m.Name != l.Reference.Name {
		lang, status, err := predictedFirst(l, root, m.Name, f)
		if err != nil {
			return failSearch(stderr, lang, status, err)
		}
		if res, err = search.Run(l, l.Reference, m, f.opt); err != nil {
			return failSearch(stderr, lang, exitcode.Internal, err)
		}
		return printSearch(stdout, lang, res)
	}
	if !f.instructor {
		return failSearch(stderr, say, exitcode.Usage, cli.Errorm("usage.search-not-lab-mutant", i18n.M{
			"Name": fmt.Sprintf("%q", f.mutant), "Suggest": suggest.Nearest(f.mutant, labels(l)), "Names": strings.Join(labels(l), ", ")}))
	}
	res, status, err := searchBuilt(l, root, f)
	if err != nil {
		return failSearch(stderr, i18n.English, status, err)
	}
	return printSearch(stdout, i18n.English, res)
}

// say is the language search speaks: -lang's, else the student's, as
// the report would choose it with nothing predicted.
func (f *searchCmdFlags) say(reg lab.Registry) i18n.Lang {
	if l, err := i18n.Parse(f.lang); f.lang != "" && err == nil {
		return l
	}
	return studentLang(reg, f.lab, f.chdir)
}

// predictedFirst lets a student search a lab mutant only once its
// prediction block is filled in, and records in the prediction history
// that the prediction came before the answer; the instructor's view
// records that it showed the answer (see instructorReveal). It returns
// the language to speak in.
func predictedFirst(l *lab.Lab, root, name string, f searchCmdFlags) (i18n.Lang, int, error) {
	if f.instructor {
		status, err := instructorReveal(l, root, name)
		return i18n.English, status, err
	}
	cfg := labrun.Config{Lab: l, Root: root, Worksheets: f.sheets, View: report.Student}
	if len(f.sheets) == 0 {
		cfg.History = labrun.HistoryFile(l, root)
	}
	plan, err := labrun.Prepare(cfg)
	if err != nil {
		return i18n.FromEnv(), exitcode.Usage, err
	}
	// As the report would speak: the predictions', else the started
	// worksheet's, else the locale's.
	lang := plan.Language()
	if l, err := i18n.Parse(f.lang); f.lang != "" && err == nil {
		lang = l
	}
	if plan.Sheet == nil || !slices.ContainsFunc(plan.Sheet.Predictions, func(p predict.Prediction) bool { return p.Mutant == name }) {
		m, _ := l.Catalogue.Lookup(name)
		return lang, exitcode.Usage, errors.New(lang.T("search.predict-first", i18n.M{"Label": m.Label}))
	}
	if err := plan.Reveal(nil); err != nil {
		return lang, exitcode.Internal, err
	}
	// A prediction in another worksheet shows its answer on this
	// checkout all the same.
	if len(f.sheets) > 0 {
		if err := labrun.RecordShown(l, root, report.Student, []string{name}); err != nil {
			return lang, exitcode.Usage, fmt.Errorf("-worksheet: the answer search shows is recorded in the checkout's prediction history first: %w", err)
		}
	}
	return lang, exitcode.OK, nil
}

// instructorReveal records, in a student's checkout, that the
// instructor's view showed lab mutant name's answer (an observation that
// kills it), as the kill report's instructor's view records every answer
// it shows, before the search runs. It returns the status to exit with
// when it cannot.
func instructorReveal(l *lab.Lab, root, name string) (int, error) {
	if !labrun.StudentsCheckout(l, root) {
		return exitcode.OK, nil
	}
	// The checkout's own worksheets, whatever -worksheet names: theirs are
	// the predictions its history backs.
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, View: report.Instructor, History: labrun.HistoryFile(l, root)})
	if err != nil {
		return exitcode.Usage, fmt.Errorf("the instructor's view records the answer it shows in the prediction history first: %w", err)
	}
	if err := plan.Reveal([]string{name}); err != nil {
		return exitcode.Internal, err
	}
	return exitcode.OK, nil
}

// searchBuilt searches a generated or held-out mutant, in a program built
// for it.
func searchBuilt(l *lab.Lab, root string, f searchCmdFlags) (*search.Result, int, error) {
	if f.heldOut != "" {
		set, err := loadHeldOut(l, root, f.heldOut, killmatrix.Options{})
		if err != nil {
			return nil, exitcode.Usage, fmt.Errorf("-heldout: %v", err)
		}
		defer set.Close()
		if !isHeldOut(set, f.mutant) {
			return nil, exitcode.Usage, fmt.Errorf("-mutant %q: no viable mutant of that name in %s", f.mutant, f.heldOut)
		}
		res, err := set.Search([]string{f.mutant}, f.opt.Programs, f.opt.Time)
		if err != nil {
			return nil, exitcode.Internal, err
		}
		return &res[0], exitcode.OK, nil
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Source)))
	if err != nil {
		return nil, exitcode.Internal, err
	}
	all, err := mutagen.GenerateAll(l.Layout.Source, src)
	if err != nil {
		return nil, exitcode.Internal, err
	}
	i := slices.IndexFunc(all, func(m mutagen.Mutant) bool { return m.ID == f.mutant })
	if i < 0 {
		return nil, exitcode.Usage, fmt.Errorf("-mutant %q: no lab mutant, and no generated mutant of that id (idemlab mutate -list shows them)", f.mutant)
	}
	p, err := mutagen.Build(l, src, all[i:i+1], mutagen.BuildOptions{Root: root})
	if err != nil {
		return nil, exitcode.Internal, err
	}
	defer p.Close()
	if len(p.Unviable) > 0 {
		return nil, exitcode.Usage, fmt.Errorf("-mutant %q is unviable: %s", f.mutant, p.Unviable[0].Reason)
	}
	res, err := p.Search([]mutagen.SearchJob{{ID: f.mutant, Seed: f.opt.Seed, Programs: f.opt.Programs}}, f.opt.Time)
	if err != nil {
		return nil, exitcode.Internal, err
	}
	return &res[0], exitcode.OK, nil
}

// printSearch prints the observation found, or says none was.
func printSearch(w io.Writer, lang i18n.Lang, res *search.Result) int {
	if !res.Found() {
		fmt.Fprintln(w, lang.T("search.none", i18n.M{"Mutant": res.Other, "Programs": res.Programs, "Seed": res.Seed, "Elapsed": res.Elapsed.Round(time.Millisecond)}))
		return exitcode.Survived
	}
	fmt.Fprintf(w, "%s\n\n", lang.T("search.found", i18n.M{"Mutant": res.Other, "Programs": res.Programs, "Seed": res.Seed, "Elapsed": res.Elapsed.Round(time.Millisecond), "Commands": len(res.Script.Steps)}))
	w.Write(res.Script.ObservationIn(lang))
	return exitcode.OK
}

// failSearch prints err and returns status; a usage error is worded in
// lang, the student's language.
func failSearch(stderr io.Writer, lang i18n.Lang, status int, err error) int {
	msg := err.Error()
	if status == exitcode.Usage {
		msg = cli.Say(lang, err)
	}
	fmt.Fprintf(stderr, "idemlab search: %s\n", msg)
	return status
}

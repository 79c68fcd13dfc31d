package idemlab

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/suggest"
	"idemlab/harness/internal/textwidth"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/mutation"
	"idemlab/harness/progress"
	"idemlab/harness/report"
	"idemlab/harness/submission"
	"idemlab/harness/writers"
)

// Main runs the idemlab command line args (without the program's name)
// on the lab of reg that -lab names (the registry's first by default),
// writing to stdout and stderr, and returns the exit status: a main is
// os.Exit(idemlab.Main(labs, os.Args[1:], os.Stdout, os.Stderr)). args
// may name the subcommand mutate or search, first or after flags
// (idemlab -lab lease mutate).
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	if sub, rest := splitSubcommand(reg, args); sub != "" {
		return subcommands[sub](reg, rest, stdout, stderr)
	}
	return runReport(reg, args, stdout, stderr)
}

// Run is Main on lab l alone: what a lab that no binary has built in
// runs, from its own main or a test.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

// flags are idemlab's flags.
type flags struct {
	cli.Common
	htmlFile, strykerFile, heldOut       string
	instructor, reveal                   bool
	lang, dir, student, name, runPattern string
	only, sheets                         cli.Names
	lab                                  string
	// say is the language a usage error speaks, the student's (see
	// helpLang), known once the flags are parsed.
	say i18n.Lang
}

func (f *flags) define(fs *flag.FlagSet, reg lab.Registry) {
	reg.Define(fs, &f.lab)
	f.Common.Define(fs)
	fs.StringVar(&f.htmlFile, "html", "", "also write the report as one HTML page to `FILE`")
	fs.StringVar(&f.strykerFile, "stryker", "", "also write the mutants in Stryker's report schema to `FILE`")
	fs.StringVar(&f.heldOut, "heldout", "", "add the held-out mutants of the catalogue `FILE`")
	fs.BoolVar(&f.instructor, "instructor", false, "show everything: every mutant, hidden ones included, and every answer, recorded as shown in the checkout's history")
	fs.BoolVar(&f.reveal, "reveal", false, "show every answer before it is predicted, and record that it was shown")
	fs.StringVar(&f.lang, "lang", "", "the report's language `LANG`, en or zh-CN (default: the worksheet's)")
	fs.StringVar(&f.dir, "dir", "", "observation folder `DIR` (default: the lab's testdata)")
	fs.StringVar(&f.student, "student", "", "the `FOLDER` of the student's own observations, named student (default: DIR/student)")
	fs.StringVar(&f.name, "name", "", "whose report it is, by `NAME` (default: git's user.name)")
	fs.StringVar(&f.runPattern, "run", "", "run only observations whose name matches this `REGEXP`")
	fs.Var(&f.only, "mutant", "judge only this mutant (`ID`; repeatable)")
	fs.Var(&f.sheets, "worksheet", "worksheet holding predictions (`FILE`; repeatable; default: the lab's worksheets)")
}

// runReport runs the kill report.
func runReport(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("idemlab", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f flags
	fs.Usage = func() { f.usage(fs, reg) }
	f.define(fs, reg)
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	f.say = f.helpLang(reg)
	if fs.NArg() > 0 {
		return fail(stderr, f.say, exitcode.Usage, unexpected(fs, args, reg.Names()))
	}
	l, err := reg.Lookup(f.lab)
	if err != nil {
		_, err = reg.LookupIn(f.lab, f.say) // in the student's language
		return fail(stderr, f.say, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	cfg, err := f.config(l, stderr)
	if err != nil {
		return fail(stderr, f.say, exitcode.Usage, err)
	}
	return runLab(cfg, f, stdout, stderr)
}

// usage is -h's text, in the student's language (see helpLang).
func (f *flags) usage(fs *flag.FlagSet, reg lab.Registry) {
	lang := f.helpLang(reg)
	indent := strings.Repeat(" ", textwidth.Width(lang.T("usage.synopsis", i18n.M{"Name": ""})))
	flags := lang.T("usage.flags", nil) // [flags], [参数]
	fmt.Fprintf(fs.Output(), "%s\n%sidemlab mutate %s\n%sidemlab search -mutant NAME %s\n%sidemlab coverage %s\n\n%s\n",
		lang.T("usage.synopsis", i18n.M{"Name": "idemlab " + flags}), indent, flags, indent, flags, indent, flags, lang.T("usage.idemlab", nil))
	cli.LocalizeFlags(fs, lang, "idemlab", i18n.M{"Formats": strings.Join(writers.Reports.Names(), ", ")})
	cli.PrintDefaults(fs, lang)
	reg.WriteListIn(fs.Output(), lang)
}

// helpLang is the language -h speaks: that of -lang, when it comes
// before -h, else the student's in the checkout (that of -C, when it
// comes before -h), as the report would choose it, else the locale's.
func (f *flags) helpLang(reg lab.Registry) i18n.Lang {
	if l, err := i18n.Parse(f.lang); f.lang != "" && err == nil {
		return l
	}
	return studentLang(reg, f.lab, f.Chdir)
}

// studentLang is the language of the student of the checkout in chdir
// ("" for the current folder) in the lab of reg named labName, as the
// report would choose it with nothing predicted, else the locale's.
func studentLang(reg lab.Registry, labName, chdir string) i18n.Lang {
	l, err := reg.Lookup(labName)
	if err != nil {
		return i18n.FromEnv()
	}
	root, err := mutation.ModuleRoot(cmp.Or(chdir, "."))
	if err != nil {
		return i18n.FromEnv()
	}
	return labrun.StudentLanguage(l, root)
}

// config turns the flags into a run's configuration, of lab l.
func (f *flags) config(l *lab.Lab, stderr io.Writer) (labrun.Config, error) {
	if _, err := f.Writer(); err != nil {
		return labrun.Config{}, err
	}
	root, err := cli.Checkout(f.Chdir)
	if err != nil {
		return labrun.Config{}, err
	}
	cfg := labrun.Config{Lab: l, Root: root, Dir: f.dir, Worksheets: f.sheets, Build: f.Build, Commit: cli.Commit(root), Student: f.name}
	if cfg.Student == "" {
		cfg.Student = cli.Owner(root)
	}
	if err := f.view(&cfg); err != nil {
		return cfg, err
	}
	if f.heldOut != "" {
		build := func() (err error) {
			cfg.HeldOut, err = loadHeldOut(l, root, f.heldOut, f.Build)
			return err
		}
		if err := progress.During(stderr, progress.Options{Label: "idemlab", Quiet: f.Quiet}, "building the held-out mutants of "+f.heldOut, build); err != nil {
			return cfg, fmt.Errorf("-heldout: %v", err)
		}
	}
	err = f.selection(&cfg)
	if err == nil {
		err = f.own(&cfg)
	}
	if err != nil && cfg.HeldOut != nil {
		cfg.HeldOut.Close() // the run that would close it will not happen
	}
	return cfg, err
}

// view sets the report's view, language and history.
func (f *flags) view(cfg *labrun.Config) error {
	switch {
	case f.instructor && f.reveal:
		return errors.New("-instructor and -reveal: choose one")
	case f.instructor:
		cfg.View = report.Instructor
	case f.reveal:
		cfg.View = report.Reveal
	}
	if f.lang != "" {
		l, err := i18n.Parse(f.lang)
		if err != nil {
			return fmt.Errorf("-lang: %v", err)
		}
		cfg.Lang = l
	}
	// The checkout's own worksheets keep its history in every view: the
	// instructor's shows every answer, and a student's checkout records
	// that it did. A run of other worksheets (-worksheet) keeps none of
	// its own; runLab records what it shows in the checkout's.
	if len(f.sheets) == 0 {
		cfg.History = filepath.Join(cfg.Root, filepath.FromSlash(cfg.Lab.Layout.History))
	}
	return nil
}

// selection sets -run and -mutant.
func (f *flags) selection(cfg *labrun.Config) error {
	var words []string
	if f.runPattern != "" {
		re, err := regexp.Compile(f.runPattern)
		if err != nil {
			return fmt.Errorf("-run: %v", err)
		}
		cfg.Run = re
		words = append(words, "-run "+f.runPattern)
	}
	for _, name := range f.only {
		s, ok := cfg.Lab.Lookup(name)
		switch {
		case ok && name != cfg.Lab.Reference.Name:
			cfg.Mutants = append(cfg.Mutants, s)
		case isHeldOut(cfg.HeldOut, name):
			cfg.HeldOutOnly = append(cfg.HeldOutOnly, name)
		default:
			return cli.Errorm("usage.no-mutant", i18n.M{"Name": fmt.Sprintf("%q", name), "Suggest": suggest.Nearest(name, labels(cfg.Lab)), "Names": strings.Join(labels(cfg.Lab), ", ")})
		}
		words = append(words, "-mutant "+name)
	}
	if len(f.only) > 0 {
		if cfg.Mutants == nil {
			cfg.Mutants = []lab.Impl{}
		}
		if cfg.HeldOutOnly == nil {
			cfg.HeldOutOnly = []string{}
		}
	}
	cfg.Selection = strings.Join(words, " ")
	return nil
}

// own reads the student's observations through the same trust boundary
// grading applies, so a student sees the same refusals before submitting.
func (f *flags) own(cfg *labrun.Config) error {
	dir := filepath.Join(cfg.Root, filepath.FromSlash(cfg.Lab.Layout.Observations), killmatrix.KindStudent)
	if f.dir != "" {
		dir = filepath.Join(f.dir, killmatrix.KindStudent)
	}
	if f.student != "" {
		dir = filepath.Clean(f.student)
		if filepath.Base(dir) != killmatrix.KindStudent {
			return fmt.Errorf("-student %s: the folder must be named %s", f.student, killmatrix.KindStudent)
		}
	}
	cfg.StudentRoot = filepath.Dir(dir)
	rd := submission.Reader{Lab: cfg.Lab, Limits: submission.DefaultLimits, Root: cfg.Root}
	own, refused, err := rd.ReadObservations(dir)
	if err != nil {
		return fmt.Errorf("your observations in %s: %v", dir, err)
	}
	cfg.Own, cfg.Refused = own, refused
	if cfg.Own == nil {
		cfg.Own = []killmatrix.Observation{}
	}
	return nil
}

// labels are the lab's mutants by their neutral labels, as a worksheet
// and -mutant name them (never by what they do).
func labels(l *lab.Lab) []string {
	var out []string
	for _, m := range l.Catalogue.Mutants {
		out = append(out, m.ID())
	}
	return out
}

// isHeldOut reports whether name is a viable mutant of held.
func isHeldOut(held *heldout.Set, name string) bool {
	if held == nil {
		return false
	}
	for _, m := range held.Mutants() {
		if m.Name == name && m.Unviable == "" {
			return true
		}
	}
	return false
}

func loadHeldOut(l *lab.Lab, root, file string, opt killmatrix.Options) (*heldout.Set, error) {
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, o := range obs {
		names = append(names, o.Name)
	}
	return heldout.Load(l, root, file, names, opt)
}

// runLab runs the lab and writes its report.
func runLab(cfg labrun.Config, f flags, stdout, stderr io.Writer) int {
	if cfg.HeldOut != nil {
		defer cfg.HeldOut.Close()
	}
	plan, err := labrun.Prepare(cfg)
	var usageErr *labrun.UsageError
	switch {
	case errors.As(err, &usageErr):
		return fail(stderr, f.say, exitcode.Usage, err)
	case err != nil:
		return fail(stderr, f.say, exitcode.Internal, err)
	}
	for _, w := range plan.Warnings {
		fmt.Fprintln(stderr, "idemlab:", w.Text())
	}
	res, err := plan.Run()
	if err != nil {
		return fail(stderr, f.say, exitcode.Internal, err)
	}
	// A run of other worksheets keeps no history of its own, but what it
	// shows is shown on this checkout: recorded in its history first.
	if cfg.History == "" && len(f.sheets) > 0 {
		if err := labrun.RecordShown(cfg.Lab, cfg.Root, cfg.View, labrun.Shown(res.Report)); err != nil {
			return fail(stderr, f.say, exitcode.Usage, fmt.Errorf("-worksheet: the answers it shows are recorded in the checkout's prediction history first: %w", err))
		}
	}
	if err := writeAll(res.Report, f, stdout); err != nil {
		return fail(stderr, f.say, exitcode.Internal, err)
	}
	status := cli.LabStatus(res.Matrix)
	if status == exitcode.OK && res.HeldOutSurvived() {
		status = exitcode.Survived
	}
	return status
}

// writeAll writes the report in its format, and as -html and -stryker ask.
func writeAll(r *report.Report, f flags, stdout io.Writer) error {
	if err := writers.To(writers.Reports, f.Format, f.Out, stdout, r); err != nil {
		return err
	}
	for format, file := range map[string]string{"html": f.htmlFile, "stryker": f.strykerFile} {
		if file != "" {
			if err := writers.To(writers.Reports, format, file, stdout, r); err != nil {
				return fmt.Errorf("-%s: %v", format, err)
			}
		}
	}
	return nil
}

// fail prints err and returns status; a usage error is worded in lang,
// the student's language.
func fail(stderr io.Writer, lang i18n.Lang, status int, err error) int {
	if status == exitcode.Usage {
		fmt.Fprintln(stderr, "idemlab:", cli.Say(lang, err))
		return status
	}
	fmt.Fprintln(stderr, "idemlab:", err)
	return status
}

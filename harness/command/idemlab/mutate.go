package idemlab

// idemlab mutate: every single-point mutant of the reference, not only the
// catalogue's, judged by the lab's observations.
//
//	idemlab mutate [-lab NAME] [-list] [-format F] [-o FILE] [-all] [-run REGEXP] [-timeout D] [-parallel N] [-dir DIR] [-C DIR] [-q] [-fresh] [-cpuprofile FILE]
//
// It generates the mutants of the lab's reference (harness/mutagen lists
// the operators), builds them all into one program, runs the observations
// of testdata/happy and testdata/edge against every one in process, and
// reports the mutation score and every survivor with its diff. Mutants
// listed in the lab's equivalent-mutant file are kept apart from real
// survivors. The built program, each confirmed observation result and
// each search run to its end are kept in the verdict cache
// (harness/internal/verdictcache) and taken from it by the next run whose
// inputs are the same; -fresh takes nothing from it.
//
// The exit status is 0 when every mutant judged is killed, equivalent or
// unviable and the observations are sound; 2 when a mutant survived, 3
// when one timed out (and none survived), 4 when an observation failed on
// the reference or was flaky, or a mutant listed as equivalent was killed;
// 1 for a usage error; 70 when the mutants cannot be generated, built or
// run.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/internal/cpuprofile"
	"idemlab/harness/internal/verdictcache"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutagen"
	"idemlab/harness/progress"
	"idemlab/harness/report"
	"idemlab/harness/writers"
)

// mutateFlags are idemlab mutate's flags.
type mutateFlags struct {
	cli.Common
	list, everyObs  bool
	runPattern, dir string
	search          searchBudget
	record          int
	lab             string
	fresh           bool
	cpuProfile      string
}

func (f *mutateFlags) define(fs *flag.FlagSet, reg lab.Registry) {
	reg.Define(fs, &f.lab)
	fs.BoolVar(&f.list, "list", false, "list the mutants (with -json, as JSON) and run nothing")
	f.Common.Define(fs)
	fs.BoolVar(&f.everyObs, "all", false, "run every observation on every mutant and list every killer (default: stop at each mutant's first kill)")
	fs.StringVar(&f.runPattern, "run", "", "judge only the mutants whose id matches this `REGEXP`")
	fs.StringVar(&f.dir, "dir", "", "observation folder `DIR` (default: the lab's testdata)")
	f.search.define(fs)
	fs.IntVar(&f.record, "record", 0, "search every equivalent mutant with `N` programs and, where none finds a difference, record the search in the equivalent-mutant file")
	fs.BoolVar(&f.fresh, "fresh", false, "judge everything anew: take nothing from the verdict cache, and keep this run's results in it")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write CPU profiles to `FILE` (this process), FILE.run (the mutants' run) and FILE.searchN (each search process)")
}

// generated is what idemlab mutate works on: the lab's reference and its
// mutants, the equivalent ones, and which equal catalogue mutants.
type generated struct {
	lab      *lab.Lab
	root     string
	src      []byte
	all      []mutagen.Mutant
	selected []mutagen.Mutant
	eq       *mutagen.Equivalents
	hand     map[string]string
	cache    *verdictcache.Cache // nil: none
}

func runMutate(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("idemlab mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: idemlab mutate [flags]\n\nEvery single-point mutant of the lab's reference, judged by its observations. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	var f mutateFlags
	f.define(fs, reg)
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() > 0 {
		return failMutate(stderr, exitcode.Usage, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if _, err := f.Writer(); err != nil {
		return failMutate(stderr, exitcode.Usage, err)
	}
	l, err := reg.Lookup(f.lab)
	if err != nil {
		return failMutate(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	if f.cpuProfile != "" && !f.list {
		stop, err := cpuprofile.Start(f.cpuProfile)
		if err != nil {
			return failMutate(stderr, exitcode.Usage, fmt.Errorf("-cpuprofile: %v", err))
		}
		defer stop()
	}
	g, status, err := prepareMutants(l, f, stderr)
	if err != nil {
		return failMutate(stderr, status, err)
	}
	if f.list {
		if err := writeMutantList(stdout, f.JSON, g); err != nil {
			return failMutate(stderr, exitcode.Internal, err)
		}
		return exitcode.OK
	}
	return judgeMutants(g, f, stdout, stderr)
}

// prepareMutants generates the mutants of lab l and reads the equivalent
// ones.
func prepareMutants(l *lab.Lab, f mutateFlags, stderr io.Writer) (*generated, int, error) {
	root, err := cli.Checkout(f.Chdir)
	if err != nil {
		return nil, exitcode.Usage, err
	}
	g := &generated{lab: l, root: root}
	if g.src, err = os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Source))); err != nil {
		return nil, exitcode.Internal, err
	}
	if g.all, err = mutagen.GenerateAll(l.Layout.Source, g.src); err != nil {
		return nil, exitcode.Internal, err
	}
	if err := g.equivalents(f.list, stderr); err != nil {
		return nil, exitcode.Usage, err
	}
	g.cache = openCache(l, root, f.fresh, stderr)
	cover, err := mutagen.CoverCached(g.cache, g.src, l.Catalogue.Mutants, g.all)
	if err != nil {
		return nil, exitcode.Internal, err
	}
	g.hand = map[string]string{}
	for name, id := range cover {
		if id != "" {
			g.hand[id] = name
		}
	}
	return g, exitcode.Usage, g.selectMutants(f.runPattern)
}

// equivalents reads the equivalent-mutant file; with -list a broken one is
// only reported, since the list is where the right ids are found.
func (g *generated) equivalents(list bool, stderr io.Writer) error {
	file := g.lab.Layout.Equivalents
	data, err := os.ReadFile(filepath.Join(g.root, filepath.FromSlash(file)))
	if err != nil {
		return err
	}
	g.eq, err = mutagen.ParseEquivalent(file, data, g.all)
	if err != nil && list {
		fmt.Fprintf(stderr, "idemlab mutate: the equivalent-mutant file has problems; the list does not mark equivalent mutants:\n%v\n", err)
		g.eq = nil
		return nil
	}
	if err != nil {
		return fmt.Errorf("fix the equivalent-mutant file first (-list shows the mutants' ids):\n%v", err)
	}
	return nil
}

func (g *generated) selectMutants(pattern string) error {
	var re *regexp.Regexp
	if pattern != "" {
		var err error
		if re, err = regexp.Compile(pattern); err != nil {
			return fmt.Errorf("-run: %v", err)
		}
	}
	for _, m := range g.all {
		if re == nil || re.MatchString(m.ID) {
			g.selected = append(g.selected, m)
		}
	}
	if len(g.selected) == 0 {
		return fmt.Errorf("-run %q matches none of the %d mutants (-list shows them)", pattern, len(g.all))
	}
	return nil
}

// judgeMutants builds and runs the mutants and writes the report.
func judgeMutants(g *generated, f mutateFlags, stdout, stderr io.Writer) int {
	obsDir := f.dir
	if obsDir != "" {
		obsDir, _ = filepath.Abs(obsDir)
	}
	meter := progress.New(stderr, len(g.selected), progress.Options{Label: "idemlab mutate", Verb: "judging", Quiet: f.Quiet})
	defer meter.Finish()
	meter.Stage(fmt.Sprintf("building %d mutants into one binary", len(g.selected)))
	opt := f.Build
	opt.FirstKill = !f.everyObs
	p, err := mutagen.Build(g.lab, g.src, g.selected, mutagen.BuildOptions{Root: g.root, Cache: g.cache})
	if err != nil {
		return failMutate(stderr, exitcode.Internal, err)
	}
	defer p.Close()
	if f.cpuProfile != "" {
		p.SearchProfile = f.cpuProfile + ".search"
	}
	meter.Stage("running the observations, and searching the equivalent mutants again")
	running := g.startSearches(p, f)
	ropt := mutagen.RunOptions{Options: opt, Dir: obsDir, Strict: true, Progress: meter, Warn: stderr}
	if f.cpuProfile != "" {
		ropt.CPUProfile = f.cpuProfile + ".run"
	}
	m, err := p.Run(ropt)
	if err != nil {
		<-running.done // its processes end before the program is removed
		return failMutate(stderr, exitcode.Internal, err)
	}
	meter.Finish()
	res := &mutagen.RunResult{Matrix: m, Unviable: p.Unviable, Generate: p.Generate, Build: p.Build, Run: m.Elapsed, Builds: p.Builds}
	meter.Stage("searching the survivors")
	searches, err := running.finish(m)
	if err != nil {
		return failMutate(stderr, exitcode.Internal, err)
	}
	if f.record > 0 {
		if err := g.recordSearches(searches, stderr); err != nil {
			return failMutate(stderr, exitcode.Internal, err)
		}
	}
	r := report.Generated(report.GeneratedRun{Lab: g.lab.Name, Source: g.lab.Layout.Source, Text: g.src, Mutants: g.selected, Result: res, Equivalents: g.eq, Hand: g.hand, Searches: searches})
	g.unrecorded(r)
	r.Cache = cacheUse(g.cache, p, m, running)
	observationSources(r, g.root)
	if err := writers.To(writers.Reports, f.Format, f.Out, stdout, r); err != nil {
		return failMutate(stderr, exitcode.Internal, err)
	}
	return generatedStatus(r)
}

// openCache opens the verdict cache of lab l's program of mutants built
// from the checkout at root: in $IDEMLAB_CACHE, else idemlab under the
// user's cache folder (os.UserCacheDir). With fresh it reads nothing and
// only keeps this run's results. It is nil when IDEMLAB_CACHE is off, or
// when it cannot be opened, which is warned about on stderr: the run then
// judges everything, as with no cache.
func openCache(l *lab.Lab, root string, fresh bool, stderr io.Writer) *verdictcache.Cache {
	if verdictcache.Disabled() {
		return nil
	}
	dir, err := verdictcache.Dir()
	version := ""
	if err == nil {
		version, err = mutagen.CacheVersion(l, root)
	}
	var c *verdictcache.Cache
	if err == nil {
		c, err = verdictcache.Open(dir, version, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "warning: idemlab mutate: no verdict cache, every verdict is judged anew: %v\n", err)
		return nil
	}
	if fresh {
		c.Fresh()
	}
	return c
}

// cacheUse says what the run took from the verdict cache c (nil for
// none): the program of mutants, the mutants judged and the observation
// results of matrix m, and the searches.
func cacheUse(c *verdictcache.Cache, p *mutagen.Program, m *killmatrix.Matrix, s *searches) *report.CacheUse {
	if c == nil {
		return nil
	}
	return &report.CacheUse{
		Fresh: c.IsFresh(), Program: p.Cached,
		Mutants: m.CachedMutants, Judged: len(m.Mutants), Results: m.FromCache,
		Searches: p.CachedSearches(), Searched: s.searched,
	}
}

// observationSources keeps each observation's text in r, for writers that
// show it (Stryker's Tests tab): the generated program's matrix comes back
// without it, so it is read again from the checkout at root. A file that
// cannot be read again (edited away during the run) only goes without its
// text: the run's results do not depend on it.
func observationSources(r *report.Report, root string) {
	for _, o := range r.Observations {
		file := o.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(root, filepath.FromSlash(file))
		}
		if data, err := os.ReadFile(file); err == nil {
			r.Sources[filepath.ToSlash(o.File)] = string(data)
		}
	}
}

// generatedStatus is the exit status of a generated run.
func generatedStatus(r *report.Report) int {
	switch {
	case len(r.Problems) > 0:
		return exitcode.Broken
	case r.Summary.Survived > 0 || r.Summary.Invalid > 0:
		return exitcode.Survived
	case r.Summary.Timeout > 0:
		return exitcode.Timeout
	}
	return exitcode.OK
}

func failMutate(stderr io.Writer, status int, err error) int {
	fmt.Fprintf(stderr, "idemlab mutate: %v\n", err)
	return status
}

// describe is a mutant's function and what its operator does.
func describe(m mutagen.Mutant) string {
	op, _ := mutagen.Lookup(m.Operator)
	if m.Function == "" {
		return op.Doc
	}
	return fmt.Sprintf("in %s: %s", m.Function, op.Doc)
}

// A listedMutant is one entry of mutate -list -json
// (harness/schemas/mutant-list.schema.json): the generated mutant, the lab's
// hand-written mutant that makes the same change, and why it is
// equivalent, if it is.
type listedMutant struct {
	mutagen.Mutant
	Hand       string `json:"hand,omitempty"`
	Equivalent string `json:"equivalent,omitempty"`
}

// writeMutantList prints the mutants, one a line: id, function, what the
// operator does, and whether it is a catalogue mutant or equivalent.
func writeMutantList(w io.Writer, asJSON bool, g *generated) error {
	entries := []listedMutant{}
	for _, m := range g.selected {
		q, _ := g.eq.Lookup(m.ID)
		entries = append(entries, listedMutant{m, g.hand[m.ID], q.Reason})
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(entries)
	}
	width := 0
	for _, e := range entries {
		width = max(width, len(e.ID))
	}
	var b strings.Builder
	covered := 0
	for _, e := range entries {
		fmt.Fprintf(&b, "%-*s  %s", width, e.ID, describe(e.Mutant))
		if e.Hand != "" {
			fmt.Fprintf(&b, "  [= %s]", e.Hand)
			covered++
		}
		if e.Equivalent != "" {
			b.WriteString("  [equivalent]")
		}
		b.WriteString("\n")
	}
	cat := g.lab.Catalogue
	fmt.Fprintf(&b, "%d mutants of %s; %d of the catalogue's %d are among them", len(entries), cat.Reference, covered, len(cat.Mutants))
	var own []string
	for _, m := range cat.Mutants {
		if m.HandWritten != "" {
			own = append(own, m.Name)
		}
	}
	if len(own) > 0 {
		fmt.Fprintf(&b, "; hand-written only: %s", strings.Join(own, ", "))
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

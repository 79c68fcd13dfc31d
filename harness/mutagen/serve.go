package mutagen

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"idemlab/harness/internal/cpuprofile"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
)

// Main is the main function of the program [Build] makes, which calls it
// with its arguments and exits with the status it returns: it runs the
// observations of a folder against the control and every mutant built
// into it, with the lab's commands, and prints the kill matrix as JSON on
// standard output. Every cell's verdict comes back, but not its transcript
// or log, which would be too much to pass back for every mutant.
//
//	mutrun [-dir DIR] [-kinds happy,edge] [-timeout D] [-parallel N] [-workdir DIR] [-first-kill] [-run-unreached]
//	mutrun -impl NAME COMMAND [ARGS]
//	mutrun -search NAME,... [-seeds S,...] [-programs N,...] [-search-time D]
//
// With -impl it runs one line of the lab's first command (idem ARGS, say)
// against the mutant NAME instead, in the current folder, as the lab's own
// command-line tool does for the lab's mutants: status 0 on success, 1
// when the operation fails, 2 for a usage error.
//
// With -search it runs the differential search (idemlab/harness/search)
// of each mutant named against the lab's reference instead, each with its
// own seed and budget in programs (one for all when one is given), and
// prints their results as a JSON array.
func Main(l *lab.Lab, mutants []lab.Impl, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", l.Layout.Observations, "observation folder")
	kinds := fs.String("kinds", strings.Join(l.Layout.Kinds, ","), "kinds of observation, comma-separated")
	var opt killmatrix.Options
	fs.DurationVar(&opt.Timeout, "timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	fs.IntVar(&opt.Parallel, "parallel", 0, "scripts run at once")
	fs.StringVar(&opt.WorkRoot, "workdir", "", "where scripts' stores are made")
	fs.BoolVar(&opt.FirstKill, "first-kill", false, "stop judging a mutant at its first kill")
	fs.BoolVar(&opt.RunUnreached, "run-unreached", false, "run every observation on every mutant, also where it cannot reach the change")
	progress := fs.Bool("progress", false, "say on stderr when each mutant's judging starts and ends")
	impl := fs.String("impl", "", "run one command line against this mutant")
	cacheDir := fs.String("cache", "", "the verdict cache's folder (none: no cache)")
	cacheVersion := fs.String("cache-version", "", "the harness version the cache's keys are made with")
	cacheDigests := fs.String("cache-digests", "", "a JSON file of each implementation's digest, by name")
	cacheFresh := fs.Bool("cache-fresh", false, "read nothing from the cache, only keep results in it")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	var sf searchFlags
	sf.define(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpuProfile != "" {
		stop, err := cpuprofile.Start(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "mutrun:", err)
			return 2
		}
		defer stop()
	}
	switch {
	case *impl != "":
		return command(l, mutants, *impl, fs.Args(), stdout, stderr)
	case sf.names != "":
		return serveSearch(l, mutants, sf, stdout, stderr)
	}
	if *progress {
		opt.Progress = lineProgress{stderr}
	}
	obs, err := killmatrix.Discover(*dir, strings.Split(*kinds, ",")...)
	if err != nil {
		fmt.Fprintln(stderr, "mutrun:", err)
		return 2
	}
	if opt.Cache, err = openCellCache(*cacheDir, *cacheVersion, *cacheDigests, l.Reference.Name, *cacheFresh, stderr); err != nil {
		fmt.Fprintln(stderr, "mutrun:", err)
		return 2
	}
	m := killmatrix.Build(l, mutants, obs, opt)
	for i := range m.Mutants {
		for name, c := range m.Mutants[i].Cells {
			c.Steps, c.Log = nil, ""
			m.Mutants[i].Cells[name] = c
		}
	}
	if err := json.NewEncoder(stdout).Encode(m); err != nil {
		fmt.Fprintln(stderr, "mutrun:", err)
		return 1
	}
	return 0
}

// lineProgress writes the progress lines Program.Run reads.
type lineProgress struct{ w io.Writer }

func (p lineProgress) Start(item string) { fmt.Fprintln(p.w, progressStart+item) }
func (p lineProgress) Done(item string)  { fmt.Fprintln(p.w, progressDone+item) }

// command runs one line of the lab's first command against the mutant
// called name.
func command(l *lab.Lab, mutants []lab.Impl, name string, args []string, stdout, stderr io.Writer) int {
	i := slices.IndexFunc(mutants, func(m lab.Impl) bool { return m.Name == name })
	switch {
	case i < 0 || name == controlName:
		fmt.Fprintf(stderr, "mutrun: no mutant %q\n", name)
		return 2
	case len(l.Commands) == 0:
		fmt.Fprintln(stderr, "mutrun: the lab has no command")
		return 2
	}
	if err := l.Commands[0].Run(mutants[i], ".", args, stdout); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", l.Commands[0].Name, err)
		return 1
	}
	return 0
}

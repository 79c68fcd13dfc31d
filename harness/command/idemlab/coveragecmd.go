package idemlab

// idemlab coverage: the lab's category-partition coverage table.
//
//	idemlab coverage [-lab NAME] [-dir DIR] [-json] [-C DIR]
//
// For every input category its command table declares (of a subcommand's
// parameter, or of the store's state), the lab's observations that use it
// and pin the result, the reason recorded for leaving it open, or HOLE
// (see harness/coverage). Exit status 0 when every cell is covered or
// open with a reason, 2 when a hole is left, 1 for a usage error, 70 when
// the observations or the open-cell file cannot be read.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"idemlab/harness/cli"
	"idemlab/harness/coverage"
	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
)

// coverageFlags are idemlab coverage's flags.
type coverageFlags struct {
	lab, chdir, dir string
	json            bool
}

func (f *coverageFlags) define(fs *flag.FlagSet, reg lab.Registry) {
	reg.Define(fs, &f.lab)
	fs.StringVar(&f.chdir, "C", "", "run against the checkout in `DIR` (default: the current folder)")
	fs.StringVar(&f.dir, "dir", "", "read the observations of the folder `DIR` instead of the lab's")
	fs.BoolVar(&f.json, "json", false, "print the table as JSON")
}

func runCoverage(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("idemlab coverage", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f coverageFlags
	lang := i18n.English
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "%s\n\n%s\n", lang.T("usage.synopsis", i18n.M{"Name": "idemlab coverage " + lang.T("usage.flags", nil)}), lang.T("usage.coverage", nil))
		cli.LocalizeFlags(fs, lang, "coverage", nil)
		cli.PrintDefaults(fs, lang)
		reg.WriteListIn(fs.Output(), lang)
	}
	f.define(fs, reg)
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() > 0 {
		return failCoverage(stderr, exitcode.Usage, fmt.Errorf("unexpected argument %q (run 'idemlab coverage -h' for usage)", fs.Arg(0)))
	}
	l, err := reg.Lookup(f.lab)
	if err != nil {
		return failCoverage(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	root, err := cli.Checkout(f.chdir)
	if err != nil {
		return failCoverage(stderr, exitcode.Usage, err)
	}
	t, err := coverageTable(l, root, f.dir)
	if err != nil {
		return failCoverage(stderr, exitcode.Internal, err)
	}
	if f.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(t)
	} else {
		err = t.WriteText(stdout)
	}
	if err != nil {
		return failCoverage(stderr, exitcode.Internal, err)
	}
	if _, _, holes := t.Counts(); holes > 0 {
		return exitcode.Survived
	}
	return exitcode.OK
}

// coverageTable builds lab l's table in the checkout at root, from the
// observations under dir ("" for the lab's own).
func coverageTable(l *lab.Lab, root, dir string) (*coverage.Table, error) {
	var obs []killmatrix.Observation
	var err error
	if dir == "" {
		obs, err = labrun.LabObservations(l, root)
	} else {
		obs, err = killmatrix.Discover(dir, l.Layout.Kinds...)
	}
	if err != nil {
		return nil, err
	}
	t := coverage.Build(l, obs, nil)
	open, err := coverage.ReadOpen(filepath.Join(root, filepath.FromSlash(l.Layout.Coverage)), t.Cells)
	if err != nil {
		return nil, err
	}
	return coverage.Build(l, obs, open), nil
}

func failCoverage(stderr io.Writer, status int, err error) int {
	fmt.Fprintf(stderr, "idemlab coverage: %v\n", err)
	return status
}

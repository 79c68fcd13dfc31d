// Command idemlab runs every observation against the reference store and
// each of its mutants and prints the kill report:
//
//	go run ./harness/cmd/idemlab
//
// Flags:
//
//	-json          write the report as JSON instead of a table
//	-html FILE     also write the report as one self-contained HTML page
//	-heldout FILE  add the mutants of an instructor's held-out catalogue
//	-instructor    name every mutant; without it, mutants hidden from
//	               students are only counted
//	-stryker FILE  also write the matrix as a mutation-testing-report-schema
//	               (Stryker's mutation-testing-elements) JSON report
//	               to FILE (created only once the report is built)
//	-worksheet F   worksheet holding predictions (repeatable; default
//	               worksheet.md and worksheet.zh-CN.md of the module)
//	-dir DIR       observation folder (default: testdata of the enclosing module)
//	-student DIR   folder of the student's own observations (default: DIR/student)
//	-run REGEXP    run only observations whose name matches
//	-mutant NAME   judge only the named mutants (repeatable)
//	-timeout D     bound on one observation run (default 30s)
//	-parallel N    scripts run at once (default: the number of CPUs)
//	-workdir DIR   where scripts' stores are made (default: /dev/shm when
//	               writable, else the system's temporary directory)
//
// idemlab mutate generates every single-point mutant of the reference and
// reports the mutation score; see mutate.go.
//
// The exit status is 0 when the reference passes every observation and
// every mutant is killed, 1 when not, and 2 for a usage error.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"idemlab/harness/heldout"
	"idemlab/harness/htmlreport"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/mutation"
	"idemlab/harness/stryker"
	"idemlab/mutants"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type names []string

func (n *names) String() string     { return strings.Join(*n, ",") }
func (n *names) Set(v string) error { *n = append(*n, v); return nil }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "mutate" {
		return runMutate(args[1:], stdout, stderr)
	}
	// A FlagSet of our own: testscript registers flags on the default set.
	fs := flag.NewFlagSet("idemlab", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "write the report as JSON")
	htmlFile := fs.String("html", "", "also write the report as one self-contained HTML page to `FILE`")
	heldOutFile := fs.String("heldout", "", "add the held-out mutants of the catalogue `FILE`")
	instructor := fs.Bool("instructor", false, "name every mutant, hidden ones included")
	strykerFile := fs.String("stryker", "", "also write the matrix in Stryker's mutation-testing-report-schema to `FILE`")
	dir := fs.String("dir", "", "observation folder (default: testdata of the enclosing module)")
	studentDir := fs.String("student", "", "folder of the student's own observations (default: DIR/student)")
	runPattern := fs.String("run", "", "run only observations whose name matches this regexp")
	var only, sheets names
	fs.Var(&only, "mutant", "judge only this mutant (repeatable)")
	fs.Var(&sheets, "worksheet", "worksheet holding predictions (repeatable; default worksheet.md and worksheet.zh-CN.md)")
	timeout := fs.Duration("timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	par := fs.Int("parallel", 0, "scripts run at once (default: the number of CPUs)")
	workRoot := fs.String("workdir", "", "where scripts' stores are made (default: /dev/shm when writable, else the temporary directory)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "idemlab: unexpected argument %q\n", fs.Arg(0))
		return 2
	}

	root, err := mutation.ModuleRoot(".")
	if err != nil {
		fmt.Fprintln(stderr, "idemlab:", err)
		return 2
	}
	l := mutants.Lab()
	cfg := labrun.Config{
		Lab: l, Root: root, Dir: *dir, Worksheets: sheets,
		Build: killmatrix.Options{Timeout: *timeout, Parallel: *par, WorkRoot: *workRoot},
	}
	if *heldOutFile != "" {
		if cfg.HeldOut, err = heldout.Load(l, root, *heldOutFile, nil, cfg.Build); err != nil {
			fmt.Fprintln(stderr, "idemlab: -heldout:", err)
			return 2
		}
	}
	cfg.Instructor = *instructor
	if *studentDir != "" {
		// Discover reads KIND folders below a root; -student names the
		// folder itself.
		cfg.StudentRoot = filepath.Dir(filepath.Clean(*studentDir))
		if filepath.Base(filepath.Clean(*studentDir)) != killmatrix.KindStudent {
			fmt.Fprintf(stderr, "idemlab: -student %s: the folder must be named %s\n", *studentDir, killmatrix.KindStudent)
			return 2
		}
	}
	if *runPattern != "" {
		if cfg.Run, err = regexp.Compile(*runPattern); err != nil {
			fmt.Fprintf(stderr, "idemlab: -run: %v\n", err)
			return 2
		}
	}
	for _, name := range only {
		s, ok := l.Lookup(name)
		if !ok || name == l.Reference.Name {
			fmt.Fprintf(stderr, "idemlab: -mutant %q: no such mutant (idem -list shows them)\n", name)
			return 2
		}
		cfg.Mutants = append(cfg.Mutants, s)
	}

	// The worksheet is read in full before anything runs: a malformed one
	// stops the run with every problem listed, and no report is written.
	plan, err := labrun.Prepare(cfg)
	var usage *labrun.UsageError
	switch {
	case errors.As(err, &usage):
		fmt.Fprintln(stderr, "idemlab:", err)
		return 2
	case err != nil:
		fmt.Fprintln(stderr, "idemlab:", err)
		return 1
	}
	r, m, err := plan.Run()
	if err != nil {
		fmt.Fprintln(stderr, "idemlab:", err)
		return 1
	}
	if *asJSON {
		err = r.JSON(stdout)
	} else {
		err = r.Text(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "idemlab:", err)
		return 1
	}
	if *htmlFile != "" {
		// Rendered in full before the file is created, so a failure
		// leaves no half-written page.
		var page bytes.Buffer
		if err := htmlreport.Write(&page, r); err != nil {
			fmt.Fprintln(stderr, "idemlab:", err)
			return 1
		}
		if err := os.WriteFile(*htmlFile, page.Bytes(), 0o644); err != nil {
			fmt.Fprintln(stderr, "idemlab: -html:", err)
			return 1
		}
	}
	if *strykerFile != "" {
		ref, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Source)))
		if err != nil {
			fmt.Fprintln(stderr, "idemlab: -stryker:", err)
			return 1
		}
		sr, err := stryker.Export(m, l.Catalogue, l.Layout.Source, ref)
		if err != nil {
			fmt.Fprintln(stderr, "idemlab: -stryker:", err)
			return 1
		}
		var doc bytes.Buffer
		if err := sr.JSON(&doc); err != nil {
			fmt.Fprintln(stderr, "idemlab: -stryker:", err)
			return 1
		}
		if err := os.WriteFile(*strykerFile, doc.Bytes(), 0o644); err != nil {
			fmt.Fprintln(stderr, "idemlab: -stryker:", err)
			return 1
		}
	}
	if m.Gate() != nil {
		return 1
	}
	return 0
}

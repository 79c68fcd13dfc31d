// Command grade grades a whole class from its submissions:
//
//	go run ./harness/cmd/grade CLASS
//
// CLASS holds one folder per student, named for the student, with the
// student's worksheet.md (or worksheet.zh-CN.md) and their own
// observations in student/*.txtar. grade re-runs everything itself, with
// the reference and the mutants of the checkout it runs from, never a
// submission's copies, and prints one line per student: predictions right,
// lab mutants and held-out mutants killed by the student's own
// observations, invalid observations, timeouts, flags, and a total by the
// rubric; then the class analytics.
//
// Flags:
//
//	-format F      table (default), csv or json
//	-o FILE        write the output to FILE instead of standard output
//	-rubric FILE   the weights of the total, as JSON (default: see below)
//	-heldout FILE  an extra catalogue of mutants kept from the students
//	-roster FILE   the students expected, one name a line
//	-feedback DIR  write each student's own report to DIR/NAME.txt, with
//	               hidden mutants counted but not named
//	-parallel N    submissions graded at once (default: the number of CPUs)
//	-timeout D     bound on one observation run (default 30s)
//
// The default rubric is {"prediction_right": 2, "own_kill": 1,
// "held_out_kill": 2, "invalid_observation": -1, "timeout": -1, "flag": 0}.
// The exit status is 0 when every submission was graded, 1 when grading
// could not run, and 2 for a usage error; flagged submissions are graded
// as far as possible and do not change it.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/mutants"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "table", "output format: table, csv or json")
	out := fs.String("o", "", "write the output to `FILE` instead of standard output")
	rubricFile := fs.String("rubric", "", "the rubric's weights as JSON `FILE`")
	heldOutFile := fs.String("heldout", "", "an extra catalogue `FILE` of mutants kept from the students")
	rosterFile := fs.String("roster", "", "the students expected, one name a line, in `FILE`")
	feedback := fs.String("feedback", "", "write each student's report to `DIR`/NAME.txt")
	par := fs.Int("parallel", 0, "submissions graded at once (default: the number of CPUs)")
	timeout := fs.Duration("timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: grade [flags] CLASS")
		return 2
	}
	if *format != "table" && *format != "csv" && *format != "json" {
		fmt.Fprintf(stderr, "grade: -format %q: want table, csv or json\n", *format)
		return 2
	}

	rubric := grade.DefaultRubric
	if *rubricFile != "" {
		data, err := os.ReadFile(*rubricFile)
		if err == nil {
			rubric, err = grade.ParseRubric(*rubricFile, data)
		}
		if err != nil {
			fmt.Fprintln(stderr, "grade:", err)
			return 2
		}
	}
	var roster []string
	if *rosterFile != "" {
		var err error
		if roster, err = readRoster(*rosterFile); err != nil {
			fmt.Fprintln(stderr, "grade:", err)
			return 2
		}
	}
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		fmt.Fprintln(stderr, "grade:", err)
		return 2
	}
	l := mutants.Lab()
	obs, err := killmatrix.Discover(filepath.Join(root, filepath.FromSlash(l.Layout.Observations)), killmatrix.LabKinds...)
	if err != nil {
		fmt.Fprintln(stderr, "grade:", err)
		return 1
	}
	subs, err := grade.Load(fs.Arg(0), roster)
	if err != nil {
		fmt.Fprintln(stderr, "grade:", err)
		return 2
	}
	opt := grade.Options{
		Lab: l, Observations: obs,
		Rubric: rubric, Parallel: *par, Timeout: *timeout,
	}
	if *heldOutFile != "" {
		h, err := heldout.Load(l, root, *heldOutFile, names(obs), killmatrix.Options{Timeout: *timeout, Parallel: *par})
		if err != nil {
			fmt.Fprintln(stderr, "grade:", err)
			return 2
		}
		defer h.Close()
		opt.HeldOut = h
	}

	class, err := grade.Grade(subs, opt)
	if err != nil {
		fmt.Fprintln(stderr, "grade:", err)
		return 1
	}
	var b bytes.Buffer
	switch *format {
	case "csv":
		err = class.CSV(&b)
	case "json":
		err = class.JSON(&b)
	default:
		err = class.Text(&b)
	}
	if err == nil && *feedback != "" {
		err = writeFeedback(*feedback, class, opt)
	}
	if err == nil && *out != "" {
		err = os.WriteFile(*out, b.Bytes(), 0o644)
	} else if err == nil {
		_, err = stdout.Write(b.Bytes())
	}
	if err != nil {
		fmt.Fprintln(stderr, "grade:", err)
		return 1
	}
	return 0
}

func names(obs []killmatrix.Observation) []string {
	var out []string
	for _, o := range obs {
		out = append(out, o.Name)
	}
	return out
}

func readRoster(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	roster := []string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name := strings.TrimSpace(sc.Text()); name != "" && !strings.HasPrefix(name, "#") {
			roster = append(roster, name)
		}
	}
	return roster, sc.Err()
}

// writeFeedback writes each graded student's report as the student may
// see it.
func writeFeedback(dir string, class *grade.Class, opt grade.Options) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, row := range class.Rows {
		if row.Report == nil || !grade.ValidName(row.Student) {
			continue // nothing graded, or a name that is no file name
		}
		var b bytes.Buffer
		if err := grade.Feedback(&b, row, class, opt.Lab.Catalogue); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, row.Student+".txt"), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

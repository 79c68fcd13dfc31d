// Package reportcheck tells whether a JSON kill report matches a checkout:
// whether the inputs it digested are the checkout's files, and whether
// running the lab again on them gives the same results. A report whose
// inputs match but whose results do not was edited after it was written:
// it is tampered.
package reportcheck

import (
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/report"
)

// Verdict is the checker's conclusion.
type Verdict string

const (
	// OK: the inputs match and a re-run gives the same results.
	OK Verdict = "ok"
	// Tampered: the inputs match, yet the results differ from a re-run.
	Tampered Verdict = "tampered"
	// OtherInputs: the report was made from other files than these.
	OtherInputs Verdict = "other inputs"
)

// A Result is what Check found.
type Result struct {
	Verdict Verdict
	// Mismatched lists the inputs whose digest differs, as "path".
	Mismatched []string
	// Diff shows the results that differ, (-report +rerun); empty when
	// they agree.
	Diff string
}

func (r *Result) String() string {
	var b strings.Builder
	switch r.Verdict {
	case OK:
		b.WriteString("ok: every input matches this checkout and a re-run gives the same results\n")
	case Tampered:
		b.WriteString("TAMPERED: the inputs match this checkout, but the results do not match a re-run\n")
	case OtherInputs:
		fmt.Fprintf(&b, "OTHER INPUTS: the report was not made from this checkout's files: %s\n", strings.Join(r.Mismatched, ", "))
	}
	if r.Diff != "" {
		fmt.Fprintf(&b, "results (-report +rerun):\n%s", r.Diff)
	}
	return b.String()
}

// Check compares the JSON report data with the checkout at root, running
// the lab again with the observations, worksheets and mutants the report
// names.
func Check(l *lab.Lab, root string, data []byte, build killmatrix.Options) (*Result, error) {
	var r report.Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("not a JSON report: %v", err)
	}
	if r.Schema != report.Schema {
		return nil, fmt.Errorf("report schema %q, this checker reads %q", r.Schema, report.Schema)
	}
	var files, worksheets, names []string
	studentRoot := ""
	for _, d := range r.Inputs {
		switch {
		case strings.HasSuffix(d.Path, ".md"):
			worksheets = append(worksheets, filepath.Join(root, filepath.FromSlash(d.Path)))
			files = append(files, d.Path)
		case strings.HasSuffix(d.Path, ".txtar"):
			files = append(files, d.Path)
			kind := path.Base(path.Dir(d.Path))
			names = append(names, regexp.QuoteMeta(kind+"/"+strings.TrimSuffix(path.Base(d.Path), ".txtar")))
			if kind == killmatrix.KindStudent {
				studentRoot = filepath.Join(root, filepath.FromSlash(path.Dir(path.Dir(d.Path))))
			}
		}
	}
	digests, err := report.Inputs(root, l.Layout, files)
	if err != nil {
		return nil, err
	}
	res := &Result{Verdict: OK}
	got, listed := map[string]string{}, map[string]bool{}
	for _, d := range digests {
		got[d.Path] = d.SHA256
	}
	for _, d := range r.Inputs {
		listed[d.Path] = true
		if got[d.Path] != d.SHA256 {
			res.Mismatched = append(res.Mismatched, d.Path)
		}
	}
	// An input the report leaves out (the harness, the reference) is as
	// unverified as one whose digest differs.
	for _, d := range digests {
		if !listed[d.Path] {
			res.Mismatched = append(res.Mismatched, d.Path+" (missing from the report)")
		}
	}
	if len(res.Mismatched) > 0 {
		res.Verdict = OtherInputs
	}

	// Re-run every observation whose file the report digested, and the
	// mutants it names: an observation dropped from its results then shows
	// as a difference.
	cfg := labrun.Config{
		Lab: l, Root: root, StudentRoot: studentRoot, Worksheets: worksheets, Build: build, Instructor: true,
		Run: regexp.MustCompile("^(" + strings.Join(names, "|") + ")$"),
	}
	if cfg.Worksheets == nil {
		cfg.Worksheets = []string{}
	}
	for _, mu := range r.Mutants {
		s, ok := l.Lookup(mu.Name)
		if !ok || mu.Name == l.Reference.Name {
			return nil, fmt.Errorf("the report judges mutant %q, which this checkout does not have", mu.Name)
		}
		cfg.Mutants = append(cfg.Mutants, s)
	}
	plan, err := labrun.Prepare(cfg)
	if err != nil {
		return nil, fmt.Errorf("re-running the report's inputs: %v", err)
	}
	again, _, err := plan.Run()
	if err != nil {
		return nil, fmt.Errorf("re-running the report's inputs: %v", err)
	}
	res.Diff = cmp.Diff(essence(&r), essence(again))
	if res.Diff != "" && res.Verdict == OK {
		res.Verdict = Tampered
	}
	return res, nil
}

// facts are the results a report asserts, without timings and paths that
// change from run to run.
type facts struct {
	Summary      killmatrix.Summary
	Score        report.Score
	Observations []string // name and reference verdict
	Mutants      []string // name, outcome, killers
	Cells        []string // mutant, observation, status
	Verdicts     []string // mutant, right, problems
	Invalid      []string
}

func essence(r *report.Report) facts {
	f := facts{Summary: r.Summary, Score: r.Score}
	for _, o := range r.Observations {
		f.Observations = append(f.Observations, fmt.Sprintf("%s %s", o.Name, o.Status))
	}
	for _, mu := range r.Mutants {
		var killers []string
		for _, k := range mu.KilledBy {
			killers = append(killers, k.Observation+" "+string(k.Evidence))
		}
		f.Mutants = append(f.Mutants, fmt.Sprintf("%s %s by %s", mu.Name, mu.Outcome, strings.Join(killers, ", ")))
		for _, o := range r.Observations {
			f.Cells = append(f.Cells, fmt.Sprintf("%s %s %s", mu.Name, o.Name, mu.Cells[o.Name].Status))
		}
	}
	for _, v := range r.Verdicts {
		f.Verdicts = append(f.Verdicts, fmt.Sprintf("%s right=%v %s", v.Prediction.Mutant, v.Right, strings.Join(v.Problems, "; ")))
	}
	for _, inv := range r.Invalid {
		f.Invalid = append(f.Invalid, inv.Observation)
	}
	slices.Sort(f.Invalid)
	return f
}

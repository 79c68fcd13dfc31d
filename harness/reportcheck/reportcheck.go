package reportcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// Verdict is the checker's conclusion.
type Verdict string

const (
	// OK: the inputs match and a re-run gives the same results.
	OK Verdict = "ok"
	// Tampered: the inputs match, yet the results differ from a re-run.
	Tampered Verdict = "tampered"
	// OtherInputs: the report was made from other files than these, or
	// leaves some out.
	OtherInputs Verdict = "other inputs"
	// Refused: the observations (the student's, or the checkout's copy of
	// the lab's own) hold what grading refuses, so
	// nothing was run.
	Refused Verdict = "refused"
)

// A Result is what Check found.
type Result struct {
	Verdict Verdict
	// Mismatched lists the inputs whose digest differs or is missing.
	Mismatched []string
	// Refusals says why the observations were not run.
	Refusals []string
	// Differences lists every field whose value in the report differs
	// from a re-run's, by its JSON path; empty when they agree.
	Differences []Difference
}

// A Difference is one field of the report that a re-run does not give.
type Difference struct {
	// Path is the field's place in the JSON report, as in
	// mutants[0].outcome.
	Path string
	// Report and Rerun are its JSON values, "" where it is absent.
	Report, Rerun string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s: the report says %s, a re-run %s", d.Path, orAbsent(d.Report), orAbsent(d.Rerun))
}

func orAbsent(v string) string {
	if v == "" {
		return "nothing"
	}
	return v
}

func (r *Result) String() string {
	var b strings.Builder
	switch r.Verdict {
	case OK:
		b.WriteString("ok: every input matches this checkout and a re-run gives the same report\n")
	case Tampered:
		b.WriteString("TAMPERED: the inputs match this checkout, but the report does not match a re-run\n")
	case OtherInputs:
		fmt.Fprintf(&b, "OTHER INPUTS: the report was not made from this checkout's files: %s\n", strings.Join(r.Mismatched, ", "))
	case Refused:
		fmt.Fprintf(&b, "REFUSED: the observations hold what grading refuses, so nothing was run:\n  %s\n", strings.Join(r.Refusals, "\n  "))
	}
	if len(r.Differences) > 0 {
		fmt.Fprintf(&b, "%s from a re-run:\n", plural(len(r.Differences), "field differs", "fields differ"))
		for _, d := range r.Differences {
			fmt.Fprintf(&b, "  %s\n", d)
		}
	}
	return b.String()
}

// A ReportError says that the report itself cannot be checked: it is not
// a JSON report of this harness's schema, or it names an input outside
// the checkout, a -run pattern that does not compile or a mutant the
// checkout does not have. Any other error of [Check] is the checker's
// own (a file it cannot read, a lab it cannot run).
type ReportError struct{ Err error }

func (e *ReportError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ReportError) Unwrap() error { return e.Err }

// badReport wraps a problem with the report in a [*ReportError].
func badReport(format string, args ...any) error {
	return &ReportError{fmt.Errorf(format, args...)}
}

// A Vetter reads a student's observation folder as grading would: the
// observations it may run, and those it refuses with why.
type Vetter func(dir string) (own []killmatrix.Observation, refused map[string]string, err error)

// Check compares the JSON report data with the checkout at root. It reads
// the student's observations with vet, so that it never runs one grading
// would refuse, and runs the lab again with the observations, worksheets,
// mutants, view and language the report names.
func Check(l *lab.Lab, root string, data []byte, build killmatrix.Options, vet Vetter) (*Result, error) {
	r, err := decode(data)
	if err != nil {
		return nil, err
	}
	in, err := readInputs(root, l.Layout, r)
	if err != nil {
		return nil, err
	}
	res := &Result{Verdict: OK}
	if res.Mismatched, err = mismatched(root, l, r, in); err != nil {
		return nil, err
	}
	own, refused, err := vet(in.studentDir)
	if err != nil {
		return nil, err
	}
	// The checkout's own lab observations are as untrusted as the
	// student's: one edited to exec a program, or to read a file outside
	// its work folder, is refused as grading refuses a student's.
	labRefused, err := lintLab(l, root, in.labFiles)
	if err != nil {
		return nil, err
	}
	slices.Sort(res.Mismatched)
	res.Mismatched = append(res.Mismatched, ownMismatch(r, in, own, refused)...)
	maps.Copy(refused, labRefused)
	switch {
	case len(refused) > 0 && len(res.Mismatched) == 0:
		for name, why := range refused {
			res.Refusals = append(res.Refusals, name+": "+why)
		}
		slices.Sort(res.Refusals)
		res.Verdict = Refused
		return res, nil
	case len(res.Mismatched) > 0:
		res.Verdict = OtherInputs
		return res, nil
	}
	again, err := rerun(l, root, r, in, own, build)
	if err != nil {
		return nil, err
	}
	if err := recorded(l, root, r, again); err != nil {
		return nil, err
	}
	if res.Differences = differences(essence(data), essence(mustJSON(again))); len(res.Differences) > 0 {
		res.Verdict = Tampered
	}
	return res, nil
}

// Decode reads a JSON report of this harness's schema; its error is a
// *ReportError.
func Decode(data []byte) (*report.Report, error) { return decode(data) }

func decode(data []byte) (*report.Report, error) {
	var r report.Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, badReport("not a JSON report: %v", err)
	}
	if r.Schema != report.Schema {
		return nil, badReport("report schema %q, this checker reads %q", r.Schema, report.Schema)
	}
	return &r, nil
}

// inputs are the files a report names.
type inputs struct {
	files, worksheets, names []string
	labFiles                 []string // the lab's own observations the report names, relative to root
	studentDir               string
	own                      map[string]bool // the student's observations the report digests, by name
}

// readInputs sorts the files a report names. A report is untrusted: a
// path that is not local to the checkout is refused, so that nothing
// outside it is read or run.
func readInputs(root string, layout lab.Layout, r *report.Report) (inputs, error) {
	in := inputs{own: map[string]bool{}}
	for _, d := range r.Inputs {
		if p := strings.TrimSuffix(d.Path, "/"); !filepath.IsLocal(filepath.FromSlash(p)) {
			return in, badReport("the report names the input %q, which is not a path inside the checkout", d.Path)
		}
		switch {
		case strings.HasSuffix(d.Path, ".md"):
			in.worksheets = append(in.worksheets, filepath.Join(root, filepath.FromSlash(d.Path)))
			in.files = append(in.files, d.Path)
		case strings.HasSuffix(d.Path, ".txtar"):
			in.files = append(in.files, d.Path)
			kind := path.Base(path.Dir(d.Path))
			name := kind + "/" + strings.TrimSuffix(path.Base(d.Path), ".txtar")
			if kind == layout.Own {
				in.studentDir = filepath.Join(root, filepath.FromSlash(path.Dir(d.Path)))
				in.own[name] = true
				continue
			}
			in.names = append(in.names, name)
			in.labFiles = append(in.labFiles, d.Path)
		}
	}
	// A refused observation is named, never digested: it may be a link
	// or a pipe, which nothing reads.
	for _, u := range r.Uncounted {
		if u.Status == report.Refused {
			in.own[u.Observation] = true
		}
	}
	if in.studentDir == "" {
		dir := r.Meta.StudentDir
		if dir == "" {
			dir = path.Join(layout.Observations, layout.Own)
		}
		if !filepath.IsLocal(filepath.FromSlash(dir)) {
			return in, badReport("the report names the student folder %q, which is not a path inside the checkout", dir)
		}
		in.studentDir = filepath.Join(root, filepath.FromSlash(dir))
	}
	return in, nil
}

// lintLab lints each of the lab's own observations in files (read by
// now through report.Inputs, which refuses anything but a regular file)
// as a student's is linted, and returns the refused ones by name.
func lintLab(l *lab.Lab, root string, files []string) (map[string]string, error) {
	refused := map[string]string{}
	for _, rel := range files {
		kind := path.Base(path.Dir(rel))
		o, err := killmatrix.Load(kind, filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, badReport("the checkout's observation %s: %v", rel, err)
		}
		if err := submission.Lint(l, o, submission.DefaultLimits); err != nil {
			refused[o.Name] = err.Error()
		}
	}
	return refused, nil
}

// mismatched lists the inputs whose digest differs from the checkout's,
// and those the report leaves out (the harness, the reference).
func mismatched(root string, l *lab.Lab, r *report.Report, in inputs) ([]string, error) {
	digests, err := report.Inputs(root, l.Layout, in.files)
	var bad *report.InputError
	if errors.As(err, &bad) {
		return nil, badReport("the checkout's input %v", err)
	}
	if err != nil {
		return nil, err
	}
	got, listed := map[string]string{}, map[string]bool{}
	for _, d := range digests {
		got[d.Path] = d.SHA256
	}
	var out []string
	for _, d := range r.Inputs {
		listed[d.Path] = true
		if got[d.Path] != d.SHA256 {
			out = append(out, d.Path)
		}
	}
	for _, d := range digests {
		if !listed[d.Path] {
			out = append(out, d.Path+" (missing from the report)")
		}
	}
	return out, nil
}

// ownMismatch lists the student's observations that the report and the
// folder do not share one for one: a file the report leaves out, or one
// the report names that is not there.
func ownMismatch(r *report.Report, in inputs, own []killmatrix.Observation, refused map[string]string) []string {
	var out []string
	onDisk := map[string]bool{}
	for _, o := range own {
		onDisk[o.Name] = true
	}
	for name := range refused {
		onDisk[name] = true
	}
	for name := range onDisk {
		if !in.own[name] {
			out = append(out, name+" (a student observation the report leaves out)")
		}
	}
	for name := range in.own {
		if !onDisk[name] {
			out = append(out, name+" (in the report, not in the student's folder)")
		}
	}
	slices.Sort(out)
	return out
}

// rerun runs the lab again as the report says it was run.
func rerun(l *lab.Lab, root string, r *report.Report, in inputs, own []killmatrix.Observation, build killmatrix.Options) (*report.Report, error) {
	only := map[string]bool{}
	for _, n := range in.names {
		only[n] = true
	}
	for _, o := range own {
		only[o.Name] = true
	}
	build.RunUnreached = r.Meta.RunUnreached
	cfg := labrun.Config{
		Lab: l, Root: root, Own: own, Refused: map[string]string{}, Worksheets: in.worksheets, Build: build,
		View: r.Meta.View, Lang: r.Meta.Lang, Student: r.Meta.Student, Commit: r.Meta.Commit, Selection: r.Meta.Selection,
		Only: only, StudentRoot: filepath.Dir(in.studentDir),
	}
	if r.Meta.Run != "" {
		re, err := regexp.Compile(r.Meta.Run)
		if err != nil {
			return nil, badReport("the report's -run %q: %v", r.Meta.Run, err)
		}
		cfg.Run = re
	}
	if cfg.Worksheets == nil {
		cfg.Worksheets = []string{}
	}
	for _, name := range r.Meta.Only {
		s, ok := l.Lookup(name)
		if !ok || name == l.Reference.Name {
			return nil, badReport("the report judges mutant %q, which this checkout does not have", name)
		}
		cfg.Mutants = append(cfg.Mutants, s)
	}
	plan, err := labrun.Prepare(cfg)
	var usage *labrun.UsageError
	if errors.As(err, &usage) {
		// What the checkout holds (an observation that is a FIFO or a
		// link, a worksheet that is not text) is its fault, not the
		// checker's.
		return nil, badReport("the checkout: %v", err)
	}
	if err != nil {
		return nil, fmt.Errorf("re-running the report's inputs: %v", err)
	}
	res, err := plan.Run()
	if err != nil {
		return nil, fmt.Errorf("re-running the report's inputs: %v", err)
	}
	return res.Report, nil
}

func mustJSON(r *report.Report) []byte {
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil {
		panic(err) // a report always encodes
	}
	return b.Bytes()
}

// volatile are the fields that change from one run to the next without a
// student's doing: timings, logs, when and by whom the report was made,
// and what chose the report's language (the student's locale, the
// worksheet their checkout shows started): a re-run is given the language
// itself, which is compared.
var volatile = map[string]bool{"elapsed_ms": true, "elapsed_ns": true, "timing_ms": true, "log": true, "created": true, "student": true, "commit": true, "lang_from": true}

// essence is a report as JSON with its volatile fields left out: every
// other field, which a student could edit to look better, is compared.
func essence(data []byte) any {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return string(data)
	}
	return strip(v)
}

func strip(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k := range v {
			if volatile[k] {
				delete(v, k)
				continue
			}
			v[k] = strip(v[k])
		}
	case []any:
		for i := range v {
			v[i] = strip(v[i])
		}
	}
	return v
}

// plural is "1 field differs" or "3 fields differ".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

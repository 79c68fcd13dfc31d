package main

// idemlab mutate: every single-point mutant of the reference, not only the
// catalogue's eight, judged by the lab's observations.
//
//	idemlab mutate [-list] [-json] [-all] [-run REGEXP] [-timeout D] [-parallel N] [-dir DIR]
//
// It generates the mutants of reference/store.go (harness/mutagen lists the
// operators), builds them all into one program, runs the observations of
// testdata/happy and testdata/edge against every one in process, and
// reports the mutation score and every survivor with its diff. Mutants
// listed in mutants/equivalent.json are kept apart from real survivors.
//
// Flags:
//
//	-list        list the mutants (with -json, as JSON) and run nothing
//	-json        write the report as JSON
//	-all         run every observation on every mutant, and list every
//	             killer; by default a mutant's judging stops at its first
//	             kill (edge observations are tried first), which is enough
//	             for the score and several times faster
//	-run REGEXP  judge only the mutants whose id matches
//	-timeout D   bound on one observation run (default 30s)
//	-parallel N  scripts run at once (default: the number of CPUs)
//	-dir DIR     observation folder (default: testdata of the module)
//
// The exit status is 0 when every mutant judged is killed, equivalent or
// unviable and the observations are sound; 1 when a mutant survived or
// timed out, an observation failed on the reference or was flaky, or a
// mutant listed as equivalent was killed; 2 for a usage error or when the
// mutants cannot be generated or built.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// MutateSchema names the JSON report's format.
const MutateSchema = "idemlab/mutate/v1"

// Outcomes of a generated mutant in the report: killmatrix's, and two of
// its own.
const (
	outcomeEquivalent = "equivalent"
	outcomeUnviable   = "unviable"
)

// mutateReport is what idemlab mutate reports.
type mutateReport struct {
	Schema    string `json:"schema"`
	Reference string `json:"reference"`
	// Observations counts the observations run; Broken and Flaky name
	// those that failed on the reference or disagreed between runs.
	Observations int              `json:"observations"`
	Broken       []string         `json:"broken_observations"`
	Flaky        []string         `json:"flaky_observations"`
	Summary      mutateSummary    `json:"summary"`
	Mutants      []mutantReport   `json:"mutants"`
	Problems     []string         `json:"problems"`
	Timing       map[string]int64 `json:"timing_ms"`
}

type mutateSummary struct {
	Mutants    int `json:"mutants"`
	Killed     int `json:"killed"`
	Survived   int `json:"survived"`
	Equivalent int `json:"equivalent"`
	TimedOut   int `json:"timed_out"`
	Unviable   int `json:"unviable"`
	Invalid    int `json:"invalid"`
	// Score is killed / (killed + survived + timed out), in percent:
	// equivalent, unviable and invalid mutants are not counted.
	Score float64 `json:"score"`
}

type mutantReport struct {
	mutagen.Mutant
	// Hand names the catalogue mutant that makes the same source, if any.
	Hand    string `json:"hand,omitempty"`
	Outcome string `json:"outcome"`
	// Reason says why a mutant is unviable, invalid or equivalent.
	Reason   string            `json:"reason,omitempty"`
	KilledBy []killmatrix.Kill `json:"killed_by,omitempty"`
	// FirstKillOnly is set when judging stopped at the first kill, so
	// KilledBy names one killer, not all of them (run with -all for all).
	FirstKillOnly bool `json:"first_kill_only,omitempty"`
	// Diff is the change, for survivors and equivalent mutants.
	Diff string `json:"diff,omitempty"`
}

func runMutate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("idemlab mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.Bool("list", false, "list the mutants and run nothing")
	asJSON := fs.Bool("json", false, "write the report (or the list) as JSON")
	everyObs := fs.Bool("all", false, "run every observation on every mutant and list every killer (default: stop at each mutant's first kill)")
	runPattern := fs.String("run", "", "judge only the mutants whose id matches this regexp")
	timeout := fs.Duration("timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	par := fs.Int("parallel", 0, "scripts run at once (default: the number of CPUs)")
	dir := fs.String("dir", "", "observation folder (default: testdata of the module)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "idemlab mutate: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "idemlab mutate: %v\n", err)
		return 2
	}
	var re *regexp.Regexp
	if *runPattern != "" {
		var err error
		if re, err = regexp.Compile(*runPattern); err != nil {
			return fail(fmt.Errorf("-run: %v", err))
		}
	}

	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return fail(err)
	}
	l := mutants.Lab()
	cat := l.Catalogue
	if err != nil {
		return fail(err)
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(cat.Reference)))
	if err != nil {
		return fail(err)
	}
	all, err := mutagen.Generate(cat.Reference, src)
	if err != nil {
		return fail(err)
	}
	eqData, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(mutagen.EquivalentFile)))
	if err != nil {
		return fail(err)
	}
	eq, err := mutagen.ParseEquivalent(mutagen.EquivalentFile, eqData, all)
	switch {
	case err != nil && *list:
		// The list is where the right ids are found: show it anyway.
		fmt.Fprintf(stderr, "idemlab mutate: the equivalent-mutant file has problems; the list does not mark equivalent mutants:\n%v\n", err)
		eq = nil
	case err != nil:
		return fail(fmt.Errorf("fix the equivalent-mutant file first (-list shows the mutants' ids):\n%v", err))
	}
	cover, err := mutagen.Cover(src, cat.Mutants, all)
	if err != nil {
		return fail(err)
	}
	hand := map[string]string{} // generated id -> catalogue name
	for name, id := range cover {
		if id != "" {
			hand[id] = name
		}
	}
	var selected []mutagen.Mutant
	for _, m := range all {
		if re == nil || re.MatchString(m.ID) {
			selected = append(selected, m)
		}
	}
	if len(selected) == 0 {
		return fail(fmt.Errorf("-run %q matches none of the %d mutants (-list shows them)", *runPattern, len(all)))
	}

	if *list {
		if err := writeMutantList(stdout, *asJSON, selected, hand, eq, cat); err != nil {
			return fail(err)
		}
		return 0
	}

	obsDir := *dir
	if obsDir == "" {
		obsDir = "testdata" // relative to the module root, where the mutants run
	} else if obsDir, err = filepath.Abs(obsDir); err != nil {
		return fail(err)
	}
	res, err := mutagen.Run(l, src, selected, mutagen.BuildOptions{Root: root, Log: stderr}, mutagen.RunOptions{
		Dir:     obsDir,
		Options: killmatrix.Options{Timeout: *timeout, Parallel: *par, FirstKill: !*everyObs},
	})
	if err != nil {
		return fail(err)
	}
	r := newMutateReport(cat.Reference, src, selected, hand, eq, res)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		err = enc.Encode(r)
	} else {
		err = r.text(stdout)
	}
	if err != nil {
		return fail(err)
	}
	if !r.passed() {
		return 1
	}
	return 0
}

// newMutateReport judges each mutant from what Run found.
func newMutateReport(reference string, src []byte, mutants []mutagen.Mutant, hand map[string]string, eq *mutagen.Equivalents, res *mutagen.RunResult) *mutateReport {
	r := &mutateReport{
		Schema:    MutateSchema,
		Reference: reference,
		Broken:    []string{},
		Flaky:     []string{},
		Mutants:   []mutantReport{},
		Problems:  []string{},
		Timing: map[string]int64{
			"generate": res.Generate.Milliseconds(),
			"build":    res.Build.Milliseconds(),
			"run":      res.Run.Milliseconds(),
		},
	}
	rows := map[string]killmatrix.MutantRow{}
	if res.Matrix != nil {
		r.Observations = len(res.Matrix.Observations)
		for _, o := range res.Matrix.Observations {
			if o.Status == outcome.Broken {
				r.Broken = append(r.Broken, o.Name)
				r.Problems = append(r.Problems, fmt.Sprintf("observation %s fails on the reference: %s: %s", o.Name, o.Reference.Pos, o.Reference.Message))
			}
			if o.Status == outcome.Flaky {
				r.Flaky = append(r.Flaky, o.Name)
				r.Problems = append(r.Problems, fmt.Sprintf("observation %s is flaky: two runs on the same code disagreed", o.Name))
			}
		}
		for _, row := range res.Matrix.Mutants {
			rows[row.Name] = row
		}
	}
	unviable := map[string]string{}
	for _, u := range res.Unviable {
		unviable[u.ID] = u.Reason
	}
	s := &r.Summary
	for _, m := range mutants {
		mr := mutantReport{Mutant: m, Hand: hand[m.ID]}
		q, isEquivalent := eq.Lookup(m.ID)
		row, judged := rows[m.ID]
		switch {
		case unviable[m.ID] != "":
			mr.Outcome, mr.Reason = outcomeUnviable, unviable[m.ID]
			s.Unviable++
		case !judged:
			mr.Outcome, mr.Reason = string(outcome.Invalid), "the mutants' program did not report it"
			s.Invalid++
		case row.Outcome == outcome.Killed:
			mr.Outcome, mr.KilledBy, mr.FirstKillOnly = string(row.Outcome), row.KilledBy, row.Stopped
			s.Killed++
			if isEquivalent {
				r.Problems = append(r.Problems, fmt.Sprintf("%s: mutant %s is listed as equivalent but %s kills it: remove the entry", q.Pos, m.ID, row.KilledBy[0].Observation))
			}
		case row.Outcome == outcome.Survived && isEquivalent:
			mr.Outcome, mr.Reason = outcomeEquivalent, q.Reason
			s.Equivalent++
		case row.Outcome == outcome.Survived:
			mr.Outcome = string(row.Outcome)
			s.Survived++
		case row.Outcome == outcome.Timeout:
			mr.Outcome = string(row.Outcome)
			s.TimedOut++
		default:
			mr.Outcome, mr.Reason = string(row.Outcome), row.Reason
			s.Invalid++
		}
		if mr.Outcome == string(outcome.Survived) || mr.Outcome == outcomeEquivalent || mr.Outcome == string(outcome.Timeout) {
			if d, err := m.Diff(src, reference); err == nil {
				mr.Diff = d
			}
		}
		r.Mutants = append(r.Mutants, mr)
	}
	s.Mutants = len(mutants)
	if judged := s.Killed + s.Survived + s.TimedOut; judged > 0 {
		s.Score = 100 * float64(s.Killed) / float64(judged)
	}
	return r
}

// passed reports whether every judged mutant was killed, listed as
// equivalent or unviable, and the observations were sound.
func (r *mutateReport) passed() bool {
	return r.Summary.Survived == 0 && r.Summary.TimedOut == 0 && r.Summary.Invalid == 0 && len(r.Problems) == 0
}

// String is the closing line, e.g. "146 mutants: 120 killed, 1 survived,
// 25 equivalent, 0 timed out, 0 unviable; mutation score 99.2% (120 of 121)".
func (s mutateSummary) String() string {
	line := fmt.Sprintf("%d mutants: %d killed, %d survived, %d equivalent, %d timed out, %d unviable",
		s.Mutants, s.Killed, s.Survived, s.Equivalent, s.TimedOut, s.Unviable)
	if s.Invalid > 0 {
		line += fmt.Sprintf(", %d invalid", s.Invalid)
	}
	return line + fmt.Sprintf("; mutation score %.1f%% (%d of %d)", s.Score, s.Killed, s.Killed+s.Survived+s.TimedOut)
}

func (r *mutateReport) text(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "idemlab mutate: %d mutants of %s, %d observations\n", r.Summary.Mutants, r.Reference, r.Observations)
	fmt.Fprintf(&b, "generate %s, build %s, run %s\n",
		time.Duration(r.Timing["generate"])*time.Millisecond,
		time.Duration(r.Timing["build"])*time.Millisecond,
		time.Duration(r.Timing["run"])*time.Millisecond)
	section := func(outcome, title string, each func(mutantReport)) {
		n := 0
		for _, m := range r.Mutants {
			if m.Outcome == outcome {
				n++
			}
		}
		if n == 0 {
			return
		}
		fmt.Fprintf(&b, "\n%s (%d):\n", title, n)
		for _, m := range r.Mutants {
			if m.Outcome == outcome {
				each(m)
			}
		}
	}
	showDiff := func(m mutantReport) {
		fmt.Fprintf(&b, "\n%s  %s\n", m.ID, describe(m.Mutant))
		b.WriteString(m.Diff)
	}
	section(string(outcome.Survived), "SURVIVED: no observation tells these from the reference", showDiff)
	section(string(outcome.Timeout), "TIMED OUT: no observation killed these, and one hit the deadline", showDiff)
	section(outcomeEquivalent, "equivalent, as "+mutagen.EquivalentFile+" says", func(m mutantReport) {
		fmt.Fprintf(&b, "  %s  %s\n", m.ID, m.Reason)
	})
	section(outcomeUnviable, "unviable: not judged", func(m mutantReport) {
		fmt.Fprintf(&b, "  %s  %s\n", m.ID, m.Reason)
	})
	section(string(outcome.Invalid), "invalid: not judged", func(m mutantReport) {
		fmt.Fprintf(&b, "  %s  %s\n", m.ID, m.Reason)
	})
	if len(r.Problems) > 0 {
		fmt.Fprintf(&b, "\nproblems:\n")
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "  %s\n", p)
		}
	}
	fmt.Fprintf(&b, "\n%s\n", r.Summary)
	_, err := io.WriteString(w, b.String())
	return err
}

// describe is a mutant's function and what its operator does.
func describe(m mutagen.Mutant) string {
	op, _ := mutagen.Lookup(m.Operator)
	if m.Function == "" {
		return op.Doc
	}
	return fmt.Sprintf("in %s: %s", m.Function, op.Doc)
}

// writeMutantList prints the mutants, one a line: id, function, what the
// operator does, and whether it is a catalogue mutant or equivalent.
func writeMutantList(w io.Writer, asJSON bool, mutants []mutagen.Mutant, hand map[string]string, eq *mutagen.Equivalents, cat *mutation.Catalogue) error {
	type entry struct {
		mutagen.Mutant
		Hand       string `json:"hand,omitempty"`
		Equivalent string `json:"equivalent,omitempty"`
	}
	entries := []entry{}
	for _, m := range mutants {
		q, _ := eq.Lookup(m.ID)
		entries = append(entries, entry{m, hand[m.ID], q.Reason})
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
	for _, e := range entries {
		fmt.Fprintf(&b, "%-*s  %s", width, e.ID, describe(e.Mutant))
		if e.Hand != "" {
			fmt.Fprintf(&b, "  [= %s]", e.Hand)
		}
		if e.Equivalent != "" {
			b.WriteString("  [equivalent]")
		}
		b.WriteString("\n")
	}
	covered := 0
	for _, e := range entries {
		if e.Hand != "" {
			covered++
		}
	}
	fmt.Fprintf(&b, "%d mutants of %s; %d of the catalogue's %d are among them", len(entries), cat.Reference, covered, len(cat.Mutants))
	var own []string
	for _, m := range cat.Mutants {
		if _, ok := mutagen.HandWritten[m.Name]; ok {
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

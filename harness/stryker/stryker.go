package stryker

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
)

// SchemaVersion is the report format version written; the schema's
// schemaVersion pattern accepts "1" or "2" with up to two more numeric
// parts.
const SchemaVersion = "2"

// FrameworkName names this harness in the report's framework property.
const FrameworkName = "idemlab"

// Language is the prism.js language the viewer highlights the source in.
const Language = "go"

// The mutation score thresholds written to the report: the viewer colours
// a score at or above High green and one below Low red.
const (
	ThresholdHigh = 80
	ThresholdLow  = 60
)

// The MutantStatus values of the schema this package writes.
const (
	StatusKilled       = "Killed"
	StatusSurvived     = "Survived"
	StatusTimeout      = "Timeout"
	StatusRuntimeError = "RuntimeError"
	StatusCompileError = "CompileError"
	StatusIgnored      = "Ignored"
	StatusNoCoverage   = "NoCoverage"
)

// maxTestName bounds the length, in characters, of the observation's doc
// comment quoted in a test's name.
const maxTestName = 100

// A Report is a MutationTestResult: the top-level object of the schema.
type Report struct {
	SchemaVersion string                `json:"schemaVersion"`
	Thresholds    Thresholds            `json:"thresholds"`
	Files         map[string]FileResult `json:"files"`
	TestFiles     map[string]TestFile   `json:"testFiles"`
	Framework     *Framework            `json:"framework,omitempty"`
}

// Thresholds are the score bounds, integers in 0..100.
type Thresholds struct {
	High int `json:"high"`
	Low  int `json:"low"`
}

// A FileResult is one mutated source file.
type FileResult struct {
	Language string         `json:"language"`
	Source   string         `json:"source"`
	Mutants  []MutantResult `json:"mutants"`
}

// A MutantResult is one mutant and its status.
type MutantResult struct {
	ID           string   `json:"id"`
	MutatorName  string   `json:"mutatorName"`
	Description  string   `json:"description,omitempty"`
	Replacement  string   `json:"replacement"`
	Location     Location `json:"location"`
	Status       string   `json:"status"`
	StatusReason string   `json:"statusReason,omitempty"`
	KilledBy     []string `json:"killedBy,omitempty"`
	CoveredBy    []string `json:"coveredBy"`
	Static       bool     `json:"static"`
}

// A Location spans from Start (inclusive) to End (exclusive).
type Location struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// An OpenEndLocation is a location whose end may be left out.
type OpenEndLocation struct {
	Start Position  `json:"start"`
	End   *Position `json:"end,omitempty"`
}

// A Position is a line and column, both counted from 1.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// A TestFile is a file holding one or more tests.
type TestFile struct {
	Tests []TestDefinition `json:"tests"`
	// Source is the file's text, which the viewer's Tests tab shows.
	Source string `json:"source,omitempty"`
}

// A TestDefinition is one test: here, one observation script.
type TestDefinition struct {
	ID       string           `json:"id"`
	Name     string           `json:"name"`
	Location *OpenEndLocation `json:"location,omitempty"`
}

// Framework names the tool that produced the report.
type Framework struct {
	Name string `json:"name"`
}

// Export builds the Stryker report of r: every mutant the run judged, a
// lab's, a held-out or a generated one alike, located at the one place its
// Old snippet occurs in the reference source (r.Source, whose text is in
// r.Sources), and every observation as a test, with its script as the
// test file's source when r.Sources has it. An unviable mutant is a
// CompileError; one whose snippet is not in the source (its replacement
// does not apply) is placed at the source's first character.
//
// A mutant without an Old snippet is left out: one no catalogue declares,
// which has no place, and a concealed one, in a student's view of a
// mutant not yet predicted, whose place would say what it changes. Export fails when a snippet of a viable mutant does not occur
// exactly once in the source, when the source is not UTF-8 (JSON could not
// carry it unchanged), or when two observations share a name (a test id
// must be unique).
func Export(r *report.Report) (*Report, error) {
	if r == nil {
		return nil, errors.New("stryker: no report")
	}
	src, ok := r.Sources[r.Source]
	switch {
	case r.Source == "" || !ok:
		return nil, errors.New("stryker: the report carries no reference source")
	case !utf8.ValidString(src):
		return nil, fmt.Errorf("stryker: %s is not UTF-8 text", r.Source)
	}
	testFiles, covering, err := tests(r)
	if err != nil {
		return nil, err
	}
	mutants := []MutantResult{}
	for _, row := range r.Mutants {
		if row.Old == "" {
			continue
		}
		mr, err := mutant(row, src, covering)
		if err != nil {
			return nil, fmt.Errorf("stryker: mutant %s: %s %w", row.Name, r.Source, err)
		}
		mutants = append(mutants, mr)
	}
	return &Report{
		SchemaVersion: SchemaVersion,
		Thresholds:    Thresholds{High: ThresholdHigh, Low: ThresholdLow},
		Files:         map[string]FileResult{r.Source: {Language: Language, Source: src, Mutants: mutants}},
		TestFiles:     testFiles,
		Framework:     &Framework{Name: FrameworkName},
	}, nil
}

// tests lists every observation as a test of its script file, and the
// ids of those that cover mutants: every valid one, since each runs the
// whole store. Broken and flaky observations show nothing about a mutant,
// so they cover none (the matrix never counts their kills either).
func tests(r *report.Report) (map[string]TestFile, []string, error) {
	testFiles := map[string]TestFile{}
	ids := map[string]bool{}
	var covering []string
	for _, o := range r.Observations {
		if ids[o.Name] {
			return nil, nil, fmt.Errorf("stryker: observation %s listed twice; a test id must be unique", o.Name)
		}
		ids[o.Name] = true
		file := filepath.ToSlash(o.File)
		tf := testFiles[file]
		tf.Tests = append(tf.Tests, TestDefinition{ID: o.Name, Name: testName(o.Name, o.Doc), Location: &OpenEndLocation{Start: Position{Line: 1, Column: 1}}})
		tf.Source = r.Sources[file]
		testFiles[file] = tf
		if o.Valid() {
			covering = append(covering, o.Name)
		}
	}
	return testFiles, covering, nil
}

// mutant is one mutant's result: its place, its status in the schema's
// words, and why.
func mutant(row report.Mutant, src string, covering []string) (MutantResult, error) {
	loc, err := locate(src, row.Old)
	switch {
	case err != nil && row.Outcome == outcome.Unviable:
		// It never ran, and has no place: its first character.
		loc = Location{Start: Position{Line: 1, Column: 1}, End: Position{Line: 1, Column: 1}}
	case err != nil:
		return MutantResult{}, err
	}
	mr := MutantResult{
		ID: row.Name, MutatorName: mutatorName(row), Description: description(row),
		Replacement: row.New, Location: loc, CoveredBy: reaching(row, covering),
	}
	switch row.Outcome {
	case outcome.Killed:
		// The schema asks a killed mutant's statusReason to hold the
		// failure messages of the tests that killed it.
		mr.Status = StatusKilled
		var reasons []string
		for _, k := range row.KilledBy {
			mr.KilledBy = append(mr.KilledBy, k.Observation)
			reasons = append(reasons, killReason(k))
		}
		mr.StatusReason = strings.Join(reasons, "\n")
	case outcome.Survived:
		mr.Status = StatusSurvived
		if len(mr.CoveredBy) == 0 {
			mr.Status = StatusNoCoverage
		}
	case outcome.Timeout:
		mr.Status = StatusTimeout
		if len(row.TimedOutOn) > 0 {
			mr.StatusReason = "still running at the deadline: " + strings.Join(row.TimedOutOn, ", ")
		}
	case outcome.Invalid:
		mr.Status, mr.StatusReason = StatusRuntimeError, row.Reason
	case outcome.Unviable:
		mr.Status, mr.StatusReason, mr.CoveredBy = StatusCompileError, row.Reason, []string{}
	case outcome.Equivalent:
		mr.Status, mr.StatusReason = StatusIgnored, row.Reason
	default:
		return MutantResult{}, fmt.Errorf("unknown outcome %q", row.Outcome)
	}
	return mr, nil
}

// mutatorName names what made the mutant: its operator (generated) or the
// catalogue's idea (a lab or held-out mutant).
func mutatorName(row report.Mutant) string {
	if row.Operator != "" {
		return row.Operator
	}
	return row.Idea.String()
}

func description(row report.Mutant) string {
	switch {
	case row.Origin == report.OriginGenerated:
		return fmt.Sprintf("%s, in %s: %s", row.Origin, row.Function, row.Idea.String())
	case row.Step > 0:
		return fmt.Sprintf("%s mutant, step %d, %s: %s", row.Origin, row.Step, row.Function, row.Idea.String())
	}
	return fmt.Sprintf("%s mutant, %s: %s", row.Origin, row.Function, row.Idea.String())
}

// JSON writes r as indented JSON. Source text is written as it is: no
// HTML escaping of <, > and &.
func (r *Report) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// killReason is one failure message: where the observation failed, the
// line it ran there, and what testscript said.
func killReason(k killmatrix.Kill) string {
	parts := []string{k.Observation}
	for _, p := range []string{k.Pos, k.Command, k.Message} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ": ")
}

// testName is the observation's name and, after a dash, its doc comment
// shortened to about maxTestName characters at a word boundary.
func testName(name, doc string) string {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return name
	}
	return name + " — " + shorten(doc, maxTestName)
}

// shorten returns s when it has at most n characters, and otherwise its
// longest prefix of whole words within n-1 characters followed by "…".
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut, count := 0, 0
	for i := range s {
		if count == n-1 {
			cut = i
			break
		}
		count++
	}
	prefix := s[:cut]
	if s[cut] != ' ' {
		if sp := strings.LastIndexByte(prefix, ' '); sp > 0 {
			prefix = prefix[:sp]
		}
	}
	return strings.TrimRight(prefix, " ,;:.") + "…"
}

// locate returns the location of the one occurrence of snippet in src.
func locate(src, snippet string) (Location, error) {
	if snippet == "" {
		return Location{}, errors.New("has no snippet to locate")
	}
	switch n := strings.Count(src, snippet); n {
	case 1:
	case 0:
		return Location{}, fmt.Errorf("does not contain the snippet %q", snippet)
	default:
		return Location{}, fmt.Errorf("contains the snippet %q %d times, want once", snippet, n)
	}
	start := strings.Index(src, snippet)
	return Location{Start: position(src, start), End: position(src, start+len(snippet))}, nil
}

// position converts a byte offset in src to a line and column counted from
// 1 as the viewer counts them: a column is one UTF-16 code unit, and a
// carriage return takes none.
func position(src string, off int) Position {
	before := src[:off]
	lineStart := strings.LastIndexByte(before, '\n') + 1
	col := 1
	for _, r := range before[lineStart:] {
		if r == '\r' {
			continue
		}
		col += utf16.RuneLen(r)
	}
	return Position{Line: 1 + strings.Count(before, "\n"), Column: col}
}

// reaching are the observations of covering that can reach row's change:
// all but those whose cell says it was not reached.
func reaching(row report.Mutant, covering []string) []string {
	out := []string{}
	for _, o := range covering {
		if !row.Cells[o].NotReached {
			out = append(out, o)
		}
	}
	return out
}

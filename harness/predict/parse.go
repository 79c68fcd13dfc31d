package predict

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/suggest"
	"idemlab/harness/killmatrix"
)

// InfoString marks a fenced code block as a prediction.
const InfoString = "prediction"

// A Prediction is one filled block of a worksheet.
type Prediction struct {
	// Mutant is the catalogue name of the mutant predicted about; Wrote
	// is how the block named it (its label, usually).
	Mutant string `json:"mutant"`
	Wrote  string `json:"wrote,omitempty"`
	// Killer is an observation expected to kill it, as kind/name.
	Killer string `json:"killer"`
	// Evidence is how the difference is expected to show.
	Evidence killmatrix.Evidence `json:"evidence"`
	// Reason is the student's one-line reason.
	Reason string `json:"reason"`
	// Survives lists observations the mutant is expected to pass.
	Survives []string `json:"survives,omitempty"`
	// Pos is the block's opening fence, "file:line".
	Pos string `json:"pos"`
	// Lang is the language of the worksheet it is in.
	Lang i18n.Lang `json:"lang"`
}

// A Sheet is what one or more worksheets record.
type Sheet struct {
	// Predictions are the filled blocks, in file order.
	Predictions []Prediction `json:"predictions"`
	// Unfilled lists the mutants whose block has only its mutant line.
	Unfilled []string `json:"unfilled"`
}

// Known is what a prediction may name.
type Known struct {
	// Mutants are the mutants' catalogue names; Labels maps each label
	// (the neutral ID a worksheet shows) to its mutant's name.
	Mutants []string
	Labels  map[string]string
	// Observations are kind/name of every observation.
	Observations []string
	// Dir is the folder, relative to the module root, that holds the
	// kinds' folders (the lab's layout's Observations): a message about
	// an unknown observation names it. Empty names none.
	Dir string
}

// mutant returns the catalogue name that s names, by name or label.
func (k Known) mutant(s string) (string, bool) {
	if name, ok := k.Labels[s]; ok {
		return name, true
	}
	return s, slices.Contains(k.Mutants, s)
}

// ids lists what a worksheet may call the mutants: labels where they have
// them, else names.
func (k Known) ids() []string {
	var ids []string
	for _, m := range k.Mutants {
		id := m
		for label, name := range k.Labels {
			if name == m {
				id = label
			}
		}
		ids = append(ids, id)
	}
	return ids
}

// A Source is one worksheet's name and text.
type Source struct {
	File string
	Data []byte
}

// LangOf is the language of a worksheet, from its name: worksheet.zh-CN.md
// is Chinese, any other English.
func LangOf(file string) i18n.Lang {
	for _, l := range i18n.Langs[1:] {
		if strings.Contains(path.Base(strings.ReplaceAll(file, `\`, "/")), "."+string(l)+".") {
			return l
		}
	}
	return i18n.English
}

// ParseFiles reads the prediction blocks of every file that exists, in
// order, as one sheet (see [Read]). A file that does not exist is skipped.
// Every problem found is reported, as [Problems], and then no sheet is
// returned: a report is never written from a half-read worksheet.
// Warnings alone do not stop it.
func ParseFiles(files []string, known Known) (*Sheet, error) {
	var srcs []Source
	for _, file := range files {
		data, err := os.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, Source{file, data})
	}
	return strict(Read(srcs, known))
}

// Parse reads the prediction blocks of one worksheet, as ParseFiles does.
func Parse(file string, data []byte, known Known) (*Sheet, error) {
	return strict(Read([]Source{{file, data}}, known))
}

func strict(s *Sheet, problems Problems) (*Sheet, error) {
	if errs := problems.Errors(); len(errs) > 0 {
		return nil, errs
	}
	return s, nil
}

// Read reads the prediction blocks of every source, in order, as one
// sheet: a mutant may be predicted once across them all (its empty blocks
// in the other files do not count). It returns what it could read, every
// well-formed block, and every problem, each at its file and line: a
// malformed block is left out, the rest are kept, as a grader needs.
func Read(srcs []Source, known Known) (*Sheet, Problems) {
	r := &reader{known: known, sheet: &Sheet{Predictions: []Prediction{}, Unfilled: []string{}}, filled: map[string]string{}}
	for _, src := range srcs {
		r.file(src)
	}
	for _, m := range r.unfilled {
		if _, done := r.filled[m]; !done && !slices.Contains(r.sheet.Unfilled, m) {
			r.sheet.Unfilled = append(r.sheet.Unfilled, m)
		}
	}
	return r.sheet, r.problems
}

// Blocks lists, in file order, the catalogue name of every mutant a
// prediction block of srcs names, whatever [Read] makes of the block:
// judged, unfilled, or left out for a problem (the mutant predicted in
// two worksheets, a field that does not read).
func Blocks(srcs []Source, known Known) []string {
	r := &reader{known: known, sheet: &Sheet{Predictions: []Prediction{}, Unfilled: []string{}}, filled: map[string]string{}}
	for _, src := range srcs {
		r.file(src)
	}
	return r.blocks
}

// reader is the state of one Read.
type reader struct {
	known    Known
	sheet    *Sheet
	filled   map[string]string // mutant -> the position of its filled block
	unfilled []string
	blocks   []string // every mutant a block names, in file order
	problems Problems
	file1    string
	lang     i18n.Lang
	// suggested counts the "did you mean" searches so far: each costs
	// the known names times their lengths squared, so a hostile sheet of
	// thousands of unknown names gets suggestions for the first few only.
	suggested int
}

// maxSuggestions bounds the "did you mean" searches of one reading.
const maxSuggestions = 32

// nearest is suggest.Nearest, for the first maxSuggestions unknown names
// of a reading, and "" (no suggestion) after.
func (r *reader) nearest(s string, known []string) string {
	if r.suggested >= maxSuggestions {
		return ""
	}
	r.suggested++
	return suggest.Nearest(s, known)
}

func (r *reader) fail(line int, code string, data i18n.M) {
	r.problems = append(r.problems, Problem{File: r.file1, Line: line, Code: code, Data: data, Lang: r.lang})
}

func (r *reader) warn(line int, code string, data i18n.M) {
	r.problems = append(r.problems, Problem{File: r.file1, Line: line, Code: code, Data: data, Lang: r.lang, Warning: true})
}

// fence matches an opening code fence, indented or not (a block may sit
// under a list item). As in CommonMark, a backtick fence's info string has
// no backtick, so a line of inline code opens nothing.
var fence = regexp.MustCompile("^\\s*(```+|~~~+)\\s*([^`\\s]*)([^`]*)$")

// file reads one worksheet's blocks.
func (r *reader) file(src Source) {
	r.file1, r.lang = src.File, LangOf(src.File)
	if !isText(src.Data) {
		r.fail(1, "not-text", nil)
		return
	}
	lines := strings.Split(strings.ReplaceAll(string(src.Data), "\r\n", "\n"), "\n")
	here := map[string]int{} // this file's blocks, filled or not
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		open, marker, info := i+1, m[1], m[2]
		end := i + 1
		for end < len(lines) && !isClosing(lines[end], marker) {
			end++
		}
		if info != InfoString {
			if nearMiss(info) {
				r.warn(open, "near-fence", i18n.M{"Info": info, "Want": InfoString})
			}
			i = end // skip other code blocks whole: they may quote fences
			continue
		}
		if end == len(lines) {
			r.fail(open, "unclosed", i18n.M{"Marker": marker})
			return
		}
		r.block(open, lines[i+1:end], here)
		i = end
	}
}

// nearMiss reports whether a fence's info string looks like a mistyped
// prediction: another letter case, or a word or two letters away.
func nearMiss(info string) bool {
	lower := strings.ToLower(info)
	return strings.EqualFold(info, InfoString) || lower != "" && suggest.Distance(lower, InfoString) <= 2 ||
		strings.HasPrefix(lower, "predict")
}

func isClosing(line, marker string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, marker[:3]) && strings.Trim(t, marker[:1]) == "" && len(t) >= len(marker)
}

func isText(data []byte) bool {
	return !bytes.ContainsRune(data, 0) && strings.ToValidUTF8(string(data), "\uFFFD") == string(data)
}

// block reads the block whose fence is on line open, and files it.
func (r *reader) block(open int, body []string, here map[string]int) {
	before := len(r.problems) // the problems of this block follow it
	b := r.fields(open, body)
	p, filled := r.prediction(b)
	if p.Mutant == "" {
		return
	}
	if !slices.Contains(r.blocks, p.Mutant) {
		r.blocks = append(r.blocks, p.Mutant)
	}
	if prev, dup := here[p.Mutant]; dup {
		r.fail(open, "duplicate-block", i18n.M{"Mutant": p.Wrote, "Line": prev})
		return
	}
	here[p.Mutant] = open
	switch {
	case len(r.problems[before:].Errors()) > 0:
	case !filled:
		r.unfilled = append(r.unfilled, p.Mutant)
	default:
		if prev, dup := r.filled[p.Mutant]; dup {
			// Neither is judged: which one counts would be the grader's
			// guess, and the worksheets promise a refusal naming both.
			r.sheet.Predictions = slices.DeleteFunc(r.sheet.Predictions, func(q Prediction) bool { return q.Pos == prev })
			r.fail(open, "already-predicted", i18n.M{"Mutant": p.Wrote, "Pos": prev})
			return
		}
		p.Pos = fmt.Sprintf("%s:%d", r.file1, open)
		r.filled[p.Mutant] = p.Pos
		r.sheet.Predictions = append(r.sheet.Predictions, p)
	}
}

// fields are the block's lines after its fence, read as fields.
type fields struct {
	open, last int
	values     map[string]string
	at         map[string]int
}

// lineOf is where a field is, or where it belongs: the block's last line.
func (b fields) lineOf(field string) int {
	if n, ok := b.at[field]; ok {
		return n
	}
	return b.last
}

// A Field is one field of a prediction block, as the worksheet documents
// it: the worksheets' field reference is generated from [Fields].
type Field struct {
	Name string
	// Doc is the id of the message that says what to write in it.
	Doc string
}

// Fields are the fields a block may hold, in the order the worksheet
// shows them.
var Fields = []Field{
	{"mutant", "field.mutant"},
	{"killer", "field.killer"},
	{"evidence", "field.evidence"},
	{"reason", "field.reason"},
	{"survives", "field.survives"},
}

// names are the fields' names.
var names = func() []string {
	var out []string
	for _, f := range Fields {
		out = append(out, f.Name)
	}
	return out
}()

// fields reads "field: value" lines.
func (r *reader) fields(open int, body []string) fields {
	b := fields{open: open, last: open + len(body), values: map[string]string{}, at: map[string]int{}}
	for j, raw := range body {
		n := open + 1 + j
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		b.last = n
		name, value, ok := strings.Cut(line, ":")
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case !ok:
			r.fail(n, "field-syntax", i18n.M{"Text": line})
		case !slices.Contains(names, name):
			r.fail(n, "unknown-field", i18n.M{"Field": name, "Fields": strings.Join(names, ", "), "Suggest": r.nearest(name, names)})
		case b.at[name] != 0:
			r.fail(n, "duplicate-field", i18n.M{"Field": name, "Line": b.at[name]})
		default:
			b.values[name], b.at[name] = strings.TrimSpace(value), n
		}
	}
	return b
}

// prediction checks a block's fields and makes its prediction; filled
// says whether anything beyond the mutant was filled.
func (r *reader) prediction(b fields) (Prediction, bool) {
	wrote := b.values["mutant"]
	if wrote == "" {
		r.fail(b.open, "no-mutant", nil)
		return Prediction{}, false
	}
	name, ok := r.known.mutant(wrote)
	if !ok {
		ids := r.known.ids()
		r.fail(b.lineOf("mutant"), "unknown-mutant", i18n.M{"Name": wrote, "Known": strings.Join(ids, ", "), "Suggest": r.nearest(wrote, ids)})
		return Prediction{}, false
	}
	p := Prediction{Mutant: name, Wrote: wrote, Reason: b.values["reason"], Lang: r.lang}
	filled := b.values["killer"] != "" || b.values["evidence"] != "" || p.Reason != "" || strings.Trim(b.values["survives"], ", \t") != ""
	if !filled {
		return p, false
	}
	r.missing(b, wrote)
	p.Killer = r.observation(b, "killer", b.values["killer"])
	p.Evidence = r.evidence(b)
	p.Survives = r.survives(b)
	return p, true
}

// missing reports the fields a filled block lacks, at the first of them.
func (r *reader) missing(b fields, mutant string) {
	var missing []string
	line := 0
	for _, f := range []string{"killer", "evidence", "reason"} {
		if b.values[f] == "" {
			missing = append(missing, f)
			if line == 0 {
				line = b.lineOf(f)
			}
		}
	}
	if len(missing) > 0 {
		r.fail(line, "missing-fields", i18n.M{"Mutant": mutant, "Fields": strings.Join(missing, ", ")})
	}
}

func (r *reader) evidence(b fields) killmatrix.Evidence {
	v := b.values["evidence"]
	if v == "" {
		return ""
	}
	e, ok := killmatrix.ParseEvidence(v)
	if !ok {
		r.fail(b.lineOf("evidence"), "bad-evidence", i18n.M{"Value": v})
	}
	return e
}

// observation checks one observation a field names, written as kind/name
// or as its file (testdata/edge/x.txtar), and returns it as kind/name.
func (r *reader) observation(b fields, field, v string) string {
	if v == "" {
		return ""
	}
	name := ObservationName(v)
	if !slices.Contains(r.known.Observations, name) {
		r.fail(b.lineOf(field), "unknown-observation", i18n.M{"Field": field, "Name": v, "Suggest": r.nearest(name, r.known.Observations), "Dir": r.known.Dir})
	}
	return name
}

// survives reads the comma-separated list of observations expected to be
// survived, and explains the separator when a list came with spaces.
func (r *reader) survives(b fields) []string {
	var out []string
	for _, s := range strings.Split(b.values["survives"], ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if words := strings.Fields(s); len(words) > 1 && slices.ContainsFunc(words, func(w string) bool {
			return slices.Contains(r.known.Observations, ObservationName(w))
		}) {
			r.fail(b.lineOf("survives"), "survives-separator", i18n.M{"Value": s, "Fixed": strings.Join(words, ", ")})
			continue
		}
		out = append(out, r.observation(b, "survives", s))
	}
	return out
}

// ObservationName reads how a student may name an observation: kind/name,
// or its file, with or without .txtar, by any path that ends in its kind's
// folder (testdata/edge/x.txtar is edge/x, and so is the path of any lab's
// observation folder, wherever its layout puts it).
func ObservationName(s string) string {
	s = strings.TrimSuffix(strings.ReplaceAll(strings.TrimSpace(s), `\`, "/"), ".txtar")
	// A name is kind/base: of a longer path, keep the last two elements,
	// whatever folder holds the kinds (not only the store lab's testdata/).
	if parts := strings.Split(s, "/"); len(parts) > 2 {
		s = strings.Join(parts[len(parts)-2:], "/")
	}
	return strings.TrimPrefix(s, "./")
}

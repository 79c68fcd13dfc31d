package predict

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"

	"idemlab/harness/killmatrix"
)

// InfoString marks a fenced code block as a prediction.
const InfoString = "prediction"

// A Prediction is one filled block of a worksheet.
type Prediction struct {
	// Mutant is the catalogue name of the mutant predicted about.
	Mutant string `json:"mutant"`
	// Killer is the observation expected to kill it, as kind/name.
	Killer string `json:"killer"`
	// Evidence is how the difference is expected to show.
	Evidence killmatrix.Evidence `json:"evidence"`
	// Reason is the student's one-line reason.
	Reason string `json:"reason"`
	// Survives lists observations the mutant is expected to pass.
	Survives []string `json:"survives,omitempty"`
	// Pos is the block's opening fence, "file:line".
	Pos string `json:"pos"`
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
	Mutants      []string
	Observations []string
}

// fields a block may hold, in the order the worksheet shows them.
var fields = []string{"mutant", "killer", "evidence", "reason", "survives"}

// fence matches an opening code fence, indented or not (a block may sit
// under a list item). As in CommonMark, a backtick fence's info string has
// no backtick, so a line of inline code opens nothing.
var fence = regexp.MustCompile("^\\s*(```+|~~~+)\\s*([^`\\s]*)([^`]*)$")

// ParseFiles reads the prediction blocks of every file that exists, in
// order, as one sheet: a mutant may be predicted once across them all
// (its empty blocks in the other files do not count). A file that does not
// exist is skipped. Every problem found is reported,
// each as "file:line: what is wrong", and then no sheet is returned: a
// report is never written from a half-read worksheet.
func ParseFiles(files []string, known Known) (*Sheet, error) {
	var texts [][]byte
	var names []string
	for _, file := range files {
		data, err := os.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		texts, names = append(texts, data), append(names, file)
	}
	return parseAll(names, texts, known)
}

// Parse reads the prediction blocks of one worksheet.
func Parse(file string, data []byte, known Known) (*Sheet, error) {
	return parseAll([]string{file}, [][]byte{data}, known)
}

func parseAll(files []string, texts [][]byte, known Known) (*Sheet, error) {
	sheet := &Sheet{Predictions: []Prediction{}, Unfilled: []string{}}
	filled := map[string]string{}
	var unfilled []string
	var errs []error
	for i, file := range files {
		errs = append(errs, parse(file, texts[i], known, sheet, filled, &unfilled)...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, m := range unfilled {
		if _, done := filled[m]; !done && !slices.Contains(sheet.Unfilled, m) {
			sheet.Unfilled = append(sheet.Unfilled, m)
		}
	}
	return sheet, nil
}

// parse appends file's filled blocks to sheet and the mutants of its empty
// ones to unfilled; filled maps each mutant predicted so far, in any file,
// to its block's position.
func parse(file string, data []byte, known Known, sheet *Sheet, filled map[string]string, unfilled *[]string) []error {
	var errs []error
	fail := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, args...)))
	}
	if !isText(data) {
		fail(1, "not UTF-8 text")
		return errs
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	here := map[string]int{} // this file's blocks, filled or not
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		open, marker := i+1, m[1]
		end := i + 1
		for end < len(lines) && !isClosing(lines[end], marker) {
			end++
		}
		if m[2] != InfoString {
			i = end // skip other code blocks whole: they may quote fences
			continue
		}
		if end == len(lines) {
			fail(open, "prediction block is never closed (no %s line)", marker)
			break
		}
		p, isFilled, blockErrs := block(file, open, lines[i+1:end], known)
		errs = append(errs, blockErrs...)
		i = end
		if p.Mutant == "" {
			continue
		}
		pos := fmt.Sprintf("%s:%d", file, open)
		if prev, dup := here[p.Mutant]; dup {
			fail(open, "second prediction block for mutant %s in this file (the first is on line %d); keep one", p.Mutant, prev)
			continue
		}
		here[p.Mutant] = open
		if len(blockErrs) > 0 {
			continue
		}
		if !isFilled {
			*unfilled = append(*unfilled, p.Mutant)
			continue
		}
		if prev, dup := filled[p.Mutant]; dup {
			fail(open, "mutant %s is already predicted at %s; predict each mutant in one worksheet only", p.Mutant, prev)
			continue
		}
		filled[p.Mutant] = pos
		p.Pos = pos
		sheet.Predictions = append(sheet.Predictions, p)
	}
	return errs
}

func isClosing(line, marker string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, marker[:3]) && strings.Trim(t, marker[:1]) == "" && len(t) >= len(marker)
}

// block parses the lines between a prediction fence; open is the fence's
// line number. It reports whether anything beyond the mutant is filled.
func block(file string, open int, body []string, known Known) (Prediction, bool, []error) {
	var errs []error
	fail := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, args...)))
	}
	values := map[string]string{}
	at := map[string]int{}
	for j, raw := range body {
		n := open + 1 + j
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		name = strings.ToLower(strings.TrimSpace(name))
		if !ok {
			fail(n, "want \"field: value\", got %q", line)
			continue
		}
		if !slices.Contains(fields, name) {
			fail(n, "unknown field %q (want one of %s)", name, strings.Join(fields, ", "))
			continue
		}
		if _, dup := values[name]; dup {
			fail(n, "field %q given twice in one block (first on line %d)", name, at[name])
			continue
		}
		values[name], at[name] = strings.TrimSpace(value), n
	}
	p := Prediction{
		Mutant:   values["mutant"],
		Killer:   values["killer"],
		Evidence: killmatrix.Evidence(values["evidence"]),
		Reason:   values["reason"],
	}
	for _, s := range strings.Split(values["survives"], ",") {
		if s = strings.TrimSpace(s); s != "" {
			p.Survives = append(p.Survives, s)
		}
	}
	lineOf := func(field string) int {
		if n, ok := at[field]; ok {
			return n
		}
		return open
	}
	switch {
	case p.Mutant == "":
		fail(open, "prediction block without a mutant: line")
		return p, false, errs
	case !slices.Contains(known.Mutants, p.Mutant):
		fail(lineOf("mutant"), "unknown mutant %q (the catalogue has %s)", p.Mutant, strings.Join(known.Mutants, ", "))
		return Prediction{}, false, errs
	}
	filled := p.Killer != "" || p.Evidence != "" || p.Reason != "" || len(p.Survives) > 0
	if !filled {
		return p, false, errs
	}
	var missing []string
	for _, f := range []struct{ name, value string }{{"killer", p.Killer}, {"evidence", string(p.Evidence)}, {"reason", p.Reason}} {
		if f.value == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		fail(open, "prediction for %s is missing %s (fill every field but survives, or none)", p.Mutant, strings.Join(missing, ", "))
	}
	if p.Killer != "" && !slices.Contains(known.Observations, p.Killer) {
		fail(lineOf("killer"), "unknown observation %q: want kind/name of a file in testdata/happy, testdata/edge or testdata/student", p.Killer)
	}
	if p.Evidence != "" && !slices.Contains(killmatrix.Evidences, p.Evidence) {
		fail(lineOf("evidence"), "evidence %q: want return, error or state", p.Evidence)
	}
	for _, s := range p.Survives {
		if !slices.Contains(known.Observations, s) {
			fail(lineOf("survives"), "survives: unknown observation %q", s)
		}
	}
	return p, true, errs
}

func isText(data []byte) bool {
	return !bytes.ContainsRune(data, 0) && strings.ToValidUTF8(string(data), "\uFFFD") == string(data)
}

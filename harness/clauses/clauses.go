package clauses

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"idemlab/harness/internal/jsonpos"
)

// Version is the clause-table format this package reads.
const Version = 1

// A Table is a parsed clause table.
type Table struct {
	// Schema is the JSON Schema the file names, for editors; not checked.
	Schema string
	// Version equals [Version].
	Version int
	// Clauses in the order of the file.
	Clauses []Clause
}

// A Clause is one checkable sentence of a contract and the observations
// that pin it.
type Clause struct {
	// ID names the clause, e.g. "fetch.expiry-boundary".
	ID string `json:"id"`
	// Step is the step of the contract's table the clause comes from,
	// counted from 1; 0 when it comes from elsewhere (see Source).
	Step int `json:"step,omitempty"`
	// Source names where the clause is written when that is not, or not
	// only, a step of the table ("reference/store.go: Drain").
	Source string `json:"source,omitempty"`
	// Function is the function or command the clause is about.
	Function string `json:"function"`
	// Clause is the sentence itself, on one line.
	Clause string `json:"clause"`
	// Observations name, as kind/name, the observations that pin it.
	Observations []string `json:"observations"`

	// Pos is where the clause's object starts, "file:line".
	Pos string `json:"-"`
	// file and line give Pos's parts; obsLines the line of each of
	// Observations.
	file     string
	line     int
	obsLines []int
}

var (
	idPattern          = regexp.MustCompile(`^[a-z0-9]+([.-][a-z0-9]+)*$`)
	observationPattern = regexp.MustCompile(`^[a-z][a-z0-9_-]*/[^/\s]+$`)
)

// Parse reads a clause table from data, naming file in its errors. Every
// problem is reported, each as "file:line: what is wrong", and no partial
// table is returned. Parse checks each clause on its own; [Table.Check]
// checks the table as a whole against the observations that exist.
func Parse(file string, data []byte) (*Table, error) {
	f := jsonpos.File{Name: file, Data: data}
	var head struct {
		Schema  string            `json:"$schema"`
		Version int               `json:"version"`
		Clauses []json.RawMessage `json:"clauses"`
	}
	if err := f.DecodeStrict(&head, "clause table"); err != nil {
		return nil, err
	}
	if head.Version != Version {
		return nil, f.Errorf(0, "version %d, want %d", head.Version, Version)
	}
	offsets, err := f.ArrayOffsets("clauses")
	if err != nil {
		return nil, f.Errorf(0, "%v", err)
	}
	if len(offsets) != len(head.Clauses) {
		return nil, f.Errorf(0, `the "clauses" key must appear once, spelled in lower case`)
	}
	if len(head.Clauses) == 0 {
		return nil, f.Errorf(0, "no clauses declared")
	}
	t := &Table{Schema: head.Schema, Version: head.Version}
	var problems []error
	for i, raw := range head.Clauses {
		c, errs := parseClause(f, offsets[i], i+1, raw)
		problems = append(problems, errs...)
		t.Clauses = append(t.Clauses, c)
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return t, nil
}

// parseClause decodes and checks the n-th clause, whose object starts at
// byte off of f.
func parseClause(f jsonpos.File, off int64, n int, raw []byte) (Clause, []error) {
	var c Clause
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		return c, []error{decodeError(f, off, n, raw, err)}
	}
	c.file, c.line = f.Name, f.Line(off)
	c.Pos = fmt.Sprintf("%s:%d", c.file, c.line)
	c.obsLines = make([]int, len(c.Observations))
	for i, o := range c.Observations {
		c.obsLines[i] = c.line
		// The name as the file spells it; another spelling (\u escapes)
		// falls back to the clause's own line.
		if q, err := json.Marshal(o); err == nil {
			if j := bytes.Index(raw, q); j >= 0 {
				c.obsLines[i] = f.Line(off + int64(j))
			}
		}
	}

	var problems []error
	bad := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("%s: %s", c.Pos, fmt.Sprintf(format, args...)))
	}
	name := strconv.Quote(c.ID)
	switch {
	case c.ID == "":
		bad("clause %d: missing id", n)
		name = fmt.Sprintf("%d", n)
	case !idPattern.MatchString(c.ID):
		bad("clause id %q: want lower-case letters and digits in words joined by dots or hyphens (e.g. fetch.expiry-boundary)", c.ID)
	}
	for _, field := range []struct{ name, val string }{{"function", c.Function}, {"clause", c.Clause}} {
		switch {
		case strings.TrimSpace(field.val) == "":
			bad("clause %s: missing %s", name, field.name)
		case strings.ContainsAny(field.val, "\r\n"):
			bad("clause %s: %s must be one line", name, field.name)
		}
	}
	switch {
	case c.Step < 0:
		bad("clause %s: step %d, want a step of the contract's table (1 or more), or none", name, c.Step)
	case c.Step == 0 && strings.TrimSpace(c.Source) == "":
		bad("clause %s: say where it is written: a step of the contract's table, or a source", name)
	case strings.ContainsAny(c.Source, "\r\n"):
		bad("clause %s: source must be one line", name)
	}
	seen := map[string]bool{}
	for i, o := range c.Observations {
		where := fmt.Sprintf("%s:%d", c.file, c.obsLines[i])
		switch {
		case !observationPattern.MatchString(o):
			problems = append(problems, fmt.Errorf("%s: clause %s: observation %q, want kind/name (e.g. edge/fetch_at_expiry_is_nil)", where, name, o))
		case seen[o]:
			problems = append(problems, fmt.Errorf("%s: clause %s: observation %q named twice", where, name, o))
		}
		seen[o] = true
	}
	return c, problems
}

// decodeError places an error from decoding the n-th clause, which starts
// at byte off of f, on the line of the field at fault when it can.
func decodeError(f jsonpos.File, off int64, n int, raw []byte, err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return f.Errorf(off+te.Offset, "clause %d: %s: want %v, got JSON %s", n, te.Field, te.Type, te.Value)
	case errors.As(err, &se):
		return f.Errorf(off+se.Offset-1, "clause %d: %v", n, se)
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if i := bytes.Index(raw, []byte(field)); i >= 0 {
			return f.Errorf(off+int64(i), "clause %d: unknown field %s", n, field)
		}
	}
	return f.Errorf(off, "clause %d: %v", n, err)
}

// A problem is one finding of Check, at a line of the file.
type problem struct {
	line int
	err  error
}

// Check holds the table against observations, the names (kind/name) of
// the observations that exist. It reports, each as "file:line: what is
// wrong" and in the order of the file: every clause that names no
// observation, every observation named that is not among observations,
// and every clause id declared a second time. It returns nil when there
// is nothing to report.
func (t *Table) Check(observations []string) error {
	exists := map[string]bool{}
	byName := map[string][]string{} // name without kind -> kind/name
	for _, o := range observations {
		exists[o] = true
		if _, name, ok := strings.Cut(o, "/"); ok {
			byName[name] = append(byName[name], o)
		}
	}
	var found []problem
	add := func(line int, format string, args ...any) {
		found = append(found, problem{line, fmt.Errorf(format, args...)})
	}
	first := map[string]string{}
	for _, c := range t.Clauses {
		if prev, dup := first[c.ID]; dup {
			add(c.line, "%s: clause id %q declared twice (first at %s)", c.Pos, c.ID, prev)
		} else {
			first[c.ID] = c.Pos
		}
		if len(c.Observations) == 0 {
			add(c.line, "%s: clause %q names no observation that pins it", c.Pos, c.ID)
		}
		for i, o := range c.Observations {
			if exists[o] {
				continue
			}
			hint := ""
			if _, name, ok := strings.Cut(o, "/"); ok && len(byName[name]) > 0 {
				hint = fmt.Sprintf(" (there is %s)", strings.Join(byName[name], ", "))
			}
			line := c.line
			if i < len(c.obsLines) {
				line = c.obsLines[i]
			}
			add(line, "%s:%d: clause %q: observation %q does not exist%s", c.file, line, c.ID, o, hint)
		}
	}
	slices.SortStableFunc(found, func(a, b problem) int { return cmp.Compare(a.line, b.line) })
	errs := make([]error, len(found))
	for i, p := range found {
		errs[i] = p.err
	}
	return errors.Join(errs...)
}

// Unpinned returns the observations, of those given, that no clause names,
// in the order given.
func (t *Table) Unpinned(observations []string) []string {
	named := map[string]bool{}
	for _, c := range t.Clauses {
		for _, o := range c.Observations {
			named[o] = true
		}
	}
	var out []string
	for _, o := range observations {
		if !named[o] {
			out = append(out, o)
		}
	}
	return out
}

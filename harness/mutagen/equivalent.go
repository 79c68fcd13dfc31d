package mutagen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"idemlab/harness/internal/jsonpos"
)

// EquivalentFile is the checked-in list of equivalent mutants, relative to
// the module root.
const EquivalentFile = "mutants/equivalent.json"

// EquivalentVersion is the equivalent-mutant file format this package reads.
const EquivalentVersion = 1

// An Equivalent is a generated mutant that no observation can kill, with
// the reason: why it behaves as the reference does wherever the idem
// command can reach.
type Equivalent struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
	// Search records the differential search that backs the reason: a run
	// of that many programs from that seed that found no difference. Nil
	// until the search has been run and recorded.
	Search *SearchRecord `json:"search,omitempty"`
	// By says what the equivalence rests on: "" for the code and its SQL
	// as written, ByEngine for the database engine's choices where SQL
	// leaves them open (a dropped ORDER BY answered in an index's order),
	// which another engine, or another version's query planner, may make
	// otherwise.
	By string `json:"by,omitempty"`
	// Pos is where the entry is, "file:line", for messages.
	Pos string `json:"-"`
}

// ByEngine is Equivalent.By for an equivalence that rests on the engine's
// query plan, not on SQL's meaning.
const ByEngine = "engine"

// A SearchRecord is one differential search of a mutant against the
// reference (package idemlab/harness/search) that found no difference:
// its seed, how many programs it ran, and the generator that drew them
// (search.Generator), without which, or with another, the record is not
// believed.
type SearchRecord struct {
	Seed      uint64 `json:"seed"`
	Programs  int    `json:"programs"`
	Generator string `json:"generator,omitempty"`
}

// Equivalents is the parsed equivalent-mutant file.
type Equivalents struct {
	// Schema is the JSON Schema the file names, for editors; not checked.
	Schema  string `json:"$schema,omitempty"`
	Version int    `json:"version"`
	// CIPrograms is the smaller budget, in programs, with which CI runs
	// each entry's search again (from the entry's seed); 0 when the file
	// names none.
	CIPrograms int          `json:"ci_programs,omitempty"`
	Equivalent []Equivalent `json:"equivalent"`
}

// Lookup returns the entry for the mutant id.
func (e *Equivalents) Lookup(id string) (Equivalent, bool) {
	if e == nil {
		return Equivalent{}, false
	}
	for _, q := range e.Equivalent {
		if q.ID == id {
			return q, true
		}
	}
	return Equivalent{}, false
}

// ParseEquivalent reads an equivalent-mutant file,
//
//	{"version": 1, "equivalent": [{"id": "store.go:104:go-drop-err-check", "reason": "..."}]}
//
// naming filename in its errors, each "file:line: what is wrong": an id that
// is not among known's, an entry without a reason, an id listed twice, an
// unknown field. Every problem is reported, not only the first, and no
// partial list is returned.
func ParseEquivalent(filename string, data []byte, known []Mutant) (*Equivalents, error) {
	f := jsonpos.File{Name: filename, Data: data}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] != '{' {
		return nil, f.Errorf(0, `want an object, {"version": %d, "equivalent": []} to start (harness/schemas/equivalents.schema.json)`, EquivalentVersion)
	}
	var head struct {
		Schema     string            `json:"$schema"`
		Version    int               `json:"version"`
		CIPrograms int               `json:"ci_programs"`
		Equivalent []json.RawMessage `json:"equivalent"`
	}
	if err := f.DecodeStrict(&head, "object"); err != nil {
		return nil, err
	}
	if head.Version != EquivalentVersion {
		return nil, f.Errorf(0, "version %d, want %d", head.Version, EquivalentVersion)
	}
	offsets, err := f.ArrayOffsets("equivalent")
	if err != nil {
		return nil, f.Errorf(0, "%v", err)
	}
	if len(offsets) != len(head.Equivalent) {
		return nil, f.Errorf(0, `the "equivalent" key must appear once, spelled in lower case`)
	}

	ids := map[string]bool{}
	for _, m := range known {
		ids[m.ID] = true
	}
	listed := map[string]bool{}
	for _, raw := range head.Equivalent {
		var q struct{ ID string }
		if json.Unmarshal(raw, &q) == nil {
			listed[q.ID] = true
		}
	}
	if head.CIPrograms < 0 {
		return nil, f.Errorf(0, "ci_programs %d: want a number of programs, 1 or more", head.CIPrograms)
	}
	out := &Equivalents{Schema: head.Schema, Version: head.Version, CIPrograms: head.CIPrograms, Equivalent: []Equivalent{}}
	var problems []error
	first := map[string]string{}
	for i, raw := range head.Equivalent {
		var q Equivalent
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&q); err != nil {
			problems = append(problems, f.Errorf(offsets[i], "entry %d: %v", i+1, err))
			continue
		}
		q.Pos = fmt.Sprintf("%s:%d", filename, f.Line(offsets[i]))
		switch prev, dup := first[q.ID]; {
		case strings.TrimSpace(q.ID) == "":
			problems = append(problems, fmt.Errorf("%s: entry %d: missing id", q.Pos, i+1))
		case !ids[q.ID]:
			hint := "idemlab mutate -list shows them"
			if near := nearest(q.ID, known, listed); near != "" {
				hint = fmt.Sprintf("did the reference move? the nearest mutant of that operator is %q; idemlab mutate -list shows them all", near)
			}
			problems = append(problems, fmt.Errorf("%s: unknown mutant id %q (%s)", q.Pos, q.ID, hint))
		case dup:
			problems = append(problems, fmt.Errorf("%s: mutant %q listed twice (first at %s)", q.Pos, q.ID, prev))
		case strings.TrimSpace(q.Reason) == "":
			problems = append(problems, fmt.Errorf("%s: mutant %q: missing reason: say why no observation can tell it from the reference", q.Pos, q.ID))
		case q.By != "" && q.By != ByEngine:
			problems = append(problems, fmt.Errorf("%s: mutant %q: by %q: want %q (the engine's query plan) or no by at all (the code and its SQL)", q.Pos, q.ID, q.By, ByEngine))
		case q.Search != nil && q.Search.Programs < 1:
			problems = append(problems, fmt.Errorf("%s: mutant %q: search.programs %d: a recorded search ran 1 program or more", q.Pos, q.ID, q.Search.Programs))
		}
		if _, dup := first[q.ID]; !dup {
			first[q.ID] = q.Pos
		}
		out.Equivalent = append(out.Equivalent, q)
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return out, nil
}

// nearest returns the id of the known mutant of the same file and operator
// whose line is closest to id's, among those not listed already, or "".
func nearest(id string, known []Mutant, listed map[string]bool) string {
	sm := idPattern.FindStringSubmatch(id)
	if sm == nil {
		return ""
	}
	line, _ := strconv.Atoi(sm[2])
	best, dist := "", 0
	for _, m := range known {
		if m.File != sm[1] || m.Operator != sm[3] || listed[m.ID] {
			continue
		}
		d := m.Line - line
		if d < 0 {
			d = -d
		}
		if best == "" || d < dist {
			best, dist = m.ID, d
		}
	}
	return best
}

// Format writes the file as it is kept: its header fields, then one entry
// a line, in order.
func (e *Equivalents) Format() []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	if e.Schema != "" {
		fmt.Fprintf(&b, "  \"$schema\": %s,\n", jsonText(e.Schema))
	}
	fmt.Fprintf(&b, "  \"version\": %d,\n", e.Version)
	if e.CIPrograms > 0 {
		fmt.Fprintf(&b, "  \"ci_programs\": %d,\n", e.CIPrograms)
	}
	b.WriteString("  \"equivalent\": [\n")
	for i, q := range e.Equivalent {
		fmt.Fprintf(&b, "    {\"id\": %s", jsonText(q.ID))
		if q.By != "" {
			fmt.Fprintf(&b, ", \"by\": %s", jsonText(q.By))
		}
		fmt.Fprintf(&b, ", \"reason\": %s", jsonText(q.Reason))
		if s := q.Search; s != nil {
			fmt.Fprintf(&b, ", \"search\": {\"seed\": %d, \"programs\": %d", s.Seed, s.Programs)
			if s.Generator != "" {
				fmt.Fprintf(&b, ", \"generator\": %s", jsonText(s.Generator))
			}
			b.WriteString("}")
		}
		b.WriteString("}")
		if i < len(e.Equivalent)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  ]\n}\n")
	return b.Bytes()
}

// jsonText is s as a JSON string, its non-ASCII and HTML characters as
// they are.
func jsonText(s string) string {
	var e bytes.Buffer
	enc := json.NewEncoder(&e)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return string(bytes.TrimSpace(e.Bytes()))
}

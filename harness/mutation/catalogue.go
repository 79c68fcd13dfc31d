package mutation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"idemlab/harness/internal/jsonpos"
)

// Version is the catalogue format this package reads.
const Version = 1

// A Catalogue declares mutants of one reference source file.
type Catalogue struct {
	// Schema is the JSON Schema the file names, for editors; not checked.
	Schema string `json:"$schema,omitempty"`
	// Version must equal [Version].
	Version int `json:"version"`
	// Reference is the slash-separated path, relative to the module root,
	// of the source file every mutant copies.
	Reference string `json:"reference"`
	// API is the lab's API struct type that each compiled copy fills, as
	// import path, a dot and type name ("idemlab/reference/idem.API"); only the
	// lab's own catalogue needs it.
	API string `json:"api,omitempty"`
	// Mutants in the order reports list them.
	Mutants []Mutant `json:"mutants"`
	// RevealAfterDue shows students the mutants whose Visibility is
	// "after-due": an instructor sets it once the work is due.
	RevealAfterDue bool `json:"reveal_after_due,omitempty"`
}

// Visibility tiers: what a student's report shows of a mutant.
const (
	// Visible mutants are shown in full (the default).
	Visible = "visible"
	// Hidden mutants are counted, never named, in a student's report.
	Hidden = "hidden"
	// AfterDue mutants are hidden until the catalogue's RevealAfterDue.
	AfterDue = "after-due"
)

// ShownToStudents reports whether a student's report may name m.
func (c *Catalogue) ShownToStudents(m Mutant) bool {
	switch m.Visibility {
	case Hidden:
		return false
	case AfterDue:
		return c.RevealAfterDue
	}
	return true
}

// A Mutant is the reference source with one snippet replaced.
type Mutant struct {
	// Name is the mutant's stable id, for instructors and in graded
	// output: lower-case letters, digits and underscores, starting with
	// its step number (4_fetch_replays_at_expiry). It says what the
	// mutant does, so a student sees it only after predicting.
	Name string `json:"name"`
	// Label is the neutral id a student sees before predicting, and writes
	// in a worksheet: the step number and a word that does not give the
	// answer away (4_fetch). It names the mutant's folder. Empty means
	// Name.
	Label string `json:"label,omitempty"`
	// Title says in a few words what the mutant does; shown with Name once
	// the student has predicted.
	Title Text `json:"title,omitempty"`
	// Step is the worksheet step the mutant belongs to.
	Step int `json:"step"`
	// Function is the API function whose behaviour the snippet changes.
	Function string `json:"function"`
	// Idea names the contract idea the mutant breaks, e.g. "replay
	// boundary".
	Idea Text `json:"idea"`
	// Old must occur exactly once in the reference source; New replaces it.
	Old string `json:"old"`
	New string `json:"new"`
	// Killer names the observation intended to kill the mutant, as
	// "kind/name" (e.g. "edge/fetch_at_expiry_is_nil").
	// Killer and Hint answer a prediction: a lab's catalogue leaves them
	// out, and its answer key fills them in (see [Catalogue.Answer]); a
	// held-out catalogue, kept from students, writes them in place.
	Killer string `json:"killer"`
	// Hint is one line for a student who cannot find a killing observation.
	Hint Text `json:"hint"`
	// Visibility is Visible (or empty), Hidden or AfterDue.
	Visibility string `json:"visibility,omitempty"`
	// Observation, in a held-out catalogue, is the text of an observation
	// (a testscript script of the lab's commands) that kills the mutant,
	// for an instructor whose mutant no lab observation kills: it stands
	// in for Killer, and heldout.Load checks that it passes on the
	// reference and every wheat and fails on the mutant. Its name is
	// heldout/NAME, the mutant's name.
	Observation string `json:"observation,omitempty"`
	// Equivalent, when set, says why no observation can tell this mutant
	// from the reference: a held-out mutant that survives is then not a
	// failure of the observations.
	Equivalent string `json:"equivalent,omitempty"`
	// HandWritten, when set, says why no operator of the mutant generator
	// (idemlab/harness/mutagen) makes this mutant: it is written by hand
	// only. Every other mutant of a lab's catalogue is among the generated
	// ones (a lab's test can check both ways with mutagen.Cover).
	HandWritten string `json:"hand_written,omitempty"`

	// Pos is where the mutant is declared, "file:line", for messages.
	Pos string `json:"-"`
}

// ID is what a student sees: the label, or the name when there is none.
func (m Mutant) ID() string {
	if m.Label != "" {
		return m.Label
	}
	return m.Name
}

var namePattern = regexp.MustCompile(`^[0-9]+_[a-z0-9_]*[a-z][a-z0-9_]*$`)

// Parse reads a catalogue from data, naming filename in its errors. Every
// error is of the form "file:line: what is wrong", and no partial catalogue
// is returned.
func Parse(filename string, data []byte) (*Catalogue, error) {
	f := jsonpos.File{Name: filename, Data: data}
	// The header fields and the mutants are read separately so that each
	// mutant's error names the line its object starts on.
	var head struct {
		Schema         string            `json:"$schema"`
		Version        int               `json:"version"`
		Reference      string            `json:"reference"`
		API            string            `json:"api"`
		Mutants        []json.RawMessage `json:"mutants"`
		RevealAfterDue bool              `json:"reveal_after_due"`
	}
	if err := f.DecodeStrict(&head, "catalogue object"); err != nil {
		return nil, err
	}
	if head.Version != Version {
		return nil, f.Errorf(0, "version %d, want %d", head.Version, Version)
	}
	if head.Reference == "" {
		return nil, f.Errorf(0, "missing \"reference\": the path of the reference source")
	}
	c := &Catalogue{Schema: head.Schema, Version: head.Version, Reference: head.Reference, API: head.API, RevealAfterDue: head.RevealAfterDue}

	// Find each mutant object's offset by scanning the array again;
	// RawMessage alone does not remember where it came from.
	offsets, err := f.ArrayOffsets("mutants")
	if err != nil {
		return nil, f.Errorf(0, "%v", err)
	}
	if len(offsets) != len(head.Mutants) {
		return nil, f.Errorf(0, `the "mutants" key must appear once, spelled in lower case`)
	}
	seen := map[string]string{}
	packages := map[string]string{}
	for i, raw := range head.Mutants {
		off := offsets[i]
		var m Mutant
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&m); err != nil {
			return nil, f.Errorf(off, "mutant %d: %v", i+1, err)
		}
		m.Pos = fmt.Sprintf("%s:%d", filename, f.Line(off))
		if err := m.validate(); err != nil {
			return nil, fmt.Errorf("%s: %v", m.Pos, err)
		}
		if prev, dup := seen[m.Name]; dup {
			return nil, fmt.Errorf("%s: mutant %q declared twice (first at %s)", m.Pos, m.Name, prev)
		}
		if prev, dup := seen[m.Label]; m.Label != "" && dup {
			return nil, fmt.Errorf("%s: mutant %q: label %q is already taken at %s", m.Pos, m.Name, m.Label, prev)
		}
		seen[m.Name] = m.Pos
		if m.Label != "" {
			seen[m.Label] = m.Pos
		}
		if prev, dup := packages[m.Package()]; dup {
			return nil, fmt.Errorf("%s: mutant %q: its package name %q is also %s's; rename one", m.Pos, m.Name, m.Package(), prev)
		}
		packages[m.Package()] = m.Name
		c.Mutants = append(c.Mutants, m)
	}
	if len(c.Mutants) == 0 {
		return nil, f.Errorf(0, "no mutants declared")
	}
	return c, nil
}

func (m *Mutant) validate() error {
	var missing []string
	// The killer and the hint may be in an answer key instead (see
	// Catalogue.Answer); Catalogue.Answered checks them once joined.
	for _, f := range []struct{ name, val string }{
		{"name", m.Name}, {"function", m.Function}, {"idea", m.Idea.String()}, {"old", m.Old},
	} {
		if strings.TrimSpace(f.val) == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("mutant %q: missing %s", m.Name, strings.Join(missing, ", "))
	}
	if err := m.checkIDs(); err != nil {
		return err
	}
	if strings.Contains(m.Function, "\n") || m.Idea.multiline() || m.Title.multiline() {
		return fmt.Errorf("mutant %q: function, idea and title must each be one line", m.Name)
	}
	for _, t := range []struct {
		name string
		text Text
	}{{"idea", m.Idea}, {"title", m.Title}} {
		if err := t.text.check(t.name); err != nil && (t.name != "title" || len(t.text) > 0) {
			return fmt.Errorf("mutant %q: %v", m.Name, err)
		}
	}
	if err := m.checkAnswer(); err != nil {
		return err
	}
	switch {
	case m.Old == m.New:
		return fmt.Errorf("mutant %q: old and new are the same text", m.Name)
	case m.Visibility != "" && m.Visibility != Visible && m.Visibility != Hidden && m.Visibility != AfterDue:
		return fmt.Errorf("mutant %q: visibility %q, want %s, %s or %s", m.Name, m.Visibility, Visible, Hidden, AfterDue)
	}
	return nil
}

// checkIDs checks the name, the label and the step against each other.
func (m *Mutant) checkIDs() error {
	switch {
	case !namePattern.MatchString(m.Name):
		return fmt.Errorf("mutant name %q: want the step number, an underscore, then lower-case words joined by underscores (e.g. 4_fetch_replays_at_expiry)", m.Name)
	case m.Label != "" && !namePattern.MatchString(m.Label):
		return fmt.Errorf("mutant %q: label %q, want the step number, an underscore and lower-case words (e.g. 4_fetch)", m.Name, m.Label)
	case m.Step < 1:
		return fmt.Errorf("mutant %q: step %d, want a worksheet step of 1 or more", m.Name, m.Step)
	case !strings.HasPrefix(m.Name, fmt.Sprint(m.Step)+"_"):
		return fmt.Errorf("mutant %q: name must start with its step number %d", m.Name, m.Step)
	case m.Label != "" && !strings.HasPrefix(m.Label, fmt.Sprint(m.Step)+"_"):
		return fmt.Errorf("mutant %q: label %q must start with its step number %d", m.Name, m.Label, m.Step)
	}
	return nil
}

// Package is the Go package name of the mutant's copy: "m" and its id
// without underscores ("4_fetch" becomes "m4fetch"), which is never a Go
// keyword or a predeclared name.
func (m Mutant) Package() string {
	return "m" + strings.ReplaceAll(m.ID(), "_", "")
}

// Lookup returns the mutant whose name or label is name.
func (c *Catalogue) Lookup(name string) (Mutant, bool) {
	for _, m := range c.Mutants {
		if m.Name == name || m.Label == name && name != "" {
			return m, true
		}
	}
	return Mutant{}, false
}

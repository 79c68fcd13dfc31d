package mutation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"idemlab/harness/internal/jsonpos"
)

// An AnswerKey holds what a lab's catalogue leaves out because it answers
// a prediction: each mutant's intended killer and its hint. A student
// opens the catalogue to see the mutants; the key is kept where the
// student is told not to look before predicting (mutants/testdata/answers
// for the first lab), and [Catalogue.Answer] joins the two when the lab is
// loaded.
type AnswerKey struct {
	// Schema is the JSON Schema the file names, for editors; not checked.
	Schema string `json:"$schema,omitempty"`
	// Version must equal [Version].
	Version int `json:"version"`
	// Catalogue is the slash-separated path, relative to the module root,
	// of the catalogue the key answers.
	Catalogue string `json:"catalogue"`
	// Answers has one entry per mutant of the catalogue.
	Answers []Answer `json:"answers"`
}

// An Answer is one mutant's entry in an [AnswerKey].
type Answer struct {
	// Mutant is the mutant's name in the catalogue.
	Mutant string `json:"mutant"`
	// Killer and Hint become the mutant's [Mutant.Killer] and
	// [Mutant.Hint].
	Killer string `json:"killer"`
	Hint   Text   `json:"hint"`

	// Pos is where the answer is written, "file:line", for messages.
	Pos string `json:"-"`
}

// ParseAnswerKey reads an answer key from data, naming filename in its
// errors, each of the form "file:line: what is wrong".
func ParseAnswerKey(filename string, data []byte) (*AnswerKey, error) {
	f := jsonpos.File{Name: filename, Data: data}
	var head struct {
		Schema    string            `json:"$schema"`
		Version   int               `json:"version"`
		Catalogue string            `json:"catalogue"`
		Answers   []json.RawMessage `json:"answers"`
	}
	if err := f.DecodeStrict(&head, "answer key object"); err != nil {
		return nil, err
	}
	if head.Version != Version {
		return nil, f.Errorf(0, "version %d, want %d", head.Version, Version)
	}
	if head.Catalogue == "" {
		return nil, f.Errorf(0, "missing \"catalogue\": the path of the catalogue it answers")
	}
	offsets, err := f.ArrayOffsets("answers")
	if err != nil {
		return nil, f.Errorf(0, "%v", err)
	}
	if len(offsets) != len(head.Answers) || len(offsets) == 0 {
		return nil, f.Errorf(0, `want one "answers" array, spelled in lower case, with an entry per mutant`)
	}
	k := &AnswerKey{Schema: head.Schema, Version: head.Version, Catalogue: head.Catalogue}
	for i, raw := range head.Answers {
		var a Answer
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&a); err != nil {
			return nil, f.Errorf(offsets[i], "answer %d: %v", i+1, err)
		}
		a.Pos = fmt.Sprintf("%s:%d", filename, f.Line(offsets[i]))
		if err := a.validate(); err != nil {
			return nil, fmt.Errorf("%s: %v", a.Pos, err)
		}
		k.Answers = append(k.Answers, a)
	}
	return k, nil
}

func (a *Answer) validate() error {
	m := Mutant{Name: a.Mutant, Killer: a.Killer, Hint: a.Hint}
	switch {
	case a.Mutant == "":
		return fmt.Errorf("missing mutant: the name of the mutant this answers")
	case strings.TrimSpace(a.Killer) == "":
		return fmt.Errorf("mutant %q: missing killer", a.Mutant)
	}
	return m.checkAnswer()
}

// checkAnswer checks m's killer and hint, those it has.
func (m *Mutant) checkAnswer() error {
	if m.Hint.multiline() {
		return fmt.Errorf("mutant %q: hint must be one line", m.Name)
	}
	if err := m.Hint.check("hint"); err != nil && len(m.Hint) > 0 {
		return fmt.Errorf("mutant %q: %v", m.Name, err)
	}
	if m.Killer != "" && !strings.Contains(m.Killer, "/") {
		return fmt.Errorf("mutant %q: killer %q, want kind/name of an observation (e.g. edge/fetch_at_expiry_is_nil)", m.Name, m.Killer)
	}
	return nil
}

// Answer fills each mutant's Killer and Hint from k. A catalogue that
// has an answer key holds no answer of its own: a killer or hint written
// in it is an error, as is a mutant the key does not answer (or answers
// twice) and an answer for a mutant the catalogue does not declare.
func (c *Catalogue) Answer(k *AnswerKey) error {
	for _, m := range c.Mutants {
		if m.Killer != "" || len(m.Hint) > 0 {
			return fmt.Errorf("%s: mutant %q: its killer and hint belong in the answer key a student is told not to read before predicting, not in the catalogue", m.Pos, m.Name)
		}
	}
	given := map[string]string{}
	for _, a := range k.Answers {
		if prev, dup := given[a.Mutant]; dup {
			return fmt.Errorf("%s: mutant %q answered twice (first at %s)", a.Pos, a.Mutant, prev)
		}
		given[a.Mutant] = a.Pos
		i := c.index(a.Mutant)
		if i < 0 {
			return fmt.Errorf("%s: mutant %q is not in the catalogue %s", a.Pos, a.Mutant, k.Catalogue)
		}
		c.Mutants[i].Killer, c.Mutants[i].Hint = a.Killer, a.Hint
	}
	return c.Answered()
}

// index is the position of the mutant called name (not its label), or -1.
func (c *Catalogue) index(name string) int {
	for i, m := range c.Mutants {
		if m.Name == name {
			return i
		}
	}
	return -1
}

// Answered reports the first mutant without a hint, or without a killer
// though it is not equivalent: a lab's catalogue once its answer key is
// joined, a held-out catalogue as written.
func (c *Catalogue) Answered() error {
	for _, m := range c.Mutants {
		var missing []string
		if strings.TrimSpace(m.Killer) == "" && m.Equivalent == "" && m.Observation == "" {
			missing = append(missing, "killer")
		}
		if strings.TrimSpace(m.Hint.String()) == "" {
			missing = append(missing, "hint")
		}
		if len(missing) > 0 {
			return fmt.Errorf("%s: mutant %q: missing %s", m.Pos, m.Name, strings.Join(missing, ", "))
		}
	}
	return nil
}

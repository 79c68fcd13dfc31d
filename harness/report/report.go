// Package report writes the kill report: for people as text, for programs
// as versioned JSON.
//
// A report joins the kill matrix with the mutant catalogue (each mutant's
// step, idea and hint), the student's predictions and their verdicts, the
// student's own observations that the reference fails (with the
// misconception each shares with a mutant), and a SHA-256 digest of every
// input, so a grader can tell whether a report matches a checkout.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

// Verdict is one prediction's verdict.
type Verdict = predict.Verdict

// Schema names the JSON report's format. It changes whenever a field is
// removed or its meaning changes; fields may be added within a version.
//
// History: idemlab/killmatrix/v1 had the matrix alone; idemlab/report/v2
// adds predictions, verdicts, the score, invalid own observations and
// input digests.
const Schema = "idemlab/report/v2"

// A Report is everything one run of the lab found.
type Report struct {
	Schema  string `json:"schema"`
	Harness string `json:"harness"` // the harness version, see Version
	// Summary counts mutants by outcome; Score counts predictions and the
	// student's own kills.
	Summary killmatrix.Summary `json:"summary"`
	Score   Score              `json:"score"`
	// Predictions is what the worksheets record; Verdicts judges each.
	Predictions *predict.Sheet    `json:"predictions"`
	Verdicts    []predict.Verdict `json:"verdicts"`
	// Unpredicted lists the mutants with no filled prediction block.
	Unpredicted []string `json:"unpredicted"`
	// Invalid lists the student's observations that fail on the reference.
	Invalid      []Invalid                   `json:"invalid_observations"`
	Observations []killmatrix.ObservationRow `json:"observations"`
	Mutants      []Mutant                    `json:"mutants"`
	// Unviable lists held-out mutants that could not be judged: their
	// replacement does not apply, or they do not compile.
	Unviable []Unviable `json:"unviable,omitempty"`
	// Hidden counts the mutants left out of a student's copy (see Redact).
	Hidden HiddenCount `json:"hidden"`
	// Inputs are the digests of every file the result depends on.
	Inputs    []Digest `json:"inputs"`
	ElapsedMS int64    `json:"elapsed_ms"`
}

// Score is the line a student reads first.
type Score struct {
	// Mutants counts every mutant judged; Predictable those a worksheet
	// can predict (held-out mutants cannot be).
	Mutants     int `json:"mutants"`
	Predictable int `json:"predictable"`
	// Predicted and Right count prediction blocks filled and judged right.
	Predicted int `json:"predicted"`
	Right     int `json:"right"`
	// OwnObservations counts the student's valid observations; OwnKills
	// the mutants at least one of them kills.
	OwnObservations int `json:"own_observations"`
	OwnKills        int `json:"own_kills"`
}

func (s Score) String() string {
	return fmt.Sprintf("predictions: %d/%d right (%d recorded); own observations kill %d/%d mutants (%d written)",
		s.Right, s.Predictable, s.Predicted, s.OwnKills, s.Mutants, s.OwnObservations)
}

// Mutant is one mutant's verdict with its catalogue entry.
type Mutant struct {
	killmatrix.MutantRow
	Label    string        `json:"label,omitempty"`
	Title    mutation.Text `json:"title,omitempty"`
	Step     int           `json:"step,omitempty"`
	Function string        `json:"function,omitempty"`
	Idea     mutation.Text `json:"idea,omitempty"`
	Killer   string        `json:"intended_killer,omitempty"`
	Hint     mutation.Text `json:"hint,omitempty"`
}

// Invalid is a student's observation that fails on the reference: it
// asserts something the contract does not say. Where it passes on a
// mutant, the student expects that mutant's behaviour, and the mutant's
// hint names the misconception.
type Invalid struct {
	Observation string          `json:"observation"`
	Pos         string          `json:"pos"`
	Message     string          `json:"message"`
	SharedWith  []Misconception `json:"shared_with"`
}

// Misconception is a mutant whose behaviour an invalid observation expects.
type Misconception struct {
	Mutant string        `json:"mutant"`
	Hint   mutation.Text `json:"hint"`
}

// New builds the report. cat and sheet may be nil.
func New(m *killmatrix.Matrix, cat *mutation.Catalogue, sheet *predict.Sheet, inputs []Digest) *Report {
	if sheet == nil {
		sheet = &predict.Sheet{Predictions: []predict.Prediction{}, Unfilled: []string{}}
	}
	r := &Report{
		Schema: Schema, Harness: Version(), Summary: m.Summary(),
		Predictions: sheet, Verdicts: []predict.Verdict{}, Unpredicted: []string{}, Invalid: []Invalid{},
		Observations: m.Observations, Inputs: inputs, ElapsedMS: m.Elapsed.Milliseconds(),
	}
	hints := map[string]mutation.Text{}
	for _, mu := range m.Mutants {
		row := Mutant{MutantRow: mu}
		if cat != nil {
			if c, ok := cat.Lookup(mu.Name); ok {
				row.Label, row.Title = c.Label, c.Title
				row.Step, row.Function, row.Idea, row.Killer, row.Hint = c.Step, c.Function, c.Idea, c.Killer, c.Hint
			}
		}
		hints[mu.Name] = row.Hint
		r.Mutants = append(r.Mutants, row)
	}

	predicted := map[string]bool{}
	for _, p := range sheet.Predictions {
		v := predict.Compare(m, p)
		r.Verdicts = append(r.Verdicts, v)
		predicted[p.Mutant] = true
		if v.Right {
			r.Score.Right++
		}
	}
	for _, mu := range m.Mutants {
		if !predicted[mu.Name] {
			r.Unpredicted = append(r.Unpredicted, mu.Name)
		}
	}

	own := map[string]bool{}
	for _, o := range m.Observations {
		if o.Kind != killmatrix.KindStudent {
			continue
		}
		if o.Valid() {
			own[o.Name] = true
			continue
		}
		if o.Status != outcome.Broken {
			continue
		}
		inv := Invalid{Observation: o.Name, Pos: o.Reference.Pos, Message: o.Reference.Message, SharedWith: []Misconception{}}
		for _, mu := range m.Mutants {
			if mu.Cells[o.Name].Status == outcome.Pass {
				inv.SharedWith = append(inv.SharedWith, Misconception{Mutant: mu.Name, Hint: hints[mu.Name]})
			}
		}
		r.Invalid = append(r.Invalid, inv)
	}
	for _, mu := range m.Mutants {
		if slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return own[k.Observation] }) {
			r.Score.OwnKills++
		}
	}
	r.Score.Mutants, r.Score.Predicted, r.Score.OwnObservations = len(m.Mutants), len(sheet.Predictions), len(own)
	r.Score.Predictable = len(m.Mutants)
	return r
}

// MarkHeldOut tells the report which mutants are held out: no worksheet
// can predict them, so they are neither awaiting a prediction nor counted
// among the predictable.
func (r *Report) MarkHeldOut(names ...string) {
	for _, name := range names {
		if i := slices.Index(r.Unpredicted, name); i >= 0 {
			r.Unpredicted = slices.Delete(r.Unpredicted, i, i+1)
			r.Score.Predictable--
		}
	}
}

// JSON writes r as indented JSON.
func (r *Report) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

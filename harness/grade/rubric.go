package grade

import (
	"fmt"
	"strconv"
	"strings"

	"idemlab/harness/internal/jsonpos"
)

// A Rubric turns a student's counts into a total: each count times its
// weight, summed. Weights may be negative (a penalty) or zero (ignored).
type Rubric struct {
	// Schema is the JSON Schema a rubric file names, for editors; not
	// checked, and not kept: ParseRubric leaves it empty, so that two
	// files of the same weights are the same rubric.
	Schema string `json:"$schema,omitempty"`
	// PredictionRight is earned per prediction judged right that the
	// submission's sound history records no later than its answer was
	// first shown.
	PredictionRight float64 `json:"prediction_right"`
	// PredictionAfterReveal is earned instead per prediction judged right
	// that the history does not show came first: recorded after its
	// answer was revealed (by -reveal, -instructor, go test -v, or an
	// earlier prediction), never seen by the history, or with a history
	// missing, unreadable or holding impossible times (each flagged).
	PredictionAfterReveal float64 `json:"prediction_after_reveal"`
	// OwnKill is earned per lab mutant the student's own valid
	// observations kill.
	OwnKill float64 `json:"own_kill"`
	// HeldOutKill is earned per held-out mutant they kill.
	HeldOutKill float64 `json:"held_out_kill"`
	// Invalid is earned per own observation that fails on the reference.
	Invalid float64 `json:"invalid_observation"`
	// Timeout is earned per own observation that timed out anywhere.
	Timeout float64 `json:"timeout"`
	// Flag is earned per problem flagged in the submission (a malformed
	// worksheet, an observation refused by Lint, a missing folder).
	Flag float64 `json:"flag"`
	// GradebookFloor is the least total the gradebook files (Canvas,
	// Moodle) hold: a total below it is written as it. The total itself,
	// in every other output, is left as the weights make it.
	GradebookFloor float64 `json:"gradebook_floor,omitempty"`
}

// DefaultRubric: predicting is the lab's point, and a mutant only an
// instructor knows about is worth more than one the worksheet names;
// asserting what the contract does not say costs a point; a prediction
// the history cannot show was made before its answer earns nothing (a
// missing history too: every run that shows an answer writes one, so an
// honest student who ran anything has one, and one who never ran the
// report need only run it once before handing in); a gradebook holds no
// total below 0.
var DefaultRubric = Rubric{PredictionRight: 2, PredictionAfterReveal: 0, OwnKill: 1, HeldOutKill: 2, Invalid: -1, Timeout: -1, Flag: 0}

// ParseRubric reads a rubric from JSON. Fields left out keep
// DefaultRubric's weight; an unknown field is an error naming its line.
func ParseRubric(file string, data []byte) (Rubric, error) {
	r := DefaultRubric
	if err := (jsonpos.File{Name: file, Data: data}).DecodeStrict(&r, "rubric object"); err != nil {
		return DefaultRubric, err
	}
	r.Schema = ""
	return r, nil
}

// Total applies the rubric to a row's counts.
func (r Rubric) Total(row Row) float64 {
	return r.PredictionRight*float64(row.Right-row.RightAfterReveal) +
		r.PredictionAfterReveal*float64(row.RightAfterReveal) +
		r.OwnKill*float64(row.OwnKills) +
		r.HeldOutKill*float64(row.HeldOutKills) +
		r.Invalid*float64(row.Invalid) +
		r.Timeout*float64(row.Timeouts) +
		r.Flag*float64(len(row.Flags))
}

// String lists the weights as the class table shows them: "2 per
// prediction right, 1 per own kill, ...".
func (r Rubric) String() string {
	var parts []string
	for _, w := range []struct {
		weight float64
		what   string
	}{
		{r.PredictionRight, "prediction right"}, {r.PredictionAfterReveal, "prediction right not shown to come before its answer"}, {r.OwnKill, "own kill"}, {r.HeldOutKill, "held-out kill"},
		{r.Invalid, "invalid observation"}, {r.Timeout, "timeout"}, {r.Flag, "flag"},
	} {
		parts = append(parts, fmt.Sprintf("%s per %s", strconv.FormatFloat(w.weight, 'f', -1, 64), w.what))
	}
	return strings.Join(parts, ", ")
}

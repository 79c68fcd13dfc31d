package gradescope

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/mutation"
)

// Gradescope's visibilities of a test (and of the whole result).
const (
	Visible        = "visible"
	Hidden         = "hidden"
	AfterDueDate   = "after_due_date"
	AfterPublished = "after_published"
)

// Results is results.json, as Gradescope's autograder specification
// describes it: the score, the output for the whole submission, and one
// test per thing the rubric weighs.
type Results struct {
	Score float64 `json:"score"`
	// Output is the student's feedback, as grade -feedback writes it.
	Output       string `json:"output,omitempty"`
	OutputFormat string `json:"output_format,omitempty"`
	// TestOutputFormat is the format of every test's output ("text").
	TestOutputFormat string `json:"test_output_format,omitempty"`
	// StdoutVisibility keeps the grader's own log from students.
	StdoutVisibility string `json:"stdout_visibility,omitempty"`
	Tests            []Test `json:"tests"`
}

// A Test is one line of Gradescope's result: a score out of a maximum,
// passed or failed, with its output and who may see it.
type Test struct {
	Name     string   `json:"name"`
	Number   string   `json:"number,omitempty"`
	Score    float64  `json:"score"`
	MaxScore float64  `json:"max_score"`
	Status   string   `json:"status"`
	Output   string   `json:"output,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	// Visibility is visible, hidden, after_due_date or after_published.
	Visibility string `json:"visibility"`
}

// Visibility is Gradescope's visibility for a held-out mutant's tier:
// visible stays visible, hidden is never shown to the student, and
// after-due is shown once the assignment's due date has passed, which is
// when Gradescope applies it, whatever the catalogue's reveal_after_due.
func Visibility(tier string) string {
	switch tier {
	case mutation.Hidden:
		return Hidden
	case mutation.AfterDue:
		return AfterDueDate
	}
	return Visible
}

// From makes the results of the class's one graded student: a test per
// lab mutant for its prediction and one for the student's own kill of it,
// a test per viable held-out mutant, and one per penalty the rubric
// weighs (invalid observations, timeouts, flags). The tests' scores add
// up to the row's total, which is also the score. feedback is the
// student's feedback text, the whole result's output, which shows a
// mutant's answer only where the student's history records the
// prediction first (report.Graded); answers, the report with every
// answer shown, is the output of a last test, scored nothing, shown
// after the due date (none when answers is empty).
func From(c *grade.Class, cat *mutation.Catalogue, feedback, answers []byte) (*Results, error) {
	if len(c.Rows) != 1 {
		return nil, fmt.Errorf("gradescope: results.json is one submission's, and the class has %d", len(c.Rows))
	}
	row, rb := c.Rows[0], c.Rubric
	l := i18n.English
	if row.Lang != "" {
		var err error
		if l, err = i18n.Parse(row.Lang); err != nil {
			return nil, err
		}
	}
	r := &Results{Score: row.Total, Output: string(feedback), OutputFormat: "text", TestOutputFormat: "text", StdoutVisibility: Hidden, Tests: []Test{}}
	add := func(t Test) {
		t.Number = fmt.Sprint(len(r.Tests) + 1)
		r.Tests = append(r.Tests, t)
	}
	for _, m := range cat.Mutants {
		add(predictionTest(l, m, row, rb))
	}
	for _, m := range cat.Mutants {
		// Which of the student's observations kill a mutant says how it
		// dies: shown at once only where the answer is (see Graded).
		vis := Visible
		if !first(row, m.Name) {
			vis = AfterDueDate
		}
		add(killTest(l, m.ID(), m.Name, row.Killed, row.OwnKillers, rb.OwnKill, "grade.gs.own-kill", vis))
	}
	for _, h := range c.HeldOut {
		if h.Unviable == "" {
			add(killTest(l, h.Name, h.Name, row.KilledHeldOut, row.OwnKillers, rb.HeldOutKill, "grade.gs.held-out-kill", Visibility(h.Visibility)))
		}
	}
	for _, p := range []struct {
		id     string
		weight float64
		n      int
	}{{"grade.term.invalid", rb.Invalid, row.Invalid}, {"grade.term.timeout", rb.Timeout, row.Timeouts}, {"grade.term.flag", rb.Flag, len(row.Flags)}} {
		if p.weight == 0 {
			continue
		}
		t := Test{Name: l.T("grade.gs.penalty-name", i18n.M{"Term": l.T(p.id, nil)}), Status: "passed", Visibility: Visible, Tags: []string{"penalty"},
			Output: l.N("grade.gs.penalty", p.n, i18n.M{"Weight": p.weight})}
		if p.n > 0 {
			t.Score = p.weight * float64(p.n)
			if p.weight < 0 {
				t.Status = "failed"
			}
		}
		add(t)
	}
	if len(answers) > 0 {
		add(Test{Name: l.T("grade.gs.answers", nil), Status: "passed", Visibility: AfterDueDate, Tags: []string{"answers"}, Output: string(answers)})
	}
	return r, nil
}

// first reports whether the row's prediction of mutant name was recorded
// before its answer was revealed, which alone shows its answer at once.
func first(row grade.Row, name string) bool {
	return slices.ContainsFunc(row.Predictions, func(p grade.PredictionVerdict) bool { return p.Mutant == name && p.Recorded == "before" })
}

// missIDs word what a wrong prediction got wrong first.
var missIDs = map[string]string{
	grade.MissKiller:   "grade.gs.miss-killer",
	grade.MissEvidence: "grade.gs.miss-evidence",
	grade.MissSurvives: "grade.gs.miss-survives",
	grade.MissOther:    "grade.gs.miss-other",
}

// JSON writes the results as Gradescope reads them.
func (r *Results) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// predictionTest is the test of the prediction about m: right earns the
// rubric's prediction_right, or its prediction_after_reveal when the
// history records it after the answer was revealed.
func predictionTest(l i18n.Lang, m mutation.Mutant, row grade.Row, rb grade.Rubric) Test {
	t := Test{Name: l.T("grade.gs.prediction", i18n.M{"Mutant": m.ID()}), MaxScore: rb.PredictionRight, Status: "failed", Visibility: Visible, Tags: []string{"prediction"}}
	i := slices.IndexFunc(row.Predictions, func(p grade.PredictionVerdict) bool { return p.Mutant == m.Name })
	if i < 0 {
		t.Output = l.T("grade.gs.unpredicted", nil)
		return t
	}
	p := row.Predictions[i]
	data := i18n.M{"Evidence": p.Evidence, "Actual": p.Actual}
	if p.Recorded == "" {
		// No history backs it: whether it is right says how the mutant
		// dies, which the student's history would never hear of.
		if p.Right {
			t.Score = rb.PredictionAfterReveal
		}
		t.Output = l.T("grade.gs.unbacked", nil)
		return t
	}
	if p.Right {
		t.Score, t.Status = rb.PredictionRight, "passed"
		if p.Recorded != "before" { // after, or not backed by the history
			t.Score = rb.PredictionAfterReveal
		}
		t.Output = l.T("grade.gs.right", data)
	} else {
		t.Output = l.T(missIDs[p.Miss], data)
	}
	t.Output += "\n" + l.T("lesson.recorded-"+p.Recorded, nil)
	return t
}

// killTest is the test of one mutant (shown as shown, called name in
// the row) killed by the student's own observations.
func killTest(l i18n.Lang, shown, name string, killed []string, killers []grade.OwnKiller, weight float64, id, visibility string) Test {
	t := Test{Name: l.T(id, i18n.M{"Mutant": shown}), MaxScore: weight, Status: "failed", Visibility: visibility, Tags: []string{"kill"},
		Output: l.T("grade.gs.survives", nil)}
	if !slices.Contains(killed, name) {
		return t
	}
	t.Score, t.Status = weight, "passed"
	var obs []string
	for _, k := range killers {
		if k.Mutant == name {
			obs = k.Observations
		}
	}
	t.Output = l.T("grade.gs.killed", i18n.M{"Observations": strings.Join(obs, ", ")})
	return t
}

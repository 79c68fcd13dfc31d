package grade

import (
	"slices"

	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// A Row is one student's grade, with everything the class analytics and
// a merge of shards need: no row refers to anything outside itself.
type Row struct {
	Student string `json:"student"`
	// Graded is set when the submission's folder was read.
	Graded bool `json:"graded"`
	// Predicted and Right count prediction blocks filled and judged
	// right.
	Predicted int `json:"predicted"`
	Right     int `json:"right"`
	// OwnObservations counts the student's observation files, Refused
	// those not run (with why in Flags).
	OwnObservations int `json:"own_observations"`
	Refused         int `json:"refused"`
	// OwnKills counts lab mutants, HeldOutKills held-out mutants, killed
	// by at least one of the student's own valid observations.
	OwnKills     int `json:"own_kills"`
	HeldOutKills int `json:"held_out_kills"`
	// Invalid counts own observations that fail on the reference, Flaky
	// those whose result changed between runs, Timeouts those that timed
	// out on the reference or any mutant.
	Invalid  int `json:"invalid"`
	Flaky    int `json:"flaky"`
	Timeouts int `json:"timeouts"`
	// Flags say what could not be graded, and why, each once.
	Flags []string `json:"flags"`
	Total float64  `json:"total"`
	// Killed and KilledHeldOut name the mutants counted above.
	Killed        []string `json:"killed"`
	KilledHeldOut []string `json:"killed_held_out"`
	// Predictions are the verdicts, mutant by mutant; Expectations the
	// mutants whose behaviour an invalid observation expects.
	Predictions  []PredictionVerdict `json:"predictions"`
	Expectations []Expectation       `json:"expectations"`
	// Isolation says what enforced the worker's budgets ("" when no
	// worker ran).
	Isolation string `json:"isolation,omitempty"`
}

// PredictionVerdict is one prediction's verdict.
type PredictionVerdict struct {
	Mutant string `json:"mutant"`
	Right  bool   `json:"right"`
}

// An Expectation is an invalid observation that passes on a mutant: the
// student expects that mutant's behaviour.
type Expectation struct {
	Observation string   `json:"observation"`
	Mutants     []string `json:"mutants"`
}

func newRow(e Entry) Row {
	return Row{Student: e.Student, Flags: slices.Clone(e.Flags), Killed: []string{}, KilledHeldOut: []string{},
		Predictions: []PredictionVerdict{}, Expectations: []Expectation{}}
}

// count fills the row's counts from the submission's full report.
func (row *Row) count(r *report.Report, sub *submission.Submission) {
	row.Predicted, row.Right = r.Score.Predicted, r.Score.Right
	row.OwnObservations, row.Refused = r.Score.OwnObservations, len(sub.Refused)
	for _, name := range sortedKeys(sub.Refused) {
		row.Flags = append(row.Flags, "not run: "+submission.Quote(sub.Refused[name]))
	}
	for _, v := range r.Verdicts {
		if v.Judged {
			row.Predictions = append(row.Predictions, PredictionVerdict{Mutant: v.Prediction.Mutant, Right: v.Right})
		}
	}
	own := map[string]bool{}
	for _, o := range sub.Observations {
		own[o.Name] = true
	}
	row.kills(r, own)
	row.uncounted(r)
	row.Flags = dedupe(row.Flags)
}

// kills counts the mutants the student's observations kill, and the
// observations that timed out anywhere.
func (row *Row) kills(r *report.Report, own map[string]bool) {
	timedOut := map[string]bool{}
	for _, mu := range r.Mutants {
		for name := range own {
			if mu.Cells[name].Status == outcome.TimedOut {
				timedOut[name] = true
			}
		}
		if !slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return own[k.Observation] }) {
			continue
		}
		switch mu.Origin {
		case report.OriginHeldOut:
			row.KilledHeldOut = append(row.KilledHeldOut, mu.Name)
		default:
			row.Killed = append(row.Killed, mu.Name)
		}
	}
	for _, u := range r.Uncounted {
		if u.Status == outcome.TimedOut {
			timedOut[u.Observation] = true
		}
	}
	row.OwnKills, row.HeldOutKills, row.Timeouts = len(row.Killed), len(row.KilledHeldOut), len(timedOut)
}

// uncounted counts the invalid and flaky observations, and what each
// invalid one expects.
func (row *Row) uncounted(r *report.Report) {
	for _, u := range r.Uncounted {
		switch u.Status {
		case outcome.Broken:
			row.Invalid++
			row.Flags = append(row.Flags, "invalid: "+u.Observation+" fails on the reference at "+u.Pos+": "+submission.Quote(u.Message))
		case outcome.Flaky:
			row.Flaky++
			row.Flags = append(row.Flags, "flaky: "+u.Observation+" gave different results on the same code")
		case outcome.TimedOut:
			row.Flags = append(row.Flags, "timeout: "+u.Observation+" did not finish on the reference")
		}
		if len(u.SharedWith) > 0 {
			e := Expectation{Observation: u.Observation}
			for _, m := range u.SharedWith {
				e.Mutants = append(e.Mutants, m.Mutant)
			}
			row.Expectations = append(row.Expectations, e)
		}
	}
}

func dedupe(flags []string) []string {
	out := []string{}
	for _, f := range flags {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// heldOutViable counts the held-out mutants that run.
func heldOutViable(held []heldout.Mutant) int {
	n := 0
	for _, h := range held {
		if h.Unviable == "" {
			n++
		}
	}
	return n
}

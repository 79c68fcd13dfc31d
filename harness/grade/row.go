package grade

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
	// AfterReveal counts the judged predictions the history does not
	// show came before their answer (recorded after it was revealed, or
	// not backed by a sound history: see Grade), RightAfterReveal those
	// of them judged right: the rubric's prediction_after_reveal applies
	// to these instead of prediction_right.
	AfterReveal      int `json:"after_reveal"`
	RightAfterReveal int `json:"right_after_reveal"`
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
	// OwnKillers name, per mutant counted in Killed or KilledHeldOut, the
	// student's own observations that kill it.
	OwnKillers []OwnKiller `json:"own_killers"`
	// Lang is the language of the student's feedback: their
	// predictions', else their worksheet's ("" when nothing was read).
	Lang string `json:"lang,omitempty"`
	// Isolation says what enforced the worker's budgets ("" when no
	// worker ran).
	Isolation string `json:"isolation,omitempty"`
}

// PredictionVerdict is one prediction's verdict.
type PredictionVerdict struct {
	Mutant string `json:"mutant"`
	Right  bool   `json:"right"`
	// Miss says what was wrong first, when Right is false: MissKiller,
	// MissEvidence, MissSurvives or MissOther.
	Miss string `json:"miss,omitempty"`
	// Evidence is the kind predicted; Actual the kind the predicted
	// killer's kill shows, else the first actual killer's, "" when
	// nothing killed the mutant.
	Evidence killmatrix.Evidence `json:"evidence,omitempty"`
	Actual   killmatrix.Evidence `json:"actual,omitempty"`
	// Recorded is "before" or "after" the answer was revealed, "" when
	// no sound history of the submission records the prediction (it then
	// counts as after).
	Recorded string `json:"recorded,omitempty"`
}

// What a wrong prediction got wrong first.
const (
	// MissKiller: the predicted killer did not kill the mutant.
	MissKiller = "killer"
	// MissEvidence: it did, with another kind of evidence.
	MissEvidence = "evidence"
	// MissSurvives: an observation predicted to be survived killed it.
	MissSurvives = "survives"
	// MissOther: the mutant could not be judged.
	MissOther = "other"
)

// An OwnKiller is a mutant and the student's own observations that kill
// it.
type OwnKiller struct {
	Mutant       string   `json:"mutant"`
	Observations []string `json:"observations"`
}

// An Expectation is an invalid observation that passes on a mutant: the
// student expects that mutant's behaviour.
type Expectation struct {
	Observation string   `json:"observation"`
	Mutants     []string `json:"mutants"`
}

func newRow(e Entry) Row {
	return Row{Student: e.Student, Flags: slices.Clone(e.Flags), Killed: []string{}, KilledHeldOut: []string{},
		Predictions: []PredictionVerdict{}, Expectations: []Expectation{}, OwnKillers: []OwnKiller{}}
}

// count fills the row's counts from the submission's full report; budget
// is the time an observation had.
func (row *Row) count(r *report.Report, sub *submission.Submission, budget time.Duration) {
	row.Predicted, row.Right = r.Score.Predicted, r.Score.Right
	row.OwnObservations, row.Refused = r.Score.OwnObservations, len(sub.Refused)
	for _, name := range sortedKeys(sub.Refused) {
		row.Flags = append(row.Flags, "not run: "+submission.Quote(sub.Refused[name]))
	}
	for _, v := range r.Verdicts {
		if !v.Judged {
			continue
		}
		mu, _ := r.Mutant(v.Prediction.Mutant)
		row.Predictions = append(row.Predictions, verdictOf(v, mu.Lead))
		if v.Recorded != "before" {
			row.AfterReveal++
			if v.Right {
				row.RightAfterReveal++
			}
		}
	}
	own := map[string]bool{}
	for _, o := range sub.Observations {
		own[o.Name] = true
	}
	row.kills(r, own)
	row.uncounted(r, budget)
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
		var killers []string
		for _, k := range mu.KilledBy {
			if own[k.Observation] && !slices.Contains(killers, k.Observation) {
				killers = append(killers, k.Observation)
			}
		}
		if len(killers) == 0 {
			continue
		}
		row.OwnKillers = append(row.OwnKillers, OwnKiller{Mutant: mu.Name, Observations: killers})
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

// verdictOf is the row's form of a judged verdict: what it predicted,
// what was wrong first, and which evidence the mutant really showed.
//
// The evidence the mutant really showed is the predicted killer's when
// it killed, else lead's, the killer the lessons and the report show
// first (report.Mutant.Lead, in predict.Rank's order: the intended
// killer first), not the first in the matrix's order, which is by name.
func verdictOf(v report.Verdict, lead string) PredictionVerdict {
	p := PredictionVerdict{Mutant: v.Prediction.Mutant, Right: v.Right, Evidence: v.Prediction.Evidence, Recorded: v.Recorded}
	if i := slices.IndexFunc(v.Killers, func(k killmatrix.Kill) bool { return k.Observation == v.Prediction.Killer }); i >= 0 {
		p.Actual = v.Killers[i].Evidence
	} else if ks := report.LeadFirst(v.Killers, lead); len(ks) > 0 {
		p.Actual = ks[0].Evidence
	}
	if !v.Right {
		p.Miss = MissOther
		if len(v.Problems) > 0 {
			switch code := v.Problems[0].Code; {
			case code == "wrong-evidence":
				p.Miss = MissEvidence
			case strings.HasPrefix(code, "killer-"):
				p.Miss = MissKiller
			case strings.HasPrefix(code, "survives-"):
				p.Miss = MissSurvives
			}
		}
	}
	return p
}

// uncounted counts the invalid and flaky observations, and what each
// invalid one expects; a timeout's flag says where its observation was
// and the budget it ran past.
func (row *Row) uncounted(r *report.Report, budget time.Duration) {
	for _, u := range r.Uncounted {
		switch u.Status {
		case outcome.Broken:
			row.Invalid++
			on := "the reference"
			if u.Wheat != "" {
				on = "wheat " + u.Wheat + " (a correct store written apart from the reference)"
			}
			row.Flags = append(row.Flags, "invalid: "+u.Observation+" fails on "+on+" at "+u.Pos+": "+submission.Quote(u.Message))
		case outcome.Flaky:
			row.Flaky++
			row.Flags = append(row.Flags, "flaky: "+u.Observation+" gave different results on the same code")
		case outcome.TimedOut:
			row.Flags = append(row.Flags, fmt.Sprintf("timeout: %s did not finish on the reference within its budget of %v (%s)", u.Observation, budget, submission.Quote(cmp.Or(u.Pos, u.Observation+".txtar"))))
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

// MaxFlags bounds the flags of one row, and MaxFlagRunes one flag: past
// MaxFlags distinct flags, one last flag says how many more there were
// ("and 99,950 more"), and a longer flag is cut to an excerpt ending in
// "…". A hundred thousand bad files, or a worksheet of eighteen thousand
// broken blocks, cost a row what fifty do.
const (
	MaxFlags     = 50
	MaxFlagRunes = 240
)

// maxProblems bounds the worksheet problems a row flags and its feedback
// lists, leaving room among MaxFlags for the count of the rest and for
// the submission's other flags.
const maxProblems = MaxFlags / 2

// dedupe keeps the first of each flag, cut to MaxFlagRunes, at most
// MaxFlags of them and a count of the rest, in linear time.
func dedupe(flags []string) []string {
	out := []string{}
	seen := make(map[string]bool, min(len(flags), 4*MaxFlags))
	more := 0
	for _, f := range flags {
		f = excerpt(f, MaxFlagRunes)
		switch {
		case seen[f]:
		case len(out) == MaxFlags:
			more++
		default:
			seen[f] = true
			out = append(out, f)
		}
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("and %s more", thousands(more)))
	}
	return out
}

// excerpt cuts s to at most n runes, the last of them "…".
func excerpt(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := 0
	for i := range s {
		if runes == n-1 {
			return s[:i] + "…"
		}
		runes++
	}
	return s
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
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

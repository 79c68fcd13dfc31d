package report

import (
	"encoding/json"
	"io"
	"slices"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/search"
)

// Schema names the JSON report's format. It changes whenever a field is
// removed or its meaning changes; fields may be added within a version.
//
// History: idemlab/killmatrix/v1 had the matrix alone; idemlab/report/v2
// added predictions, verdicts, the score, invalid own observations and
// input digests; idemlab/report/v3 is one report for the lab's run, a
// generated run and held-out mutants, with a view (what a student may
// see), structured findings and divergences, and one word per outcome.
const Schema = "idemlab/report/v3"

// The kinds of run a report can be of.
const (
	// KindLab is the kill report: the lab's mutants (and held-out ones)
	// against every observation, with the student's predictions.
	KindLab = "lab"
	// KindGenerated is idemlab mutate: every single-point mutant.
	KindGenerated = "generated"
)

// The origins of a mutant.
const (
	OriginLab       = "lab"
	OriginHeldOut   = "held-out"
	OriginGenerated = "generated"
)

// A Report is everything one run found: the one result every writer (text,
// JSON, HTML, Stryker) renders.
type Report struct {
	Schema  string `json:"schema"`
	Harness string `json:"harness"` // the harness version, see Version
	Meta    Meta   `json:"meta"`
	// Summary counts mutants by outcome; Score counts predictions and the
	// student's own kills.
	Summary killmatrix.Summary `json:"summary"`
	Score   Score              `json:"score"`
	// Basis, in a generated run, is what the score is measured over.
	Basis *Basis `json:"basis,omitempty"`
	// Cache, in a generated run with the verdict cache, is what came from
	// it.
	Cache *CacheUse `json:"cache,omitempty"`
	// Predictions is what the worksheets record; Verdicts judges each.
	Predictions *predict.Sheet `json:"predictions"`
	Verdicts    []Verdict      `json:"verdicts"`
	// WorksheetProblems are the prediction blocks that do not read, each
	// at its file:line: they are left out, and the rest are judged, as a
	// grader does.
	WorksheetProblems predict.Problems `json:"worksheet_problems,omitempty"`
	// Unpredicted lists the mutants with no filled prediction block.
	Unpredicted []string `json:"unpredicted"`
	// Uncounted lists the student's observations that count as no
	// evidence: broken (they fail on the reference), flaky, timed out,
	// or refused before they ran.
	Uncounted    []Uncounted                 `json:"uncounted_observations"`
	Observations []killmatrix.ObservationRow `json:"observations"`
	// Docs holds, by observation name, what each of the lab's
	// observations observes in each language it is written in (English
	// from its file, Chinese from the lab's guide, see labrun.ReadGuide):
	// Localize gives an observation whose doc is shown the doc in the
	// report's language. Not written.
	Docs    map[string]mutation.Text `json:"-"`
	Mutants []Mutant                 `json:"mutants"`
	// Hidden counts the mutants a student's copy does not name.
	Hidden HiddenCount `json:"hidden"`
	// Problems are what makes the run's verdicts untrustworthy: an
	// observation of the lab's own that fails on the reference, an
	// equivalent mutant that was killed.
	Problems []string `json:"problems"`
	// Inputs are the digests of every file the result depends on.
	Inputs    []Digest         `json:"inputs"`
	ElapsedMS int64            `json:"elapsed_ms"`
	TimingMS  map[string]int64 `json:"timing_ms,omitempty"`
	// Source is the path of the reference source the mutants change.
	Source string `json:"source,omitempty"`
	// StateCommands are the lab's commands that read state ("idem rows"),
	// which explain state evidence; not written in the JSON report.
	StateCommands []string `json:"-"`
	// Worksheets are the lab's worksheets, relative to the module root,
	// and QuickLoop the command that judges a student's predictions (see
	// lab.Lab): what the report tells a student to fill and to run. They
	// are not written.
	Worksheets []string `json:"-"`
	QuickLoop  string   `json:"-"`
	// Sources holds the text of the reference source and of every
	// observation, by path, for writers that show them (Stryker); it is
	// not written in the JSON report.
	Sources map[string]string `json:"-"`
}

// Meta says whose report it is, of what, when, and how it may be shown.
type Meta struct {
	Kind string `json:"kind"`
	Lab  string `json:"lab"`
	// Student is whose report it is, when known; Commit the checkout's
	// commit; Created when the report was made.
	Student string    `json:"student,omitempty"`
	Commit  string    `json:"commit,omitempty"`
	Created time.Time `json:"created"`
	// Lang is the language its words are in; LangFrom what chose it, one
	// of the LangFrom constants ("" when the report's maker does not say).
	Lang     i18n.Lang `json:"lang"`
	LangFrom string    `json:"lang_from,omitempty"`
	// View is what it shows (see View); Revealed, with -reveal, lists the
	// mutants whose answers it showed before any prediction of them.
	View     View     `json:"view"`
	Revealed []string `json:"revealed_before_prediction,omitempty"`
	// Selection says in words what part of the lab the run judged, ""
	// for all; Run and Only are its -run pattern and -mutant names.
	Selection string   `json:"selection,omitempty"`
	Run       string   `json:"run,omitempty"`
	Only      []string `json:"mutants_judged,omitempty"`
	// RunUnreached says every observation ran on every mutant
	// (-run-unreached), also where the coverage analysis would have taken
	// the reference's result.
	RunUnreached bool `json:"run_unreached,omitempty"`
	// StudentDir is the folder of the student's own observations,
	// relative to the checkout.
	StudentDir string `json:"student_dir,omitempty"`
}

// Score is the line a student reads first.
type Score struct {
	// Mutants counts every mutant judged; Predictable those a worksheet
	// can predict (held-out and generated mutants cannot be).
	Mutants     int `json:"mutants"`
	Predictable int `json:"predictable"`
	// Predicted and Right count prediction blocks filled and judged
	// right; NotJudged those a selection left out.
	Predicted int `json:"predicted"`
	Right     int `json:"right"`
	NotJudged int `json:"not_judged"`
	// OwnObservations counts the student's observation files, OwnValid
	// those that count as evidence; OwnKills the mutants at least one of
	// them kills.
	OwnObservations int `json:"own_observations"`
	OwnValid        int `json:"own_valid"`
	OwnKills        int `json:"own_kills"`
	// Concealed, in a student's view, counts the mutants not predicted
	// yet, whose kills OwnKills leaves out until they are: a kill says
	// something of how a mutant dies.
	Concealed int `json:"concealed,omitempty"`
}

// A Verdict is one prediction's verdict, and whether the prediction was
// recorded before its mutant's answer was first revealed on the checkout.
type Verdict struct {
	predict.Verdict
	// Recorded is "before" or "after" that reveal, "" when the checkout
	// keeps no history.
	Recorded string `json:"recorded,omitempty"`
}

// How a judged prediction fared, as its killer's cell in a matrix marks it.
const (
	// FaredRight: the whole prediction was right.
	FaredRight = "right"
	// FaredKillerRight: its killer killed the mutant, but its evidence or
	// an observation it said the mutant survives was wrong.
	FaredKillerRight = "killer-right"
	// FaredWrong: its killer did not kill the mutant.
	FaredWrong = "wrong"
)

// Fared says how v's prediction fared: FaredRight, FaredKillerRight or
// FaredWrong; "" when it was not judged. A right killer is kept apart
// from a wrong one so that a matrix never marks a killer the student got
// right as wrong.
func (v Verdict) Fared() string {
	switch {
	case !v.Judged:
		return ""
	case v.Right:
		return FaredRight
	case slices.ContainsFunc(v.Killers, func(k killmatrix.Kill) bool { return k.Observation == v.Prediction.Killer }):
		return FaredKillerRight
	}
	return FaredWrong
}

// Mutant is one mutant's verdict with what its catalogue says of it.
type Mutant struct {
	killmatrix.MutantRow
	Origin string `json:"origin"`
	// From the catalogue (a lab or held-out mutant).
	Label    string        `json:"label,omitempty"`
	Title    mutation.Text `json:"title,omitempty"`
	Step     int           `json:"step,omitempty"`
	Function string        `json:"function,omitempty"`
	Idea     mutation.Text `json:"idea,omitempty"`
	Killer   string        `json:"intended_killer,omitempty"`
	Hint     mutation.Text `json:"hint,omitempty"`
	// Lead is the killer a reader meets first, in predict.Rank's order:
	// the intended killer when it kills, else the one sharing the most
	// with the student's prediction, else the first in matrix order.
	Lead string `json:"lead_killer,omitempty"`
	// From the generator (a generated mutant): its operator and line,
	// and the catalogue mutant it equals, if any.
	Operator string `json:"operator,omitempty"`
	Line     int    `json:"line,omitempty"`
	Hand     string `json:"hand,omitempty"`
	// Old and New are the replacement that makes it; Diff shows it as a
	// unified diff, for a mutant that survived or is equivalent.
	Old  string `json:"old,omitempty"`
	New  string `json:"new,omitempty"`
	Diff string `json:"diff,omitempty"`
	// UnviableKind says why an unviable mutant could not be judged, as
	// mutagen.NotApplied or mutagen.NotCompiled. Outside the
	// instructor's view its Reason says only that, in the report's
	// language: the full reason names the catalogue's file and text.
	UnviableKind string `json:"unviable_kind,omitempty"`
	// EquivalentBy is, for an equivalent mutant, what the equivalence
	// rests on when it is not the code and its SQL: "engine" for the
	// database engine's query plan (mutagen.ByEngine).
	EquivalentBy string `json:"equivalent_by,omitempty"`
	// Concealed is set in a student's view on a mutant not yet
	// predicted: how it dies is left out until the student predicts.
	Concealed bool `json:"concealed,omitempty"`
	// Search is the differential search of the mutant, where one ran (a
	// survivor's, an equivalent mutant's recorded one run again); never
	// in a student's view.
	Search *search.Result `json:"search,omitempty"`
	// shown is whether a student's copy may name it.
	shown bool
}

// Killers is KilledBy with its Lead first, the rest in matrix order: the
// order every writer lists a mutant's killers in.
func (m Mutant) Killers() []killmatrix.Kill { return LeadFirst(m.KilledBy, m.Lead) }

// LeadFirst returns kills with the kill of observation lead moved first,
// the rest in their order; kills as they are when lead is not among them.
func LeadFirst(kills []killmatrix.Kill, lead string) []killmatrix.Kill {
	i := slices.IndexFunc(kills, func(k killmatrix.Kill) bool { return k.Observation == lead })
	if i <= 0 {
		return kills
	}
	out := append([]killmatrix.Kill{kills[i]}, kills[:i]...)
	return append(out, kills[i+1:]...)
}

// ID is what a report calls the mutant: its label, or its name.
func (m Mutant) ID() string {
	if m.Label != "" {
		return m.Label
	}
	return m.Name
}

// Uncounted is a student's observation that counts as no evidence.
type Uncounted struct {
	Observation string `json:"observation"`
	// Status is broken, flaky, timeout, or refused.
	Status outcome.Observation `json:"status"`
	Pos    string              `json:"pos,omitempty"`
	// Message says why: testscript's failure, or the refusal.
	Message string `json:"message"`
	// Wheat names the wheat (a correct store written apart from the
	// reference, see lab.Lab's Wheats) the observation failed or timed
	// out on after passing on the reference: Pos, Message and Printed
	// are then its run there. Empty when the reference decided.
	Wheat string `json:"wheat,omitempty"`
	// SharedWith lists, for a broken observation, the mutants it passes
	// on: the student expects their behaviour.
	SharedWith []Misconception `json:"shared_with"`
	// SharedConcealed counts, in a student's view, the mutants it passes
	// on that SharedWith leaves out, since their answers are not shown.
	SharedConcealed int `json:"shared_concealed,omitempty"`
	// Printed, for an observation that ran (broken, flaky or timed out),
	// is what it printed on the reference: the lab commands it ran, in
	// order, each with its output or error, up to where it stopped, so
	// the student sees what the contract does where the observation
	// expected otherwise.
	Printed []killmatrix.Step `json:"printed,omitempty"`
}

// Refused is the status of an observation refused before it ran.
const Refused outcome.Observation = "refused"

// Misconception is a mutant whose behaviour a broken observation expects.
type Misconception struct {
	Mutant string        `json:"mutant"`
	Hint   mutation.Text `json:"hint"`
}

// What chose a report's language (Meta.LangFrom).
const (
	LangFromFlag        = "flag"        // -lang
	LangFromPredictions = "predictions" // the worksheets the predictions are in
	LangFromWorksheet   = "worksheet"   // the worksheet started, nothing predicted yet
	LangFromEnv         = "environment" // LC_ALL, LC_MESSAGES or LANG
	LangFromDefault     = "default"     // none of those: English
)

// HiddenCount is what a student's report says of mutants it may not name.
type HiddenCount struct {
	Mutants int `json:"mutants"`
	Killed  int `json:"killed"`
}

// JSON writes r as indented JSON.
func (r *Report) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// Mutant returns the row of the mutant called name (or labelled so).
func (r *Report) Mutant(name string) (Mutant, bool) {
	i := slices.IndexFunc(r.Mutants, func(m Mutant) bool { return m.Name == name || m.Label == name && name != "" })
	if i < 0 {
		return Mutant{}, false
	}
	return r.Mutants[i], true
}

package report

import (
	"regexp"
	"slices"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

// New builds the kill report of matrix m: its mutants with what catalogue
// cat says of them (cat may be nil), the predictions of sheet (nil for
// none) and their verdicts, the student's own observations that do not
// count, and the input digests. It is the instructor's view, in English;
// see [Report.For] and [Report.Localize].
func New(m *killmatrix.Matrix, cat *mutation.Catalogue, sheet *predict.Sheet, inputs []Digest) *Report {
	if sheet == nil {
		sheet = &predict.Sheet{Predictions: []predict.Prediction{}, Unfilled: []string{}}
	}
	r := &Report{
		Schema: Schema, Harness: Version(), Summary: m.Summary(),
		Meta:        Meta{Kind: KindLab, Created: time.Now().UTC().Truncate(time.Second), Lang: i18n.English, View: Instructor},
		Predictions: sheet, Verdicts: []Verdict{}, Unpredicted: []string{}, Uncounted: []Uncounted{}, Problems: []string{},
		Observations: m.Observations, Inputs: inputs, ElapsedMS: m.Elapsed.Milliseconds(),
	}
	for _, mu := range m.Mutants {
		r.Mutants = append(r.Mutants, fromCatalogue(mu, cat))
	}
	r.judge(m, sheet)
	r.own(m)
	r.Score.Mutants, r.Score.Predicted = len(m.Mutants), len(sheet.Predictions)
	r.Score.Predictable = len(m.Mutants)
	r.problems()
	return r
}

// fromCatalogue is one mutant's row with its catalogue entry.
func fromCatalogue(mu killmatrix.MutantRow, cat *mutation.Catalogue) Mutant {
	row := Mutant{MutantRow: mu, Origin: OriginLab, shown: true}
	if cat == nil {
		return row
	}
	if c, ok := cat.Lookup(mu.Name); ok {
		fill(&row, c)
		row.shown = cat.ShownToStudents(c)
	}
	return row
}

// fill copies a mutant's catalogue entry into its row.
func fill(row *Mutant, c mutation.Mutant) {
	row.Label, row.Title, row.Step, row.Function = c.Label, c.Title, c.Step, c.Function
	row.Idea, row.Killer, row.Hint, row.Old, row.New = c.Idea, c.Killer, c.Hint, c.Old, c.New
}

// judge compares every prediction with the matrix.
func (r *Report) judge(m *killmatrix.Matrix, sheet *predict.Sheet) {
	predicted := map[string]*predict.Prediction{}
	for i, p := range sheet.Predictions {
		mu, _ := r.Mutant(p.Mutant)
		v := Verdict{Verdict: predict.Compare(m, p, mu.Killer)}
		r.Verdicts = append(r.Verdicts, v)
		predicted[p.Mutant] = &sheet.Predictions[i]
		switch {
		case !v.Judged:
			r.Score.NotJudged++
		case v.Right:
			r.Score.Right++
		}
	}
	for i, mu := range m.Mutants {
		if predicted[mu.Name] == nil {
			r.Unpredicted = append(r.Unpredicted, mu.Name)
		}
		if ranked := predict.Rank(m, mu, r.Mutants[i].Killer, predicted[mu.Name]); len(ranked) > 0 {
			r.Mutants[i].Lead = ranked[0].Observation
		}
	}
}

// own counts the student's observations and lists those that count as no
// evidence, each broken one with the mutants whose behaviour it expects.
func (r *Report) own(m *killmatrix.Matrix) {
	valid := map[string]bool{}
	for _, o := range m.Observations {
		if o.Kind != killmatrix.KindStudent {
			continue
		}
		r.Score.OwnObservations++
		if o.Valid() {
			valid[o.Name] = true
			continue
		}
		f := o.Failure()
		u := Uncounted{Observation: o.Name, Status: o.Status, Pos: f.Pos, Message: f.Message, Wheat: o.Wheat, SharedWith: []Misconception{}, Printed: numbered(o.Observation, f.Steps)}
		if o.Status == outcome.Broken {
			for _, mu := range r.Mutants {
				if mu.Cells[o.Name].Status == outcome.Pass {
					u.SharedWith = append(u.SharedWith, Misconception{Mutant: mu.Name, Hint: mu.Hint})
				}
			}
		}
		r.Uncounted = append(r.Uncounted, u)
	}
	r.Score.OwnValid = len(valid)
	for _, mu := range m.Mutants {
		if slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return valid[k.Observation] }) {
			r.Score.OwnKills++
		}
	}
}

// problems lists the lab's own observations that do not count, in
// English (the text report words each in its language: labProblem).
func (r *Report) problems() {
	for _, o := range r.Observations {
		if o.Kind != killmatrix.KindStudent && !o.Valid() {
			on := "the reference"
			if o.Wheat != "" {
				on = "wheat " + o.Wheat
			}
			r.Problems = append(r.Problems, "observation "+o.Name+" is "+string(o.Status)+" on "+on+": "+o.Failure().Pos+": "+o.Failure().Message)
		}
	}
}

// labProblemForm reads a problem [Report.problems] writes.
var labProblemForm = regexp.MustCompile(`(?s)^observation (\S+) is (broken|flaky|timeout) on (?:the reference|wheat (\S+)): (\S*): (.*)$`)

// labProblem words a problem of the report in lang: one about a lab's
// own observation (which a student meets after breaking the reference in
// a copy, to see which observations notice) with its failure worded too;
// any other as it is.
func labProblem(lang i18n.Lang, p string) string {
	m := labProblemForm.FindStringSubmatch(p)
	if m == nil {
		return p
	}
	args := i18n.M{"Observation": m[1], "Status": lang.T("outcome."+m[2], nil), "Wheat": m[3], "Pos": m[4], "Message": Failure(lang, m[5])}
	if m[3] != "" {
		return lang.T("text.lab-observation-problem-wheat", args)
	}
	return lang.T("text.lab-observation-problem", args)
}

// AddRefused lists the student's observations refused before they ran,
// each with its reason ("file:line: why"); they count in the score's
// OwnObservations.
func (r *Report) AddRefused(refused map[string]string) {
	names := make([]string, 0, len(refused))
	for name := range refused {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		r.Uncounted = append(r.Uncounted, Uncounted{Observation: name, Status: Refused, Message: refused[name], SharedWith: []Misconception{}})
		r.Score.OwnObservations++
	}
}

// MarkHeldOut tells the report which mutants are held out: no worksheet
// can predict them, so they are neither awaiting a prediction nor counted
// among the predictable. shown says whether a student may see each.
func (r *Report) MarkHeldOut(shown map[string]bool) {
	for i, mu := range r.Mutants {
		s, ok := shown[mu.Name]
		if !ok {
			continue
		}
		r.Mutants[i].Origin, r.Mutants[i].shown = OriginHeldOut, s
		if j := slices.Index(r.Unpredicted, mu.Name); j >= 0 {
			r.Unpredicted = slices.Delete(r.Unpredicted, j, j+1)
			r.Score.Predictable--
		}
	}
}

// An Unviable mutant could not be judged: its catalogue entry, why (Kind
// is mutagen.NotApplied or mutagen.NotCompiled, Reason the full story),
// and whether a student's copy may name it.
type Unviable struct {
	mutation.Mutant
	Kind, Reason string
	Shown        bool
}

// AddUnviable adds mutants that could not be built, in the order given,
// each with its catalogue entry (its replacement, function and idea), as a
// judged mutant is, so that every writer lists it with the rest.
func (r *Report) AddUnviable(origin string, unviable []Unviable) {
	for _, u := range unviable {
		row := killmatrix.MutantRow{Name: u.Name, Outcome: outcome.Unviable, Reason: u.Reason, KilledBy: []killmatrix.Kill{},
			SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]killmatrix.Result{}}
		mu := Mutant{MutantRow: row, Origin: origin, UnviableKind: u.Kind}
		fill(&mu, u.Mutant)
		mu.shown = u.Shown
		r.Mutants = append(r.Mutants, mu)
		r.Summary.Count(outcome.Unviable)
	}
	slices.SortStableFunc(r.Mutants, func(a, b Mutant) int { return originRank(a.Origin) - originRank(b.Origin) })
}

func originRank(o string) int {
	return slices.Index([]string{OriginLab, OriginHeldOut, OriginGenerated}, o)
}

// History notes in each verdict whether its prediction was recorded
// before its mutant's answer was first revealed, as h records.
func (r *Report) History(h *predict.History) {
	for i, v := range r.Verdicts {
		before, known := h.Before(v.Prediction)
		switch {
		case !known:
			r.Verdicts[i].Recorded = ""
		case before:
			r.Verdicts[i].Recorded = "before"
		default:
			r.Verdicts[i].Recorded = "after"
		}
	}
}

// numbered returns a copy of steps, the lab commands o ran, each with the
// script line that ran it: the next line, in order, that names its
// command. A line under a [condition] may not have run, so the steps from
// there on keep no line.
func numbered(o killmatrix.Observation, steps []killmatrix.Step) []killmatrix.Step {
	steps = slices.Clone(steps)
	if o.Script == nil {
		return steps
	}
	next := 0
	for i := range steps {
		for next < len(o.Script.Lines) && o.Script.Lines[next].Cmd != steps[i].Args[0] && len(o.Script.Lines[next].Conds) == 0 {
			next++
		}
		if next == len(o.Script.Lines) || len(o.Script.Lines[next].Conds) > 0 {
			break
		}
		steps[i].Line = o.Script.Lines[next].N
		next++
	}
	return steps
}

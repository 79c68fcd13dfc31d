package htmlreport

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// The values of a grid cell's data-status attribute.
const (
	StatusKilled   = "killed"
	StatusSurvived = "survived"
	StatusTimeout  = "timeout"
	// StatusExcluded marks a cell that does not count: the observation
	// fails on the reference or is flaky, or the mutant was not run.
	StatusExcluded = "excluded"
	// StatusConcealed marks a cell the student's view leaves out until
	// the student predicts the mutant.
	StatusConcealed = "concealed"
)

// The values of a predicted killer's data-predicted attribute: how the
// prediction fared (see report.Verdict.Fared).
const (
	PredictedRight       = report.FaredRight
	PredictedKillerRight = report.FaredKillerRight
	PredictedWrong       = report.FaredWrong
)

// The marks of the grid, for a cell's outcome and for a prediction.
const (
	markKilled, markSurvived, markTimeout, markExcluded, markConcealed = "K", "·", "T", "–", "?"
	markRight, markPartly, markWrong                                   = "✓", "~", "✗"
)

// fared marks a predicted killer's cell by how the prediction fared.
var fared = map[string]string{PredictedRight: markRight, PredictedKillerRight: markPartly, PredictedWrong: markWrong}

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"t": func(l i18n.Lang, id string, args ...any) string { return l.T(id, pairs(args)) },
}).Parse(pageText))

// pairs turns a template's "Key", value, ... into message data.
func pairs(args []any) i18n.M {
	m := i18n.M{}
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok {
			m[k] = args[i+1]
		}
	}
	return m
}

// Write renders r as one HTML document to w, in r's language and view.
// Nothing is written when rendering fails.
func Write(w io.Writer, r *report.Report) error {
	var b bytes.Buffer
	if err := page.Execute(&b, build(r)); err != nil {
		return fmt.Errorf("htmlreport: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// build arranges the report for the template.
func build(r *report.Report) view {
	l := r.Meta.Lang
	v := view{
		L: l, Lang: string(l), Summary: r.SummaryLine(), Score: r.ScoreLine(), Whose: whose(r), Lab: r.Meta.Lab,
		Elapsed: (time.Duration(r.ElapsedMS) * time.Millisecond).String(),
		Schema:  r.Schema, Harness: r.Harness, Inputs: r.Inputs, Student: r.Meta.View != report.Instructor,
		Counts: counts(r), Colspan: len(r.Mutants) + 2, Unpredicted: r.Unpredicted,
	}
	v.Stats = []stat{
		{l.T("outcome.killed", nil), StatusKilled, fmt.Sprint(r.Summary.Killed)},
		{l.T("outcome.survived", nil), StatusSurvived, fmt.Sprint(r.Summary.Survived)},
		{l.T("outcome.timeout", nil), StatusTimeout, fmt.Sprint(r.Summary.Timeout)},
		{l.T("outcome.invalid", nil), StatusExcluded, fmt.Sprint(r.Summary.Invalid)},
		{l.T("html.stat.predictions", nil), "predicted", fmt.Sprintf("%d/%d", r.RightScored(), r.Score.Predictable)},
		{l.T("html.stat.own", nil), "own", fmt.Sprintf("%d/%d", r.Score.OwnKills, r.Score.Mutants)},
	}
	predicted := map[string]report.Verdict{}
	for _, vd := range r.Verdicts {
		predicted[vd.Prediction.Mutant] = vd
	}
	number := map[string]int{}
	for i, mu := range r.Mutants {
		number[mu.Name] = i + 1
		c := newColumn(l, i+1, mu)
		v.Columns = append(v.Columns, c)
		v.Mutants = append(v.Mutants, newMutant(l, c, mu, happy(r)))
	}
	for _, vd := range r.Verdicts {
		v.Verdicts = append(v.Verdicts, newVerdict(r, vd, number[vd.Prediction.Mutant]))
	}
	v.Groups = groups(r, predicted)
	v.Uncounted = uncountedLab(r)
	v.Own = ownUncounted(r, number)
	return v
}

func whose(r *report.Report) string {
	l, m := r.Meta.Lang, r.Meta
	return l.T("text.whose", i18n.M{
		"Student": m.Student, "Commit": m.Commit, "Created": m.Created.UTC().Format("2006-01-02 15:04 UTC"),
		"View": l.T("view."+string(m.View), nil), "Selection": m.Selection,
	})
}

func counts(r *report.Report) string {
	kinds := map[string]int{}
	for _, o := range r.Observations {
		kinds[o.Kind]++
	}
	return r.Meta.Lang.T("text.title", i18n.M{
		"Lab": r.Meta.Lab, "Observations": len(r.Observations), "Happy": kinds[killmatrix.KindHappy], "Edge": kinds[killmatrix.KindEdge],
		"Own": kinds[killmatrix.KindStudent], "Mutants": len(r.Mutants),
	})
}

func happy(r *report.Report) int {
	n := 0
	for _, o := range r.Observations {
		if o.Kind == killmatrix.KindHappy {
			n++
		}
	}
	return n
}

func newColumn(l i18n.Lang, n int, mu report.Mutant) column {
	c := column{N: n, Name: mu.Name, ID: mu.ID(), Outcome: l.T("outcome."+string(mu.Outcome), nil), Class: outcomeClass(mu.Outcome),
		Step: mu.Step, Function: mu.Function, Idea: mu.Idea.In(string(l)), Title2: mu.Title.In(string(l)),
		Killer: mu.Killer, Hint: mu.Hint.In(string(l)), Concealed: mu.Concealed}
	var b strings.Builder
	fmt.Fprintf(&b, "%d. %s: %s", c.N, c.ID, c.Outcome)
	if c.Name != c.ID && !c.Concealed {
		fmt.Fprintf(&b, "\n%s", c.Name)
	}
	if c.Step > 0 {
		fmt.Fprintf(&b, "\n%s", l.T("html.step", i18n.M{"Step": c.Step, "Function": c.Function}))
	}
	if c.Idea != "" {
		fmt.Fprintf(&b, "\n%s", l.T("html.idea", i18n.M{"Idea": c.Idea}))
	}
	if c.Concealed {
		fmt.Fprintf(&b, "\n%s", l.T("text.concealed", nil))
	}
	c.Title = b.String()
	return c
}

func newMutant(l i18n.Lang, c column, mu report.Mutant, happy int) mutant {
	m := mutant{column: c, Reason: report.ReasonIn(l, mu), Killers: kills(l, mu.Killers()), TimedOutOn: mu.TimedOutOn,
		SurvivedHappy: mu.SurvivedHappy, Happy: happy, Diff: diffLines(mu.Diff)}
	m.HappyLine = l.T("text.survived-happy", i18n.M{"N": len(mu.SurvivedHappy), "Of": happy})
	return m
}

func kills(l i18n.Lang, ks []killmatrix.Kill) []kill {
	var out []kill
	for _, k := range ks {
		out = append(out, kill{k.Observation, k.Pos, k.Command, l.T("evidence."+string(k.Evidence), nil)})
	}
	return out
}

// groups are the grid's rows, by kind in report order; a kind the harness
// does not know follows, so no observation is ever left out.
func groups(r *report.Report, predicted map[string]report.Verdict) []group {
	order := slices.Clone(killmatrix.Kinds)
	for _, o := range r.Observations {
		if !slices.Contains(order, o.Kind) {
			order = append(order, o.Kind)
		}
	}
	var gs []group
	for _, kind := range order {
		g := group{Kind: kind, Label: r.Meta.Lang.T("kind."+kind, nil)}
		for _, o := range r.Observations {
			if o.Kind == kind {
				g.Rows = append(g.Rows, newRow(r.Meta.Lang, o, r.Mutants, predicted))
			}
		}
		if len(g.Rows) > 0 {
			gs = append(gs, g)
		}
	}
	return gs
}

func newRow(l i18n.Lang, o killmatrix.ObservationRow, mutants []report.Mutant, predicted map[string]report.Verdict) row {
	rw := row{Name: o.Name, Doc: o.Doc, File: o.File, Reference: string(o.Status), RefLabel: l.T("outcome."+string(o.Status), nil),
		RefTitle: refTitle(l, o)}
	for _, mu := range mutants {
		c := newCell(l, o, mu)
		if vd, ok := predicted[mu.Name]; ok && vd.Judged && vd.Prediction.Killer == o.Name {
			c.Predicted = vd.Fared()
			c.Mark += fared[c.Predicted]
			c.Title = l.T("html.cell.predicted", i18n.M{"Fared": l.T("html.fared."+c.Predicted, nil), "Title": c.Title})
		}
		c.Title = fmt.Sprintf("%s × %s: %s", o.Name, mu.ID(), c.Title)
		rw.Cells = append(rw.Cells, c)
	}
	return rw
}

func newCell(l i18n.Lang, o killmatrix.ObservationRow, mu report.Mutant) cell {
	res := mu.Cells[o.Name]
	c := cell{Observation: o.Name, Mutant: mu.ID()}
	switch {
	case mu.Concealed:
		c.Status, c.Mark, c.Title = StatusConcealed, markConcealed, l.T("text.concealed", nil)
	case !o.Valid():
		c.Status, c.Mark, c.Title = StatusExcluded, markExcluded, l.T("html.cell.not-counted", i18n.M{"Status": l.T("outcome."+string(o.Status), nil)})
	case res.Status == "":
		c.Status, c.Mark, c.Title = StatusExcluded, markExcluded, l.T("html.cell.not-run", nil)
	case res.Status == outcome.Fail:
		c.Status, c.Mark = StatusKilled, markKilled
		c.Title = l.T("html.cell.killed", i18n.M{"Pos": res.Pos, "Line": res.Command, "Message": report.Failure(l, res.Message)})
	case res.Status == outcome.TimedOut:
		c.Status, c.Mark, c.Title = StatusTimeout, markTimeout, l.T("html.cell.timeout", nil)
	default:
		c.Status, c.Mark, c.Title = StatusSurvived, markSurvived, l.T("html.cell.survived", nil)
		c.Happy = o.Kind == killmatrix.KindHappy
	}
	return c
}

func newVerdict(r *report.Report, vd report.Verdict, n int) verdict {
	l := r.Meta.Lang
	p := vd.Prediction
	mu, _ := r.Mutant(p.Mutant)
	out := verdict{
		N: n, Mutant: mu.ID(), Pos: p.Pos, Verdict: PredictedWrong,
		Killer: p.Killer, Evidence: l.T("evidence."+string(p.Evidence), nil), Reason: p.Reason, Survives: p.Survives,
		Outcome: l.T("outcome."+string(vd.Outcome), nil), Killers: kills(l, report.LeadFirst(vd.Killers, mu.Lead)), Judged: vd.Judged,
	}
	if title := mu.Title.In(string(l)); title != "" && !mu.Concealed {
		out.Title = fmt.Sprintf("%s: %s", mu.Name, title)
	}
	switch {
	case !vd.Judged:
		out.Verdict = "not-judged"
	case vd.Right:
		out.Verdict = PredictedRight
	default:
		out.Hint = mu.Hint.In(string(l))
	}
	out.VerdictLabel = l.T("html.verdict."+out.Verdict, nil)
	if vd.Recorded != "" {
		out.Recorded = l.T("lesson.recorded-"+vd.Recorded, nil)
	}
	for _, f := range vd.Problems {
		out.Problems = append(out.Problems, f.Message)
	}
	out.Divergence = newDivergence(l, vd.Divergence)
	return out
}

func newDivergence(l i18n.Lang, d *predict.Divergence) *divergence {
	if d == nil {
		return nil
	}
	out := &divergence{Observation: d.Observation, N: d.Index + 1}
	for _, s := range d.Steps {
		st := divStep{Command: strings.Join(s.Reference.Args, " "), Reference: report.StepOutput(l, s.Reference, false), Mutant: report.StepOutput(l, s.Mutant, s.Missing)}
		st.Differ = !s.Reference.Same(s.Mutant) || s.Missing
		out.Steps = append(out.Steps, st)
	}
	return out
}

// diffLines classes a unified diff's lines for display.
func diffLines(diff string) []diffLine {
	if diff == "" {
		return nil
	}
	var out []diffLine
	for _, line := range strings.Split(strings.TrimRight(diff, "\n"), "\n") {
		class := ""
		switch {
		case strings.HasPrefix(line, "---"), strings.HasPrefix(line, "+++"), strings.HasPrefix(line, "@@"):
			class = "hunk"
		case strings.HasPrefix(line, "-"):
			class = "del"
		case strings.HasPrefix(line, "+"):
			class = "add"
		}
		out = append(out, diffLine{class, line})
	}
	return out
}

// uncountedLab lists the lab's own observations that do not count.
func uncountedLab(r *report.Report) []uncounted {
	var out []uncounted
	for _, o := range r.Observations {
		if o.Kind != killmatrix.KindStudent && !o.Valid() {
			out = append(out, uncounted{Name: o.Name, Status: string(o.Status), Label: r.Meta.Lang.T("outcome."+string(o.Status), nil),
				Pos: o.Failure().Pos, Message: refTitle(r.Meta.Lang, o)})
		}
	}
	return out
}

// ownUncounted lists the student's observations that do not count.
func ownUncounted(r *report.Report, number map[string]int) []own {
	l := r.Meta.Lang
	var out []own
	for _, u := range r.Uncounted {
		u.Message = report.Failure(l, u.Message)
		o := own{Uncounted: u, Label: l.T("outcome."+string(u.Status), nil)}
		for _, s := range u.Printed {
			o.Ran = append(o.Ran, ranStep{Line: s.Line, Command: strings.Join(s.Args, " "), Output: report.StepOutput(l, s, false)})
		}
		for _, s := range u.SharedWith {
			mu, _ := r.Mutant(s.Mutant)
			o.Shared = append(o.Shared, shared{N: number[s.Mutant], Mutant: mu.ID(), Hint: s.Hint.In(string(l))})
		}
		out = append(out, o)
	}
	return out
}

func outcomeClass(o outcome.Mutant) string {
	switch o {
	case outcome.Killed:
		return StatusKilled
	case outcome.Survived:
		return StatusSurvived
	case outcome.Timeout:
		return StatusTimeout
	}
	return StatusExcluded
}

// refTitle says how an observation did on the reference, or, when a wheat
// decided that it does not count, on which wheat and why.
func refTitle(l i18n.Lang, o killmatrix.ObservationRow) string {
	key := "html.reference." + string(o.Status)
	if o.Wheat != "" && o.Status == outcome.Broken {
		key = "html.wheat.broken"
	}
	return l.T(key, i18n.M{"Pos": o.Failure().Pos, "Message": report.Failure(l, o.Failure().Message), "Wheat": o.Wheat})
}

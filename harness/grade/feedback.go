package grade

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// A graded submission, as its feedback tells it.
type graded struct {
	row      Row
	report   *report.Report // the full report; nil when nothing was read
	problems predict.Problems
	lang     i18n.Lang
	// history is the submission's prediction history, nil without one;
	// unbacked says why it backs no prediction ("none", "unread",
	// "tampered"), "" when it is sound.
	history  *predict.History
	unbacked string
}

// feedback is the file a student receives, also where their history
// never hears of it (Gradescope's results, GitHub Classroom's job
// summary): their report in the graded view (report.Graded: a mutant's
// answer only where the history records its prediction first, hidden
// mutants counted but not named), in their worksheet's language, then
// the grade with every reason behind it. Paths are relative to the
// submission.
func (g graded) feedback(opt Options) []byte {
	var b bytes.Buffer
	l := g.lang
	var unpredicted []string
	concealed := 0
	if g.report != nil {
		shown := g.report.Graded()
		shown.Localize(l)
		// The work is handed in: what was not predicted is said once, with
		// the grade, not as advice to predict before running.
		unpredicted, shown.Unpredicted = shown.Unpredicted, nil
		concealed = shown.ConcealedLab()
		shown.Text(&b)
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s\n", l.T("grade.title", i18n.M{"Student": g.row.Student}))
	fmt.Fprintf(&b, "  %s\n", g.sum(opt.Rubric))
	if len(unpredicted) > 0 {
		fmt.Fprintf(&b, "  %s\n", l.T("grade.unpredicted", i18n.M{"Mutants": strings.Join(unpredicted, ", ")}))
	}
	if concealed > 0 {
		fmt.Fprintf(&b, "  %s\n", l.N("grade.concealed", concealed, nil))
	}
	reasons := g.reasons(opt.Rubric)
	if len(reasons) == 0 {
		fmt.Fprintf(&b, "  %s\n", l.T("grade.no-reasons", nil))
	} else {
		fmt.Fprintf(&b, "  %s\n", l.T("grade.reasons", nil))
		for _, r := range reasons {
			fmt.Fprintf(&b, "    - %s\n", r)
		}
	}
	g.heldOut(&b, opt)
	return b.Bytes()
}

// answers is the student's report with every answer shown (the reveal
// view: hidden mutants counted but not named), in their language: what
// the feedback leaves out, for a platform that shows it only once the
// due date has passed.
func (g graded) answers() []byte {
	var b bytes.Buffer
	shown := g.report.For(report.Reveal)
	shown.Localize(g.lang)
	shown.Unpredicted = nil
	shown.Text(&b)
	return b.Bytes()
}

// sum is the grade as the sum of its terms.
func (g graded) sum(rb Rubric) string {
	row, l := g.row, g.lang
	terms := []struct {
		weight float64
		n      int
		id     string
	}{
		{rb.PredictionRight, row.Right - row.RightAfterReveal, "grade.term.right"},
		{rb.PredictionAfterReveal, row.RightAfterReveal, "grade.term.after-reveal"},
		{rb.OwnKill, row.OwnKills, "grade.term.own-kill"},
		{rb.HeldOutKill, row.HeldOutKills, "grade.term.held-out-kill"},
		{rb.Invalid, row.Invalid, "grade.term.invalid"},
		{rb.Timeout, row.Timeouts, "grade.term.timeout"},
		{rb.Flag, len(row.Flags), "grade.term.flag"},
	}
	var sum strings.Builder
	for _, t := range terms {
		if t.weight == 0 || t.n == 0 {
			continue
		}
		w := t.weight
		switch {
		case sum.Len() > 0 && w < 0:
			sum.WriteString(" − ")
			w = -w
		case sum.Len() > 0:
			sum.WriteString(" + ")
		}
		fmt.Fprintf(&sum, "%s × %d %s", num(w), t.n, l.T(t.id, nil))
	}
	if sum.Len() == 0 {
		sum.WriteString("0")
	}
	return l.T("grade.total", i18n.M{"Total": num(row.Total), "Sum": sum.String()})
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// worded are the prefixes of the flags the feedback words from the report
// instead: the worksheet's problems and the observations that count as
// nothing.
var worded = []string{"worksheet: ", "invalid: ", "flaky: ", "not run: ", "history: "}

// isWorded reports whether the feedback words flag f from the report: one
// of worded, or an observation's timeout (not the worker's budget).
func isWorded(f string) bool {
	return slices.ContainsFunc(worded, func(p string) bool { return strings.HasPrefix(f, p) }) ||
		strings.HasPrefix(f, "timeout: ") && strings.Contains(f, " did not finish on the reference within its budget of ")
}

// reasons are every reason behind the grade: each prediction recorded
// after its answer was revealed, the worksheet's problems in the
// student's language, then the flags (refusals, timeouts, budgets).
func (g graded) reasons(rb Rubric) []string {
	out := g.afterReveal(rb)
	for _, p := range g.problems {
		out = append(out, submission.Quote(p.In(g.lang)))
	}
	// The observations that count as nothing, worded in the student's
	// language from the report (the flags word them for the instructor).
	if g.report != nil {
		shown := g.report.Graded()
		shown.Localize(g.lang)
		for _, u := range shown.Uncounted {
			out = append(out, submission.Quote(strings.ReplaceAll(strings.TrimSpace(shown.UncountedText(u)), "\n", " ")))
		}
	}
	for _, f := range g.row.Flags {
		if !isWorded(f) {
			out = append(out, submission.Quote(report.Flag(g.lang, f)))
		}
	}
	return out
}

// heldOut says which held-out mutants the student's observations kill:
// the shown ones by name, the hidden ones as a count.
func (g graded) heldOut(b *bytes.Buffer, opt Options) {
	if opt.HeldOut == nil {
		return
	}
	l := g.lang
	fmt.Fprintf(b, "\n%s\n", l.T("grade.held-out.title", nil))
	hidden, hiddenKilled := 0, 0
	for _, h := range opt.HeldOut.Mutants() {
		if h.Unviable != "" {
			continue
		}
		killed := contains(g.row.KilledHeldOut, h.Name)
		if !h.Shown {
			hidden++
			if killed {
				hiddenKilled++
			}
			continue
		}
		id := "grade.held-out.survives"
		if killed {
			id = "grade.held-out.killed"
		}
		fmt.Fprintf(b, "  %s\n", l.T(id, i18n.M{"Mutant": h.Name, "Idea": h.Idea.In(string(l))}))
	}
	if hidden > 0 {
		fmt.Fprintf(b, "  %s\n", l.N("grade.held-out.hidden", hidden, i18n.M{"Killed": hiddenKilled}))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// afterReveal says of each judged prediction the history does not show
// came before its answer what the rubric made of it, and why: recorded
// after its answer was revealed (when, and how), or not backed by the
// history (why).
func (g graded) afterReveal(rb Rubric) []string {
	if g.report == nil {
		return nil
	}
	l := g.lang
	var out []string
	for _, v := range g.report.Verdicts {
		if !v.Judged || v.Recorded == "before" {
			continue
		}
		mu, _ := g.report.Mutant(v.Prediction.Mutant)
		args := i18n.M{"Mutant": mu.ID(), "Pos": v.Prediction.Pos, "Right": v.Right, "Late": num(rb.PredictionAfterReveal), "OnTime": num(rb.PredictionRight)}
		var m *predict.MutantHistory
		if g.history != nil {
			m = g.history.Mutants[v.Prediction.Mutant]
		}
		if v.Recorded == "" {
			args["Why"] = l.T(unbackedWhy[g.unbacked], nil)
			out = append(out, l.T("grade.unbacked", args))
			continue
		}
		args["When"], args["By"] = "", ""
		if m != nil && m.Revealed != nil {
			args["When"], args["By"] = m.Revealed.UTC().Format("2006-01-02 15:04 UTC"), l.T("grade.after-reveal.by."+m.By, nil)
		}
		out = append(out, l.T("grade.after-reveal", args))
	}
	return out
}

// unbackedWhy words why a history backs no prediction, by the grader's
// reason ("" when the history is sound but never saw the prediction).
var unbackedWhy = map[string]string{
	"":         "grade.unbacked.unseen",
	"none":     "grade.unbacked.none",
	"unread":   "grade.unbacked.unread",
	"tampered": "grade.unbacked.tampered",
}

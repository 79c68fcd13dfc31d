package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/textwidth"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

// Text writes the report for a person, in its language: for a lab run the
// grid of observations against mutants with predicted killers marked
// right or wrong, each mutant's first kill, every prediction's lesson, the
// student's observations that do not count, and the summary lines; for a
// generated run the survivors with their diffs and the score.
func (r *Report) Text(w io.Writer) error {
	var b strings.Builder
	if r.Meta.Kind == KindGenerated {
		r.generatedText(&b)
	} else {
		r.labText(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Report) labText(b *strings.Builder) {
	l := r.Meta.Lang
	r.header(b)
	r.grid(b)
	r.mutantTable(b)
	if len(r.Verdicts) > 0 {
		fmt.Fprintf(b, "\n%s\n\n", l.T("text.predictions", nil))
		for _, v := range r.Verdicts {
			b.WriteString(r.Lesson(v))
			b.WriteString("\n")
		}
	}
	if len(r.WorksheetProblems) > 0 {
		fmt.Fprintf(b, "\n%s", r.WorksheetProblemsText())
	}
	if len(r.Unpredicted) > 0 {
		// Only the student's view keeps an answer until it is predicted;
		// -reveal and the instructor's have shown them all.
		id := "text.unpredicted"
		if r.Meta.View != Student {
			id = "text.unpredicted-shown"
		}
		fmt.Fprintf(b, "\n%s\n", l.T(id, i18n.M{"Mutants": strings.Join(r.Unpredicted, ", ")}))
	}
	r.uncounted(b)
	r.problemsText(b)
	r.closing(b)
}

// header names the run: how many observations against how many mutants,
// and whose report it is, from which commit, when, in which view.
func (r *Report) header(b *strings.Builder) {
	l := r.Meta.Lang
	kinds := map[string]int{}
	for _, o := range r.Observations {
		kinds[o.Kind]++
	}
	fmt.Fprintf(b, "%s\n", l.T("text.title", i18n.M{
		"Lab": r.Meta.Lab, "Observations": len(r.Observations), "Happy": kinds[killmatrix.KindHappy], "Edge": kinds[killmatrix.KindEdge],
		"Own": kinds[killmatrix.KindStudent], "Mutants": len(r.Mutants),
	}))
	fmt.Fprintf(b, "%s\n", r.whose())
	if choice := r.LangChoice(); choice != "" {
		fmt.Fprintf(b, "%s\n", choice)
	}
	b.WriteString("\n")
}

// LangChoice says, while nothing is predicted, what chose the report's
// language and how to choose the other, in that language: the first
// thing a student runs says it. It is "" once the predictions choose.
func (r *Report) LangChoice() string {
	switch r.Meta.LangFrom {
	case LangFromWorksheet, LangFromEnv, LangFromDefault:
		return r.Meta.Lang.T("text.lang-choice."+r.Meta.LangFrom, r.sheets())
	}
	return ""
}

// whose is the line that says whose report it is, when and from where.
func (r *Report) whose() string {
	l, m := r.Meta.Lang, r.Meta
	return l.T("text.whose", i18n.M{
		"Student": m.Student, "EndsInS": strings.HasSuffix(strings.ToLower(m.Student), "s"), "Commit": m.Commit, "Created": m.Created.UTC().Format("2006-01-02 15:04 UTC"),
		"View": l.T("view."+string(m.View), nil), "Selection": m.Selection,
	})
}

// The grid's marks.
const (
	markKilled    = "K"
	markSurvived  = "."
	markTimedOut  = "T"
	markNotRun    = "-"
	markConcealed = "?"
	markRight     = "✓"
	markPartly    = "~"
	markWrong     = "✗"
)

// fared marks a predicted killer's cell by how the prediction fared.
var fared = map[string]string{FaredRight: markRight, FaredKillerRight: markPartly, FaredWrong: markWrong}

func (r *Report) grid(b *strings.Builder) {
	l := r.Meta.Lang
	predicted := map[string]Verdict{}
	for _, v := range r.Verdicts {
		predicted[v.Prediction.Mutant] = v
	}
	tw := textwidth.NewWriter(b, 2)
	fmt.Fprintf(tw, "%s\t%s", l.T("text.observation", nil), l.T("text.reference", nil))
	for i := range r.Mutants {
		fmt.Fprintf(tw, "\t%d", i+1)
	}
	fmt.Fprintln(tw)
	for _, o := range r.Observations {
		fmt.Fprintf(tw, "%s\t%s", o.Name, l.T("outcome."+string(o.Status), nil))
		for _, mu := range r.Mutants {
			fmt.Fprintf(tw, "\t%s", cellMark(mu, o, predicted))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(b, "\n%s\n\n", l.T("text.legend", i18n.M{
		"Killed": markKilled, "Survived": markSurvived, "Timeout": markTimedOut, "NotRun": markNotRun,
		"Concealed": markConcealed, "Right": markRight, "Partly": markPartly, "Wrong": markWrong,
	}))
}

// cellMark is one cell of the grid, with the prediction's mark on the
// cell of the predicted killer.
func cellMark(mu Mutant, o killmatrix.ObservationRow, predicted map[string]Verdict) string {
	if mu.Concealed {
		return markConcealed
	}
	mark := markSurvived
	switch res := mu.Cells[o.Name]; {
	case !o.Valid() || res.Status == "":
		mark = markNotRun
	case res.Status == outcome.Fail:
		mark = markKilled
	case res.Status == outcome.TimedOut:
		mark = markTimedOut
	}
	if v, ok := predicted[mu.Name]; ok && v.Judged && v.Prediction.Killer == o.Name {
		return mark + fared[v.Fared()]
	}
	return mark
}

// mutantTable lists each mutant with its outcome and its lead kill.
func (r *Report) mutantTable(b *strings.Builder) {
	l := r.Meta.Lang
	happy := 0
	for _, o := range r.Observations {
		if o.Kind == killmatrix.KindHappy {
			happy++
		}
	}
	tw := textwidth.NewWriter(b, 2)
	fmt.Fprintln(tw, l.T("text.mutant-header", nil))
	for i, mu := range r.Mutants {
		first, evidence := mu.Reason, ""
		switch {
		case mu.Concealed:
			first = l.T("text.concealed", nil)
		case len(mu.KilledBy) > 0:
			k := mu.Killers()[0]
			first, evidence = fmt.Sprintf("%s  %s", k.Pos, k.Command), l.T("evidence."+string(k.Evidence), nil)
		}
		// The killer's place, of any length, comes last, where the lines
		// under the row go too: a column after it would lose its
		// alignment at each of them.
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, mu.ID(), l.T("outcome."+string(mu.Outcome), nil), evidence, first)
		r.mutantDetails(tw, mu, happy)
	}
	tw.Flush()
}

func (r *Report) mutantDetails(tw *textwidth.Writer, mu Mutant, happy int) {
	l := r.Meta.Lang
	if mu.Concealed || mu.Outcome == outcome.Unviable {
		return
	}
	if n := len(mu.KilledBy); n > 1 {
		fmt.Fprintf(tw, "\t\t\t\t%s\n", l.T("text.killers", i18n.M{"N": n, "Names": kills(mu.Killers())}))
	}
	if len(mu.TimedOutOn) > 0 {
		fmt.Fprintf(tw, "\t\t\t\t%s\n", l.T("text.timed-out-on", i18n.M{"Names": strings.Join(mu.TimedOutOn, ", ")}))
	}
	switch {
	case happy == 0:
		fmt.Fprintf(tw, "\t\t\t\t%s\n", l.T("text.no-happy", nil))
	case mu.Stopped:
		fmt.Fprintf(tw, "\t\t\t\t%s\n", l.T("text.stopped", nil))
	default:
		fmt.Fprintf(tw, "\t\t\t\t%s\n", l.T("text.survived-happy", i18n.M{"N": len(mu.SurvivedHappy), "Of": happy}))
	}
	if mu.Outcome == outcome.Survived && unreached(mu) {
		fmt.Fprintf(tw, "\t\t\t\t%s\n", l.T("text.not-reached", nil))
	}
	if mu.Outcome == outcome.Survived && mu.Diff != "" {
		if hint := mu.Hint.In(string(l)); hint != "" {
			fmt.Fprintf(tw, "\t\t\t\t%s %s\n", l.T("lesson.label.hint", nil), hint)
		}
	}
	if mu.Search != nil {
		var sb strings.Builder
		searched(&sb, l, mu.Search)
		for _, line := range strings.Split(strings.TrimRight(sb.String(), "\n"), "\n") {
			fmt.Fprintf(tw, "\t\t\t\t%s\n", line)
		}
	}
}

// unreached reports whether no observation could reach mu's change: it
// has cells, and the matrix took every one from the reference.
func unreached(mu Mutant) bool {
	for _, c := range mu.Cells {
		if !c.NotReached {
			return false
		}
	}
	return len(mu.Cells) > 0
}

func kills(ks []killmatrix.Kill) string {
	var s []string
	for _, k := range ks {
		s = append(s, k.Observation)
	}
	return strings.Join(s, ", ")
}

// uncounted lists the student's observations that count as no evidence.
// UncountedText says, in the report's language, why the student's
// observation u counts as no evidence: refused, broken, flaky or timed
// out, where, and the message.
func (r *Report) UncountedText(u Uncounted) string {
	msg := Failure(r.Meta.Lang, u.Message)
	if u.Status == Refused {
		msg = Refusal(r.Meta.Lang, u.Message)
	}
	key := "text.uncounted." + string(u.Status)
	if u.Wheat != "" && u.Status == outcome.Broken {
		key = "text.uncounted.broken-wheat"
	}
	return r.Meta.Lang.T(key, i18n.M{"Observation": u.Observation, "Pos": u.Pos, "Message": msg, "Wheat": u.Wheat})
}

func (r *Report) uncounted(b *strings.Builder) {
	l := r.Meta.Lang
	for _, u := range r.Uncounted {
		fmt.Fprintf(b, "\n%s\n", r.UncountedText(u))
		b.WriteString(PrintedText(l, u.Printed, "  "))
		for _, s := range u.SharedWith {
			id := s.Mutant
			if mu, ok := r.Mutant(s.Mutant); ok {
				id = mu.ID()
			}
			fmt.Fprintf(b, "  %s\n", l.T("text.shared", i18n.M{"Mutant": id, "Hint": s.Hint.In(string(l))}))
		}
		if u.SharedConcealed > 0 {
			fmt.Fprintf(b, "  %s\n", l.N("text.shared-concealed", u.SharedConcealed, nil))
		}
	}
}

func (r *Report) problemsText(b *strings.Builder) {
	l := r.Meta.Lang
	for _, p := range r.Problems {
		fmt.Fprintf(b, "\n%s %s\n", l.T("text.problem", nil), labProblem(l, p))
	}
	for _, mu := range r.Mutants {
		if mu.Outcome == outcome.Unviable {
			fmt.Fprintf(b, "\n%s\n", l.T("text.unviable", i18n.M{"Mutant": mu.ID(), "Reason": mu.Reason}))
		}
	}
	if r.Hidden.Mutants > 0 {
		fmt.Fprintf(b, "\n%s\n", l.N("text.hidden", r.Hidden.Mutants, i18n.M{"Killed": r.Hidden.Killed}))
	}
}

// closing is the summary and score lines.
func (r *Report) closing(b *strings.Builder) {
	fmt.Fprintf(b, "\n%s (%v)\n%s\n", r.SummaryLine(), time.Duration(r.ElapsedMS)*time.Millisecond, r.ScoreLine())
}

// SummaryLine counts the mutants by outcome, in r's language.
func (r *Report) SummaryLine() string {
	l, s := r.Meta.Lang, r.Summary
	line := l.N("summary.mutants", s.Mutants, i18n.M{"Killed": s.Killed, "Survived": s.Survived, "Timeout": s.Timeout, "Invalid": s.Invalid})
	if s.Unviable+s.Equivalent > 0 {
		line += l.T("summary.unviable-equivalent", i18n.M{"Unviable": s.Unviable, "Equivalent": s.Equivalent})
	}
	for _, c := range []struct {
		n  int
		id string
	}{{s.Broken, "summary.broken"}, {s.Flaky, "summary.flaky"}, {s.TimedOut, "summary.timed-out"}} {
		if c.n > 0 {
			line += l.N(c.id, c.n, nil)
		}
	}
	return line
}

// RightScored counts the right predictions that score: Score.Right but
// those recorded after their answers were shown (Verdict.Recorded
// "after"), which grading counts for nothing.
func (r *Report) RightScored() int {
	n := r.Score.Right
	for _, v := range r.Verdicts {
		if v.Judged && v.Right && v.Recorded == "after" {
			n--
		}
	}
	return n
}

// ScoreLine is the student's score, in r's language.
func (r *Report) ScoreLine() string {
	l, s := r.Meta.Lang, r.Score
	// A right prediction recorded after its answer was shown scores
	// nothing: it is told apart, not counted among the right ones.
	after := s.Right - r.RightScored()
	line := l.T("score.line", i18n.M{
		"Right": r.RightScored(), "Predictable": s.Predictable, "Predicted": s.Predicted, "OwnKills": s.OwnKills,
		"Mutants": s.Mutants, "Written": s.OwnObservations, "Valid": s.OwnValid,
	})
	if after > 0 {
		line += l.N("score.right-after", after, nil)
	}
	if s.NotJudged > 0 {
		line += l.T("score.not-judged", i18n.M{"N": s.NotJudged})
	}
	if s.Concealed > 0 && s.OwnValid > 0 {
		line += l.T("score.concealed", i18n.M{"N": s.Concealed})
	}
	return line
}

// WorksheetProblemsText lists the prediction blocks that do not read, in
// r's language, under a header that says the others were judged; "" when
// there are none.
func (r *Report) WorksheetProblemsText() string {
	if len(r.WorksheetProblems) == 0 {
		return ""
	}
	l := r.Meta.Lang
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", l.T("parse.header", nil))
	// In file order, as read, and in line order within a file.
	problems, rank := slices.Clone(r.WorksheetProblems), map[string]int{}
	for _, p := range problems {
		if _, ok := rank[p.File]; !ok {
			rank[p.File] = len(rank)
		}
	}
	slices.SortStableFunc(problems, func(a, b predict.Problem) int {
		return cmp.Or(rank[a.File]-rank[b.File], a.Line-b.Line)
	})
	for _, p := range problems {
		fmt.Fprintf(&b, "  %s\n", p.In(l))
	}
	return b.String()
}

// maxPrinted is how many of a broken observation's last commands the text
// view shows; the JSON and HTML views show them all.
const maxPrinted = 12

// PrintedText shows, in l, what a student's observation printed on the
// reference (Uncounted.Printed): each lab command it ran, at its line,
// and its output, the last maxPrinted of them, each line indented by
// indent; "" when it ran none.
func PrintedText(l i18n.Lang, steps []killmatrix.Step, indent string) string {
	if len(steps) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s\n", indent, l.T("text.printed", nil))
	if n := len(steps) - maxPrinted; n > 0 {
		fmt.Fprintf(&b, "%s  %s\n", indent, l.N("text.printed-earlier", n, nil))
		steps = steps[n:]
	}
	for _, s := range steps {
		at := ""
		if s.Line > 0 {
			at = fmt.Sprintf("%d: ", s.Line)
		}
		fmt.Fprintf(&b, "%s  %s%s\n%s    → %s\n", indent, at, strings.Join(s.Args, " "), indent, stepOutput(l, s, false))
	}
	return b.String()
}

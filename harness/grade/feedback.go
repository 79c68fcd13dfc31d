package grade

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"idemlab/harness/internal/i18n"
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
}

// feedback is the file a student receives: their report as they may
// see it once grading is done (every answer revealed, hidden mutants
// counted but not named), in their worksheet's language, then the grade
// with every reason behind it. Paths are relative to the submission.
func (g graded) feedback(opt Options) []byte {
	var b bytes.Buffer
	l := g.lang
	if g.report != nil {
		shown := g.report.For(report.Reveal)
		shown.Localize(l)
		shown.Text(&b)
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s\n", l.T("grade.title", i18n.M{"Student": g.row.Student}))
	fmt.Fprintf(&b, "  %s\n", g.sum(opt.Rubric))
	reasons := g.reasons()
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

// sum is the grade as the sum of its terms.
func (g graded) sum(rb Rubric) string {
	row, l := g.row, g.lang
	terms := []struct {
		weight float64
		n      int
		id     string
	}{
		{rb.PredictionRight, row.Right, "grade.term.right"},
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

// reasons are every reason behind the grade: the worksheet's problems in
// the student's language, then the flags (refusals, timeouts, budgets).
func (g graded) reasons() []string {
	var out []string
	for _, p := range g.problems {
		out = append(out, submission.Quote(p.In(g.lang)))
	}
	for _, f := range g.row.Flags {
		if !strings.HasPrefix(f, "worksheet: ") {
			out = append(out, submission.Quote(f))
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

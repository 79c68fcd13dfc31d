package report

import "slices"

// Graded returns a copy of r as hosted feedback shows a graded student
// (Gradescope's results, GitHub Classroom's job summary), which the
// student's prediction history never hears of: the student's view, in
// which a mutant's answer is shown only where the verdict's prediction
// was recorded before the answer was first revealed (Recorded "before",
// as History set it). Every other verdict is left out and its mutant
// concealed: a student who read an answer there could predict it
// afterwards with no trace in the history, and it would count as first.
// The score counts the verdicts kept.
func (r *Report) Graded() *Report {
	kept := *r
	kept.Verdicts = slices.DeleteFunc(slices.Clone(r.Verdicts), func(v Verdict) bool { return v.Recorded != "before" })
	out := kept.For(Student)
	out.Score.Predicted, out.Score.Right, out.Score.NotJudged = len(out.Verdicts), 0, 0
	for _, v := range out.Verdicts {
		switch {
		case !v.Judged:
			out.Score.NotJudged++
		case v.Right:
			out.Score.Right++
		}
	}
	return out
}

// ConcealedLab counts the lab mutants r conceals: those whose answers
// its view does not show.
func (r *Report) ConcealedLab() int {
	n := 0
	for _, mu := range r.Mutants {
		if mu.Concealed && mu.Origin == OriginLab {
			n++
		}
	}
	return n
}

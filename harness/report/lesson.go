package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/textwidth"
	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
)

// Lesson is a verdict told to the student, in r's language: what was
// predicted, what happened, why any part was wrong, where the reference
// and the mutant part ways, and, when wrong, the mutant's hint.
func (r *Report) Lesson(v Verdict) string {
	l := r.Meta.Lang
	var b strings.Builder
	p := v.Prediction
	mu, _ := r.Mutant(p.Mutant)
	verdict := "lesson.right"
	switch {
	case !v.Judged:
		verdict = "lesson.not-judged"
	case !v.Right:
		verdict = "lesson.wrong"
	}
	fmt.Fprintf(&b, "%s\n", l.T(verdict, i18n.M{"Mutant": r.mutantTitle(mu, p.Mutant), "Pos": p.Pos}))
	if v.Recorded != "" {
		fmt.Fprintf(&b, "  %s\n", l.T("lesson.recorded-"+v.Recorded, nil))
	}
	r.lessonPredicted(&b, p)
	if v.Judged {
		r.lessonActual(&b, v, mu.Lead)
	}
	for _, f := range v.Problems {
		fmt.Fprintf(&b, "  %s %s\n", label(l, "lesson.label.wrong"), r.finding(f, mu))
	}
	if d := v.Divergence; d != nil {
		b.WriteString(r.divergenceText(d, "  "))
	}
	if hint := mu.Hint.In(string(l)); v.Judged && !v.Right && hint != "" {
		fmt.Fprintf(&b, "  %s %s\n", label(l, "lesson.label.hint"), hint)
	}
	return b.String()
}

// mutantTitle names a mutant for a lesson: its ID, and what it does once
// the student may know.
func (r *Report) mutantTitle(mu Mutant, name string) string {
	if mu.Name == "" {
		return name
	}
	title := mu.Title.In(string(r.Meta.Lang))
	switch {
	case mu.Concealed || title == "":
		return mu.ID()
	case mu.Label != "":
		return fmt.Sprintf("%s (%s: %s)", mu.Label, mu.Name, title)
	}
	return fmt.Sprintf("%s (%s)", mu.Name, title)
}

// label pads a lesson's label so the values line up.
func label(l i18n.Lang, id string) string {
	s := l.T(id, nil)
	// Columns on a terminal: a Chinese character takes two, so the
	// labels are padded by display width, not by runes.
	const width = 10
	if pad := width - textwidth.Width(s); pad > 0 {
		s += strings.Repeat(" ", pad)
	}
	return s
}

func (r *Report) lessonPredicted(b *strings.Builder, p predict.Prediction) {
	l := r.Meta.Lang
	line := l.T("lesson.predicted", i18n.M{"Killer": p.Killer, "Evidence": l.T("evidence."+string(p.Evidence), nil)})
	if len(p.Survives) > 0 {
		line += l.T("lesson.predicted-survives", i18n.M{"Survives": strings.Join(p.Survives, ", ")})
	}
	fmt.Fprintf(b, "  %s %s\n", label(l, "lesson.label.predicted"), line)
}

// lessonActual lists the mutant's killers, lead first.
func (r *Report) lessonActual(b *strings.Builder, v Verdict, lead string) {
	l := r.Meta.Lang
	if len(v.Killers) == 0 {
		fmt.Fprintf(b, "  %s %s\n", label(l, "lesson.label.actual"), l.T("lesson.no-killer", i18n.M{"Outcome": l.T("outcome."+string(v.Outcome), nil)}))
	}
	for i, k := range LeadFirst(v.Killers, lead) {
		lbl := label(l, "lesson.label.actual")
		if i > 0 {
			lbl = strings.Repeat(" ", len([]rune(lbl)))
		}
		fmt.Fprintf(b, "  %s %s\n", lbl, l.T("lesson.kill", killData(l, k)))
	}
}

func killData(l i18n.Lang, k killmatrix.Kill) i18n.M {
	return i18n.M{"Observation": k.Observation, "Pos": k.Pos, "Line": k.Command, "Evidence": l.T("evidence."+string(k.Evidence), nil)}
}

// finding words one finding, with what it needs from the mutant (its
// idea) and from the lab (the commands that read state).
func (r *Report) finding(f predict.Finding, mu Mutant) string {
	l := r.Meta.Lang
	data := maps.Clone(f.Data)
	if data == nil {
		data = i18n.M{}
	}
	data["Idea"] = mu.Idea.In(string(l))
	data["StateCommands"] = strings.Join(r.StateCommands, ", ")
	for _, k := range []string{"Got", "Want"} {
		if e, ok := data[k].(string); ok {
			data[k+"Means"] = l.T("evidence.explain."+e, data)
			data[k] = l.T("evidence."+e, nil)
		}
	}
	return l.T("verdict."+f.Code, data)
}

// divergenceText shows where the reference and the mutant part ways: each
// command from the first that differs, with what each side printed.
func (r *Report) divergenceText(d *predict.Divergence, indent string) string {
	l := r.Meta.Lang
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s\n", indent, l.T("lesson.divergence", i18n.M{"Observation": d.Observation, "N": d.Index + 1}))
	for _, s := range d.Steps {
		fmt.Fprintf(&b, "%s  %s\n", indent, strings.Join(s.Reference.Args, " "))
		fmt.Fprintf(&b, "%s    %s %s\n", indent, label(l, "lesson.label.reference"), stepOutput(l, s.Reference, false))
		fmt.Fprintf(&b, "%s    %s %s\n", indent, label(l, "lesson.label.mutant"), stepOutput(l, s.Mutant, s.Missing))
	}
	return b.String()
}

// StepOutput is what one command printed, or its error's first line, or
// why it shows nothing (it printed nothing, it was never reached), in
// lang; the text view joins an output's lines with " ⏎ ", the HTML view
// keeps them.
func StepOutput(l i18n.Lang, s killmatrix.Step, missing bool) string {
	switch {
	case missing && s.Err != "":
		return l.T("lesson.stopped", i18n.M{"Message": stepError(l, s.Err)})
	case missing:
		return l.T("lesson.not-reached", nil)
	case s.Err != "":
		return l.T("lesson.failed", i18n.M{"Message": stepError(l, firstLine(s.Err))})
	case strings.TrimSpace(s.Stdout) == "":
		return l.T("lesson.printed-nothing", nil)
	}
	return strings.TrimRight(s.Stdout, "\n")
}

func stepOutput(l i18n.Lang, s killmatrix.Step, missing bool) string {
	return strings.ReplaceAll(StepOutput(l, s, missing), "\n", " ⏎ ")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// NothingPredicted says, in r's language, that no prediction is recorded
// yet and how to start: what TestPredictions skips with.
func (r *Report) NothingPredicted() string {
	return r.Meta.Lang.T("lesson.none-yet", r.sheets())
}

// sheets names the lab's worksheets and its quick loop for a message:
// where to predict and what to run. Worksheet is the first in the
// report's language (else the lab's first) and Others the rest, so a
// student is pointed at the worksheet in their own language first;
// Started the first in the report's language and Other the first in
// another; QuickLoop the command that judges predictions.
func (r *Report) sheets() i18n.M {
	data := i18n.M{"Worksheet": "", "Others": "", "Started": "", "Other": "", "QuickLoop": r.QuickLoop}
	if len(r.Worksheets) > 0 {
		i := max(0, slices.IndexFunc(r.Worksheets, func(w string) bool { return predict.LangOf(w) == r.Meta.Lang }))
		data["Worksheet"] = r.Worksheets[i]
		data["Others"] = strings.Join(slices.Delete(slices.Clone(r.Worksheets), i, i+1), ", ")
	}
	for _, w := range r.Worksheets {
		key := "Other"
		if predict.LangOf(w) == r.Meta.Lang {
			key = "Started"
		}
		if data[key] == "" {
			data[key] = w
		}
	}
	return data
}

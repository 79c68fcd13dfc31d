package report

import (
	"slices"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
)

// A View is what a report shows, and to whom.
type View string

// The views.
const (
	// Student is the default: predict first. A mutant's killers, the
	// evidence and the divergence are shown only once the student has
	// recorded a prediction for it; before that the report says whether
	// it was killed, under its neutral ID, and that predicting reveals
	// how. Mutants hidden from students are counted, not named.
	Student View = "student"
	// Reveal shows the student everything, and records for which mutants
	// it showed an answer before any prediction existed.
	Reveal View = "reveal"
	// Instructor shows everything, hidden mutants and intended killers
	// included: for instructors, grading and CI.
	Instructor View = "instructor"
)

// ParseView reads a view's name.
func ParseView(s string) (View, bool) {
	v := View(s)
	return v, v == Student || v == Reveal || v == Instructor
}

// For returns a copy of r as view v shows it. In the student's and the
// reveal view, mutants a student may not see are only counted. In the
// student's view intended killers are left out, a hint appears only after
// a wrong prediction, and a mutant not predicted is concealed (see
// Mutant), named by its ID.
func (r *Report) For(v View) *Report {
	out := *r
	out.Meta.View = v
	if v == Instructor {
		return &out
	}
	out.redactHidden()
	predicted, wrong := map[string]bool{}, map[string]bool{}
	for _, vd := range out.Verdicts {
		predicted[vd.Prediction.Mutant] = true
		wrong[vd.Prediction.Mutant] = vd.Judged && !vd.Right
	}
	out.Mutants = slices.Clone(out.Mutants)
	out.Meta.Revealed = nil
	for i, mu := range out.Mutants {
		if mu.Outcome == outcome.Unviable && mu.UnviableKind != "" {
			// The full reason names the catalogue's file and old text.
			mu.Reason = r.Meta.Lang.T("unviable."+mu.UnviableKind, nil)
		}
		if v == Student {
			mu.Killer = ""
			if !wrong[mu.Name] {
				mu.Hint = nil
			}
		}
		switch {
		case predicted[mu.Name] || mu.Origin != OriginLab:
		case v == Reveal:
			out.Meta.Revealed = append(out.Meta.Revealed, mu.Name)
		default:
			mu = conceal(mu)
		}
		out.Mutants[i] = mu
	}
	out.Uncounted = r.unshared(out.Uncounted, predicted, v)
	out.Observations = out.docsShown()
	if v == Student {
		out.Unpredicted = r.ids(out.Unpredicted)
		if out.Predictions != nil {
			sheet := *out.Predictions
			sheet.Unfilled = r.ids(sheet.Unfilled)
			out.Predictions = &sheet
		}
		out.Score.OwnKills, out.Score.Concealed = out.ownKills(r)
	}
	return &out
}

// docsShown returns out's observations, each lab observation without its
// opening comment while a mutant is concealed: a comment says what the
// observation observes, and beside the matrix's columns it would say which
// mutant it catches before the student has predicted it. The student's own
// observations keep theirs; the lab's are shown once every mutant is.
func (out *Report) docsShown() []killmatrix.ObservationRow {
	if !slices.ContainsFunc(out.Mutants, func(mu Mutant) bool { return mu.Concealed }) {
		return out.Observations
	}
	obs := slices.Clone(out.Observations)
	for i := range obs {
		if obs[i].Kind != killmatrix.KindStudent {
			obs[i].Doc = ""
		}
	}
	return obs
}

// ids names each mutant of names by its ID, as a student's view does
// before the mutant is predicted.
func (r *Report) ids(names []string) []string {
	out := slices.Clone(names)
	for i, name := range out {
		if mu, ok := r.Mutant(name); ok {
			out[i] = mu.ID()
		}
	}
	return out
}

// ownKills counts, in the view out of r, the mutants not concealed that
// one of the student's valid observations kills, and the mutants
// concealed, whose kills are counted once they are predicted.
func (out *Report) ownKills(r *Report) (kills, concealed int) {
	valid := map[string]bool{}
	for _, o := range r.Observations {
		if o.Kind == killmatrix.KindStudent && o.Valid() {
			valid[o.Name] = true
		}
	}
	for _, mu := range out.Mutants {
		if mu.Concealed {
			concealed++
			continue
		}
		full, _ := r.Mutant(mu.Name)
		if slices.ContainsFunc(full.KilledBy, func(k killmatrix.Kill) bool { return valid[k.Observation] }) {
			kills++
		}
	}
	return kills, concealed
}

// conceal leaves out of mu everything that says how it dies, and what it
// does: only its ID, step, function, idea and outcome stay.
func conceal(mu Mutant) Mutant {
	c := Mutant{Origin: mu.Origin, Label: mu.Label, Step: mu.Step, Function: mu.Function, Idea: mu.Idea, Concealed: true, shown: mu.shown}
	c.MutantRow = killmatrix.MutantRow{Name: mu.ID(), Outcome: mu.Outcome, KilledBy: []killmatrix.Kill{},
		SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]killmatrix.Result{}}
	if mu.Outcome == outcome.Invalid || mu.Outcome == outcome.Unviable {
		c.Reason = mu.Reason
	}
	return c
}

// unshared keeps, of each broken observation's misconceptions in
// uncounted, those of mutants the student may see how they die. r is the
// full report, whose mutants are still named.
func (r *Report) unshared(uncounted []Uncounted, predicted map[string]bool, v View) []Uncounted {
	out := slices.Clone(uncounted)
	for i, u := range out {
		all := len(u.SharedWith)
		u.SharedWith = slices.DeleteFunc(slices.Clone(u.SharedWith), func(m Misconception) bool {
			return v == Student && !predicted[m.Mutant] && r.isLab(m.Mutant)
		})
		u.SharedConcealed = all - len(u.SharedWith)
		out[i] = u
	}
	return out
}

func (r *Report) isLab(name string) bool {
	mu, ok := r.Mutant(name)
	return ok && mu.Origin == OriginLab
}

// redactHidden removes the mutants a student may not see everywhere they
// would be named, counting them in Hidden.
func (r *Report) redactHidden() {
	hidden := map[string]bool{}
	var kept []Mutant
	for _, mu := range r.Mutants {
		if mu.shown {
			kept = append(kept, mu)
			continue
		}
		hidden[mu.Name] = true
		if mu.Outcome != outcome.Unviable {
			r.Hidden.Mutants++
			if mu.Outcome == outcome.Killed {
				r.Hidden.Killed++
			}
		}
	}
	r.Mutants = kept
	r.Verdicts = slices.DeleteFunc(slices.Clone(r.Verdicts), func(v Verdict) bool { return hidden[v.Prediction.Mutant] })
	r.Unpredicted = slices.DeleteFunc(slices.Clone(r.Unpredicted), func(m string) bool { return hidden[m] })
	r.Uncounted = slices.Clone(r.Uncounted)
	for i, u := range r.Uncounted {
		u.SharedWith = slices.DeleteFunc(slices.Clone(u.SharedWith), func(m Misconception) bool { return hidden[m.Mutant] })
		r.Uncounted[i] = u
	}
}

// Localize words r's findings in lang and makes it r's language.
func (r *Report) Localize(lang i18n.Lang) {
	r.Meta.Lang = lang
	r.localizeDocs(lang)
	r.Verdicts = slices.Clone(r.Verdicts)
	for i, v := range r.Verdicts {
		mu, _ := r.Mutant(v.Prediction.Mutant)
		v.Problems = slices.Clone(v.Problems)
		for j, f := range v.Problems {
			v.Problems[j].Message = r.finding(f, mu)
		}
		r.Verdicts[i] = v
	}
	if r.Meta.View != Instructor {
		r.Mutants = slices.Clone(r.Mutants)
		for i, mu := range r.Mutants {
			if mu.Outcome == outcome.Unviable && mu.UnviableKind != "" {
				r.Mutants[i].Reason = lang.T("unviable."+mu.UnviableKind, nil)
			}
		}
	}
	r.WorksheetProblems = slices.Clone(r.WorksheetProblems)
	for i, p := range r.WorksheetProblems {
		r.WorksheetProblems[i].Message = p.In(lang)
	}
}

// Answers lists the text that says how mutant name dies or what it does,
// which a student's view shows only once the mutant is predicted: its
// descriptive name (where it has a label), its title and hint in every
// language, and the file:line of each line that kills it. A test of any
// output a student reads before predicting looks for these. r is the
// full report.
func (r *Report) Answers(name string) []string {
	mu, ok := r.Mutant(name)
	if !ok {
		return nil
	}
	var out []string
	if mu.Label != "" && mu.Label != mu.Name {
		out = append(out, mu.Name)
	}
	for _, l := range i18n.Langs {
		for _, t := range []string{mu.Title.In(string(l)), mu.Hint.In(string(l))} {
			if t != "" && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	for _, k := range mu.KilledBy {
		if !slices.Contains(out, k.Pos) {
			out = append(out, k.Pos)
		}
	}
	return out
}

// localizeDocs gives each lab observation whose doc is shown (docsShown
// leaves it empty while a mutant is concealed) its doc in lang, where
// Docs has one.
func (r *Report) localizeDocs(lang i18n.Lang) {
	if len(r.Docs) == 0 {
		return
	}
	r.Observations = slices.Clone(r.Observations)
	for i, o := range r.Observations {
		if o.Doc == "" || o.Kind == killmatrix.KindStudent {
			continue
		}
		if d, ok := r.Docs[o.Name][string(lang)]; ok && d != "" {
			r.Observations[i].Doc = d
		}
	}
}

package labrun

import (
	"fmt"
	"os"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// A Gate says what a log of the lab's gate (go test -v's TestLab) may
// show of each mutant's killers, in the view the environment asks for
// ([EnvView]): the instructor's shows every killer; the student's shows
// a mutant's killers once a worksheet predicts it, and otherwise only
// that predicting shows them, in the student's language; the reveal view
// shows them all, and so does the instructor's. Whatever it will show is
// recorded in the prediction history when the gate is made, as a kill
// report records it: each prediction first, then its answer, and a
// reveal as a reveal; what the instructor's view shows is recorded as
// shown by the instructor's view, or by CI when the CI variable chose it
// (and only in a checkout with no predictions and no history, where it
// records nothing: see NewGate).
type Gate struct {
	view      report.View
	lang      i18n.Lang
	lab       *lab.Lab
	predicted map[string]bool
}

// NewGate reads the view, then cfg's worksheets (of cfg.Lab, in the
// checkout at cfg.Root) and prediction history, and records what the
// gate will show; cfg's View and Lang, when set, choose instead of the
// environment. In the student's view a worksheet or history that does
// not read hides every answer (the predictions' own test reports it); in
// the instructor's, which shows them all, it is an error, as is an
// unknown view: no answer is shown that the history cannot record.
func NewGate(cfg Config) (*Gate, error) {
	view, err := EnvView()
	byCI := false
	if cfg.View != "" {
		view, err = cfg.View, nil
	} else if view == report.Instructor && os.Getenv(ViewEnv) == "" && cfg.RevealBy == "" {
		cfg.RevealBy, byCI = predict.ByCI, true
		if _, statErr := os.Stat(cfg.History); cfg.History != "" && statErr == nil {
			view, byCI = report.Student, false // see below
		}
	}
	if err != nil {
		return nil, err
	}
	l := cfg.Lab
	g := &Gate{view: view, lang: i18n.FromEnv(), lab: l, predicted: map[string]bool{}}
	cfg.View = report.Student
	plan, err := Prepare(cfg)
	if _, ok := err.(*UsageError); ok && view != report.Instructor {
		return g, nil
	}
	if err != nil && view == report.Instructor {
		return nil, fmt.Errorf("the instructor's view shows every answer, and records that in the prediction history first: %w", err)
	}
	if err != nil {
		return nil, err
	}
	for _, p := range plan.Sheet.Predictions {
		g.predicted[p.Mutant] = true
	}
	if byCI {
		// The CI variable alone never shows a student's checkout its
		// answers: where predictions or a history exist, the gate keeps
		// the student's view. A checkout with neither (the course's own
		// repository, CI's clean clone) has nothing to protect, so the
		// instructor's view records nothing there: a history written into
		// the course's repository would count every student's predictions
		// as made after their answers.
		if len(g.predicted) > 0 {
			g.view, g.lang = report.Student, plan.Language()
			return g, plan.Reveal(nil)
		}
		g.lang = i18n.English
		return g, nil
	}
	g.lang = plan.Language()
	if view == report.Instructor {
		g.lang, plan.View = i18n.English, report.Instructor
	}
	var revealed []string
	if view == report.Reveal || view == report.Instructor {
		for _, m := range l.Mutants {
			if !g.predicted[m.Name] {
				revealed = append(revealed, m.Name)
			}
		}
	}
	return g, plan.Reveal(revealed)
}

// Killers are the lines the gate logs of mutant mu: each observation
// that kills it (where, by which command, with what evidence), or, for
// one the view conceals, its outcome and how to see more.
func (g *Gate) Killers(mu killmatrix.MutantRow) []string {
	l := g.lang
	if g.view == report.Instructor || g.view == report.Reveal || g.predicted[mu.Name] {
		var out []string
		for _, k := range mu.KilledBy {
			out = append(out, l.T("lesson.gate-killer", i18n.M{"Observation": k.Observation, "Pos": k.Pos, "Command": k.Command, "Evidence": l.T("evidence."+string(k.Evidence), nil)}))
		}
		return out
	}
	id := mu.Name
	if entry, ok := g.lab.Catalogue.Lookup(mu.Name); ok {
		id = entry.ID()
	}
	return []string{l.T("lesson.gate-concealed", i18n.M{"Mutant": id, "Outcome": l.T("outcome."+string(mu.Outcome), nil), "Env": ViewEnv})}
}

// StudentLanguage is the language to tell a student of lab l in, in the
// checkout at root, before any run: as a run's report chooses it (the
// predictions', else the started worksheet's, else the locale's, else
// English). A worksheet that does not read leaves the locale's.
func StudentLanguage(l *lab.Lab, root string) i18n.Lang {
	plan, err := Prepare(Config{Lab: l, Root: root})
	if err != nil {
		return i18n.FromEnv()
	}
	return plan.Language()
}

// GateSummary is the line a lab's gate test logs about its matrix, in
// lang: the mutants' outcomes and the observations run, as go test -v
// shows a student.
func GateSummary(lang i18n.Lang, m *killmatrix.Matrix) string {
	s := m.Summary()
	return lang.T("gate.summary", i18n.M{"Mutants": s.Mutants, "Killed": s.Killed, "Survived": s.Survived,
		"Timeout": s.Timeout, "Invalid": s.Invalid, "Observations": len(m.Observations), "Elapsed": m.Elapsed.Round(time.Millisecond)})
}

// ClauseCount is the line a lab's clause test logs, in lang.
func ClauseCount(lang i18n.Lang, clauses, observations int) string {
	return lang.T("gate.clauses", i18n.M{"Clauses": clauses, "Observations": observations})
}

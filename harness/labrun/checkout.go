package labrun

import (
	"os"
	"path/filepath"

	"idemlab/harness/lab"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// HistoryFile is the prediction history of lab l's checkout at root,
// where every run records what it shows, whatever worksheets it reads;
// "" for a lab that keeps none.
func HistoryFile(l *lab.Lab, root string) string {
	if l.Layout.History == "" {
		return ""
	}
	return filepath.Join(root, filepath.FromSlash(l.Layout.History))
}

// StudentsCheckout reports whether the checkout at root is a student's,
// in which the instructor's view records the answers it shows: it holds
// lab l's prediction history already, or one of l's worksheets there
// holds a prediction block, filled in or malformed. A checkout with
// neither is the course's own repository or a fresh clone of it, where a
// history would mark every answer shown to every student whose
// repository is made from it. Worksheets named elsewhere (-worksheet
// FILE, a student's copy an instructor reads) do not make the checkout
// a student's.
func StudentsCheckout(l *lab.Lab, root string) bool {
	if f := HistoryFile(l, root); f != "" && exists(f) {
		return true
	}
	var srcs []predict.Source
	for _, w := range l.Layout.Worksheets {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(w)))
		if err == nil {
			srcs = append(srcs, predict.Source{File: w, Data: data})
		}
	}
	// Without the observations every filled block reads either as a
	// prediction or as a problem: either is a student's work.
	sheet, problems := predict.Read(srcs, Known(l, nil))
	return len(sheet.Predictions) > 0 || len(problems.Errors()) > 0
}

// predicts reports whether the plan's worksheets hold a prediction
// block, filled in or malformed.
func (p *Plan) predicts() bool {
	return p.Sheet != nil && len(p.Sheet.Predictions) > 0 || len(p.Problems) > 0
}

// exists reports whether file is there, as anything (a link included).
func exists(file string) bool {
	_, err := os.Lstat(file)
	return err == nil
}

// Shown lists the lab mutants whose answers report r shows: each one it
// does not conceal (in the student's view, those predicted; in the
// reveal and the instructor's views, all the view holds).
func Shown(r *report.Report) []string {
	var names []string
	for _, mu := range r.Mutants {
		if mu.Origin == report.OriginLab && !mu.Concealed {
			names = append(names, mu.Name)
		}
	}
	return names
}

// RecordShown records in the prediction history of lab l's checkout at
// root that a run of other worksheets (-worksheet FILE, which keeps no
// history of its own) showed, in view, the answers of the lab mutants
// named: every view that shows an answer records it, whatever worksheets
// chose what it shows. It records as a run of the checkout's own
// worksheets would, their predictions first: an answer they predict by
// the prediction, any other by the view. Otherwise a prediction written
// in a scratch worksheet would show its answer, and the same prediction
// copied into the checkout's worksheet afterwards would count as made
// before it.
//
// In a checkout that is not a student's (see [StudentsCheckout]: the
// course's own, where an instructor or its tests read a student's
// worksheet) it records nothing, in any view: a history written there
// would count every student's predictions as made after their answers.
// So a scratch worksheet tried in a fresh clone, before its first
// prediction, leaves no trace, as answers seen in another clone leave
// none.
func RecordShown(l *lab.Lab, root string, view report.View, names []string) error {
	history := HistoryFile(l, root)
	if history == "" || len(names) == 0 || !StudentsCheckout(l, root) {
		return nil
	}
	plan, err := Prepare(Config{Lab: l, Root: root, View: view, History: history})
	if err != nil {
		return err
	}
	return plan.Reveal(names)
}

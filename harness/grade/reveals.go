package grade

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// revealFlags flag, by name, the predictions r's verdicts count as after
// their answers because of a reveal the student need not have made: one
// by the instructor's view or by CI, or one that came before the first
// prediction the history records. Such a reveal is what a history
// written in the course's own checkout and committed with its template
// holds: every student's predictions then count as after their answers,
// which the grade must say instead of scoring them 0 in silence. Each
// flag names the mutants shown at one time in one way, file:line their
// first record. data is the history's text, file its name.
func revealFlags(file string, data []byte, h *predict.History, r *report.Report) []string {
	var first *time.Time // the first prediction the history records
	for _, m := range h.Mutants {
		for _, p := range m.Predictions {
			if first == nil || p.Seen.Before(*first) {
				first = &p.Seen
			}
		}
	}
	type shown struct {
		by   string
		when time.Time
	}
	groups := map[shown][]string{}
	line := map[shown]int{}
	for _, v := range r.Verdicts {
		m := h.Mutants[v.Prediction.Mutant]
		if !v.Judged || v.Recorded != "after" || m == nil || m.Revealed == nil {
			continue
		}
		instructor := m.By == predict.ByInstructor || m.By == predict.ByCI
		if !instructor && (first == nil || !m.Revealed.Before(*first)) {
			continue
		}
		k := shown{m.By, m.Revealed.UTC()}
		mu, _ := r.Mutant(v.Prediction.Mutant)
		groups[k] = append(groups[k], mu.ID())
		if n := keyLine(data, v.Prediction.Mutant); line[k] == 0 || n < line[k] {
			line[k] = n
		}
	}
	keys := slices.SortedFunc(maps.Keys(groups), func(a, b shown) int { return a.when.Compare(b.when) })
	var flags []string
	for _, k := range keys {
		ids := strings.Join(groups[k], ", ")
		if k.by == predict.ByInstructor || k.by == predict.ByCI {
			flags = append(flags, fmt.Sprintf("history: %s:%d: %s: answers shown by the instructor's view (%s), not the student's (a history from the course's template?): counted as after",
				file, line[k], ids, submission.Quote(k.by)))
			continue
		}
		flags = append(flags, fmt.Sprintf("history: %s:%d: %s: answers shown by %s before the first prediction the history records (%s): counted as after",
			file, line[k], ids, submission.Quote(k.by), first.UTC().Format(time.RFC3339)))
	}
	return flags
}

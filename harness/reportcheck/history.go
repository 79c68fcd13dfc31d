package reportcheck

import (
	"errors"
	"io/fs"
	"slices"

	"idemlab/harness/internal/safefs"
	"idemlab/harness/lab"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// recorded notes in the re-run again whether each prediction came before
// its answer was revealed, as the checkout's prediction history says,
// when the report r says it of any (a run that keeps the history says it
// of every verdict; one of other worksheets, of none). The re-run keeps
// no history and must not write one, so the history is read, never
// written: a verdict edited from "after" to "before", or one the history
// does not back (a history deleted or replaced since), then differs.
//
// The history is untrusted as the rest of the checkout is: read through
// package safefs, only as a regular file, never through a link, at most
// predict.MaxHistorySize bytes; one that does not read is the checkout's
// fault, a *ReportError naming its line.
func recorded(l *lab.Lab, root string, r, again *report.Report) error {
	if l.Layout.History == "" || !slices.ContainsFunc(r.Verdicts, func(v report.Verdict) bool { return v.Recorded != "" }) {
		return nil
	}
	h := predict.NewHistory()
	data, err := safefs.ReadIn(root, l.Layout.History, predict.MaxHistorySize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return badReport("the checkout's prediction history %v", err)
	default:
		if h, err = predict.ParseHistory(l.Layout.History, data); err != nil {
			return badReport("the checkout's prediction history: %v", err)
		}
	}
	again.History(h)
	return nil
}

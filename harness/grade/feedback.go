package grade

import (
	"fmt"
	"io"
	"slices"

	"idemlab/harness/mutation"
	"idemlab/harness/report"
)

// Feedback writes row's report as its student may see it: lab mutants the
// catalogue hides are counted, not named, and so are held-out mutants
// that are hidden, or due to be revealed later.
func Feedback(w io.Writer, row Row, c *Class, cat *mutation.Catalogue) error {
	if err := row.Report.For(report.Reveal).Text(w); err != nil {
		return err
	}
	secret, secretKilled := 0, 0
	if len(c.HeldOut) > 0 {
		fmt.Fprintln(w, "\nMutants your instructor kept back:")
	}
	for _, h := range c.HeldOut {
		if h.Unviable != "" {
			continue
		}
		killed := slices.Contains(row.KilledHeldOut, h.Name)
		if !h.Shown {
			secret++
			if killed {
				secretKilled++
			}
			continue
		}
		verdict := "survives your observations"
		if killed {
			verdict = "killed by your observations"
		}
		fmt.Fprintf(w, "  %s (%s): %s\n", h.Name, h.Idea.String(), verdict)
	}
	if secret > 0 {
		fmt.Fprintf(w, "  %d hidden: your observations kill %d\n", secret, secretKilled)
	}
	_, err := fmt.Fprintf(w, "\nyour grade: %v (%d/%d predictions right, %d/%d lab mutants and %d held-out killed by your own observations)\n",
		row.Total, row.Right, row.Predicted, row.OwnKills, c.Mutants, row.HeldOutKills)
	return err
}

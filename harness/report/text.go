package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
)

// Cell marks in the grid.
const (
	markKilled   = "K"
	markSurvived = "."
	markTimedOut = "T"
	markNotRun   = "-"
)

// Text writes the report for a person: a grid of observations against
// mutants with predicted killers marked, each mutant's verdict with its
// first killing line, every prediction's verdict with the reference/mutant
// difference, the student's invalid observations, and the summary lines.
func (r *Report) Text(w io.Writer) error {
	var b strings.Builder
	kinds := map[string]int{}
	for _, o := range r.Observations {
		kinds[o.Kind]++
	}
	happy := kinds[killmatrix.KindHappy]
	fmt.Fprintf(&b, "idemlab kill report: %d observations (%d happy-path, %d edge", len(r.Observations), happy, kinds[killmatrix.KindEdge])
	if n := kinds[killmatrix.KindStudent]; n > 0 {
		fmt.Fprintf(&b, ", %d yours", n)
	}
	fmt.Fprintf(&b, ") against the reference and %d mutants\n\n", len(r.Mutants))

	predicted := map[string]string{} // mutant -> predicted killer
	for _, v := range r.Verdicts {
		predicted[v.Prediction.Mutant] = v.Prediction.Killer
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "observation\treference")
	for i := range r.Mutants {
		fmt.Fprintf(tw, "\t%d", i+1)
	}
	fmt.Fprintln(tw)
	for _, o := range r.Observations {
		ref := string(o.Status)
		fmt.Fprintf(tw, "%s\t%s", o.Name, ref)
		for _, mu := range r.Mutants {
			cell := mark(mu.Cells[o.Name], !o.Valid())
			if predicted[mu.Name] == o.Name {
				cell += "*"
			}
			fmt.Fprintf(tw, "\t%s", cell)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\n%s killed  %s survived  %s timed out  %s not run or not counted  * your predicted killer\n\n",
		markKilled, markSurvived, markTimedOut, markNotRun)

	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tmutant\toutcome\tfirst kill (file:line  command)\tevidence")
	for i, mu := range r.Mutants {
		first, evidence := mu.Reason, ""
		if len(mu.KilledBy) > 0 {
			k := mu.KilledBy[0]
			first, evidence = fmt.Sprintf("%s  %s", k.Pos, k.Command), string(k.Evidence)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, mu.Name, mu.Outcome, first, evidence)
		if n := len(mu.KilledBy); n > 1 {
			fmt.Fprintf(tw, "\t\t\t%d killers in all: %s\n", n, names(mu.KilledBy))
		}
		if len(mu.TimedOutOn) > 0 {
			fmt.Fprintf(tw, "\t\t\ttimed out on: %s\n", strings.Join(mu.TimedOutOn, ", "))
		}
		fmt.Fprintf(tw, "\t\t\tsurvived %d of %d happy-path observations\n", len(mu.SurvivedHappy), happy)
	}
	tw.Flush()

	hints := map[string]mutation.Text{}
	for _, mu := range r.Mutants {
		hints[mu.Name] = mu.Hint
	}
	if len(r.Verdicts) > 0 {
		b.WriteString("\nYour predictions\n\n")
		for _, v := range r.Verdicts {
			b.WriteString(v.Lesson(hints[v.Prediction.Mutant].String()))
			b.WriteString("\n")
		}
	}
	if len(r.Unpredicted) > 0 {
		fmt.Fprintf(&b, "\nNo prediction yet for: %s\n(fill the step's prediction block in worksheet.md before running)\n", strings.Join(r.Unpredicted, ", "))
	}

	for _, o := range r.Observations {
		if o.Status == outcome.Broken && o.Kind != killmatrix.KindStudent {
			fmt.Fprintf(&b, "\nBROKEN %s fails on the reference, so it is not counted:\n  %s: %s\n", o.Name, o.Reference.Pos, o.Reference.Message)
		}
		if o.Status == outcome.Flaky {
			fmt.Fprintf(&b, "\nFLAKY %s gave different results on repeated runs of the same code, so it is not counted\n", o.Name)
		}
	}
	for _, inv := range r.Invalid {
		fmt.Fprintf(&b, "\nINVALID %s fails on the reference, so it asserts something the contract does not say:\n  %s: %s\n", inv.Observation, inv.Pos, inv.Message)
		for _, s := range inv.SharedWith {
			fmt.Fprintf(&b, "  it passes on %s, so you expect that mutant's behaviour. Hint: %s\n", s.Mutant, s.Hint.String())
		}
	}

	for _, u := range r.Unviable {
		fmt.Fprintf(&b, "\nUNVIABLE %s cannot be judged, so it counts neither as killed nor as survived:\n  %s\n", u.Name, u.Reason)
	}
	if r.Hidden.Mutants > 0 {
		fmt.Fprintf(&b, "\n%d hidden %s, not named here: %d killed\n", r.Hidden.Mutants, plural(r.Hidden.Mutants, "mutant"), r.Hidden.Killed)
	}
	fmt.Fprintf(&b, "\n%s (%v)\n%s\n", r.Summary, time.Duration(r.ElapsedMS)*time.Millisecond, r.Score)
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func mark(r killmatrix.Result, excluded bool) string {
	switch {
	case excluded || r.Status == "":
		return markNotRun
	case r.Status == outcome.Fail:
		return markKilled
	case r.Status == outcome.TimedOut:
		return markTimedOut
	}
	return markSurvived
}

func names(kills []killmatrix.Kill) string {
	var s []string
	for _, k := range kills {
		s = append(s, k.Observation)
	}
	return strings.Join(s, ", ")
}

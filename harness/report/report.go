// Package report writes a kill matrix for people (a text table) and for
// programs (versioned JSON).
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
)

// Schema names the JSON report's format; it changes whenever a field's
// meaning does.
const Schema = "idemlab/killmatrix/v1"

// A Report is the JSON form of a kill matrix, with the catalogue's facts
// about each mutant beside its verdict.
type Report struct {
	Schema       string                      `json:"schema"`
	Summary      killmatrix.Summary          `json:"summary"`
	Observations []killmatrix.ObservationRow `json:"observations"`
	Mutants      []Mutant                    `json:"mutants"`
	ElapsedMS    int64                       `json:"elapsed_ms"`
}

// Mutant is one mutant's verdict with its catalogue entry.
type Mutant struct {
	killmatrix.MutantRow
	Step     int    `json:"step,omitempty"`
	Function string `json:"function,omitempty"`
	Idea     string `json:"idea,omitempty"`
	Killer   string `json:"intended_killer,omitempty"`
	Hint     string `json:"hint,omitempty"`
}

// New joins the matrix with the catalogue (which may be nil).
func New(m *killmatrix.Matrix, cat *mutation.Catalogue) *Report {
	r := &Report{Schema: Schema, Summary: m.Summary(), Observations: m.Observations, ElapsedMS: m.Elapsed.Milliseconds()}
	for _, mu := range m.Mutants {
		row := Mutant{MutantRow: mu}
		if cat != nil {
			if c, ok := cat.Lookup(mu.Name); ok {
				row.Step, row.Function, row.Idea, row.Killer, row.Hint = c.Step, c.Function, c.Idea, c.Killer, c.Hint
			}
		}
		r.Mutants = append(r.Mutants, row)
	}
	return r
}

// JSON writes r as indented JSON.
func (r *Report) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// Cell marks in the grid.
const (
	markKilled   = "K"
	markSurvived = "."
	markTimedOut = "T"
	markNotRun   = "-"
)

// Text writes the report as a table: a grid of observations against
// mutants, then each mutant's verdict with its first killing line, then
// the one-line summary.
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

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "observation\treference")
	for i := range r.Mutants {
		fmt.Fprintf(tw, "\t%d", i+1)
	}
	fmt.Fprintln(tw)
	for _, o := range r.Observations {
		ref := "pass"
		if o.Broken {
			ref = "BROKEN"
		}
		fmt.Fprintf(tw, "%s\t%s", o.Name, ref)
		for _, mu := range r.Mutants {
			fmt.Fprintf(tw, "\t%s", mark(mu.Cells[o.Name], o.Broken))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\n%s killed  %s survived  %s timed out  %s not run or not counted\n\n", markKilled, markSurvived, markTimedOut, markNotRun)

	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tmutant\toutcome\tfirst kill (file:line  command)")
	for i, mu := range r.Mutants {
		first := mu.Reason
		if len(mu.KilledBy) > 0 {
			k := mu.KilledBy[0]
			first = fmt.Sprintf("%s  %s", k.Pos, k.Command)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", i+1, mu.Name, mu.Outcome, first)
		if n := len(mu.KilledBy); n > 1 {
			fmt.Fprintf(tw, "\t\t\t%d killers in all: %s\n", n, names(mu.KilledBy))
		}
		if len(mu.TimedOutOn) > 0 {
			fmt.Fprintf(tw, "\t\t\ttimed out on: %s\n", strings.Join(mu.TimedOutOn, ", "))
		}
		fmt.Fprintf(tw, "\t\t\tsurvived %d of %d happy-path observations\n", len(mu.SurvivedHappy), happy)
	}
	tw.Flush()

	for _, o := range r.Observations {
		if o.Broken {
			fmt.Fprintf(&b, "\nBROKEN %s fails on the reference, so it is not counted:\n  %s: %s\n", o.Name, o.Reference.Pos, o.Reference.Message)
		}
	}
	fmt.Fprintf(&b, "\n%s (%v)\n", r.Summary, time.Duration(r.ElapsedMS)*time.Millisecond)
	_, err := io.WriteString(w, b.String())
	return err
}

func mark(r killmatrix.Result, broken bool) string {
	switch {
	case broken || r.Status == "":
		return markNotRun
	case r.Status == killmatrix.Fail:
		return markKilled
	case r.Status == killmatrix.Timeout:
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

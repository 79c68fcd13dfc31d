package grade

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"golang.org/x/text/width"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/csvsafe"
	"idemlab/harness/submission"
)

// Table writes the class as a table, one student a line, then each
// student's flags, the held-out mutants, and the class analytics. Every
// name and flag is escaped (submission.Quote), so nothing a student
// named can forge a line.
func (c *Class) Table(w io.Writer) error {
	var b strings.Builder
	// The names are padded apart from the other columns: tabwriter counts
	// a wide character (王) as one column where a terminal shows two.
	names := []string{"student"}
	var rest strings.Builder
	tw := tabwriter.NewWriter(&rest, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "predictions\town kills\theld-out kills\tinvalid\ttimeouts\tflags\ttotal\t")
	for _, r := range c.Rows {
		names = append(names, submission.Quote(r.Student))
		fmt.Fprintf(tw, "%d/%d\t%d/%d\t%d/%d\t%d\t%d\t%d\t%s\t\n", r.Right, r.Predicted, r.OwnKills, c.Mutants,
			r.HeldOutKills, heldOutViable(c.HeldOut), r.Invalid, r.Timeouts, len(r.Flags), strconv.FormatFloat(r.Total, 'f', -1, 64))
	}
	tw.Flush()
	joinColumns(&b, names, strings.SplitAfter(rest.String(), "\n"))
	fmt.Fprintf(&b, "\npredictions: right/recorded; kills: mutants killed by the student's own observations.\n")
	fmt.Fprintf(&b, "rubric: %s\n", c.Rubric)
	c.flagsText(&b)
	c.heldOutText(&b)
	c.Analytics.text(&b)
	fmt.Fprintf(&b, "\n%d submissions graded in %v (the lab's own observations: %v)\n", len(c.Rows),
		time.Duration(c.ElapsedMS)*time.Millisecond, time.Duration(c.LabElapsedMS)*time.Millisecond)
	if iso := c.Unsandboxed(); iso != "" {
		fmt.Fprintf(&b, "WARNING: %s\n", UnsandboxedNotice(i18n.English, iso))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (c *Class) flagsText(b *strings.Builder) {
	for _, r := range c.Rows {
		if len(r.Flags) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n%s:\n", submission.Quote(r.Student))
		for _, f := range r.Flags {
			fmt.Fprintf(b, "  FLAG %s\n", submission.Quote(f))
		}
	}
}

func (c *Class) heldOutText(b *strings.Builder) {
	if len(c.HeldOut) == 0 {
		return
	}
	b.WriteString("\nheld-out mutants:\n")
	for _, h := range c.HeldOut {
		state := "runs"
		if h.Unviable != "" {
			state = "UNVIABLE: " + h.Unviable
		}
		vis := string(h.Visibility)
		if vis == "" {
			vis = "visible"
		}
		fmt.Fprintf(b, "  %s (%s, %s): %s\n", h.Name, vis, h.Idea.String(), state)
	}
}

func (a Analytics) text(b *strings.Builder) {
	b.WriteString("\nmutants the class's own observations kill, fewest first:\n")
	for _, t := range a.Unkilled {
		tag := ""
		if t.HeldOut {
			tag = " (held out)"
		}
		fmt.Fprintf(b, "  %-32s %d of %d students%s\n", t.Mutant, t.Count, t.Of, tag)
	}
	b.WriteString("\npredictions most often wrong:\n")
	for _, t := range a.WrongPredictions {
		if t.Of > 0 {
			fmt.Fprintf(b, "  %-32s %d wrong of %d predicted\n", t.Mutant, t.Count, t.Of)
		}
	}
	if slices.ContainsFunc(a.AfterReveal, func(t Tally) bool { return t.Count > 0 }) {
		b.WriteString("\npredictions recorded after their answer was revealed:\n")
		for _, t := range a.AfterReveal {
			if t.Count > 0 {
				fmt.Fprintf(b, "  %-32s %d of %d predicted\n", t.Mutant, t.Count, t.Of)
			}
		}
	}
	if len(a.Misconceptions) > 0 {
		b.WriteString("\ninvalid observations, by the mutant whose behaviour they expect:\n")
		for _, m := range a.Misconceptions {
			fmt.Fprintf(b, "  %s: %d (%s)\n    hint: %s\n", m.Mutant, len(m.Observations), submission.Quote(strings.Join(m.Observations, ", ")), m.Hint)
		}
	}
}

// CSVHeader names the CSV columns.
var CSVHeader = []string{"student", "predicted", "right", "own_observations", "refused", "own_kills", "mutants", "held_out_kills", "held_out", "invalid", "flaky", "timeouts", "flags", "total"}

// CSV writes one line per student; flags are joined with " | ". Names
// and flags are escaped as in the table, and no cell begins a formula
// (package csvsafe: a folder named =HYPERLINK(…) is written '=HYPERLINK(…)).
func (c *Class) CSV(w io.Writer) error {
	cw := csvsafe.NewWriter(w)
	cw.Write(CSVHeader)
	itoa := strconv.Itoa
	for _, r := range c.Rows {
		cw.Write([]string{submission.Quote(r.Student), itoa(r.Predicted), itoa(r.Right), itoa(r.OwnObservations), itoa(r.Refused),
			itoa(r.OwnKills), itoa(c.Mutants), itoa(r.HeldOutKills), itoa(heldOutViable(c.HeldOut)),
			itoa(r.Invalid), itoa(r.Flaky), itoa(r.Timeouts), submission.Quote(strings.Join(r.Flags, " | ")),
			strconv.FormatFloat(r.Total, 'f', -1, 64)})
	}
	return cw.Error()
}

// JSON writes the class as indented JSON (see Schema). JSON escapes
// every control character itself.
func (c *Class) JSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(c)
}

// joinColumns writes each name right-aligned to the widest name's display
// width, and the line of the other columns beside it (its cells carry
// their padding).
func joinColumns(b *strings.Builder, names, lines []string) {
	widest := 0
	for _, n := range names {
		widest = max(widest, displayWidth(n))
	}
	for i, n := range names {
		b.WriteString(strings.Repeat(" ", 2+widest-displayWidth(n)) + n + lines[i])
	}
}

// displayWidth is how many columns a terminal gives s: two for a wide or
// full-width character (Chinese, Japanese, Korean), none for a combining
// mark (the accent of a decomposed é), one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
		case width.LookupRune(r).Kind() == width.EastAsianWide, width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

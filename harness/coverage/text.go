package coverage

import (
	"fmt"
	"io"
	"strings"
)

// maxNamed is how many observations a text row names before it counts the
// rest.
const maxNamed = 3

// WriteText writes t as a table: a heading line of counts, then for each
// subcommand and parameter (and the states) its categories, each with the
// observations that cover it, the reason it is open, or HOLE.
func (t *Table) WriteText(w io.Writer) error {
	covered, open, holes := t.Counts()
	var b strings.Builder
	fmt.Fprintf(&b, "coverage of lab %s: %d cells, %d covered by an observation that pins its result, %d open with a reason, %d holes\n",
		t.Lab, len(t.Cells), covered, open, holes)
	group := ""
	for _, c := range t.Cells {
		g := c.Command + " " + c.Subcommand + " " + c.Param
		if c.Subcommand == "" {
			g = c.Command + " (state)"
		}
		if g != group {
			group = g
			fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(g))
		}
		fmt.Fprintf(&b, "  %-36s %s\n", c.Category, c.status())
	}
	for _, k := range t.Stale {
		fmt.Fprintf(&b, "\nstale: %s is open in the open-cell file, but an observation covers it now\n", k)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// status is a cell's column in the text table.
func (c Cell) status() string {
	switch {
	case c.Covered():
		return fmt.Sprintf("%d  %s", len(c.Pinned), names(c.Pinned))
	case c.Open != "":
		return "open: " + c.Open
	case len(c.Unpinned) > 0:
		return "HOLE (used, but no check pins the result: " + names(c.Unpinned) + ")"
	}
	return "HOLE"
}

// names lists the first observations, and how many more.
func names(obs []string) string {
	if len(obs) <= maxNamed {
		return strings.Join(obs, ", ")
	}
	return fmt.Sprintf("%s, +%d", strings.Join(obs[:maxNamed], ", "), len(obs)-maxNamed)
}

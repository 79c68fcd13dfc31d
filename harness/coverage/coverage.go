package coverage

import (
	"slices"
	"strings"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/script"
)

// A Cell is one row of the table: an input category of one parameter of a
// subcommand, or a state category (Subcommand and Param empty), with the
// observations that use it.
type Cell struct {
	Command    string `json:"command"`
	Subcommand string `json:"subcommand,omitempty"`
	Param      string `json:"param,omitempty"`
	Category   string `json:"category"`
	// Pinned are the observations that use the category and pin the
	// result: a check of output follows the line that uses it (for a
	// state, the script checks output after building it).
	Pinned []string `json:"pinned"`
	// Unpinned are those that use it without pinning the result.
	Unpinned []string `json:"unpinned,omitempty"`
	// Open is the reason recorded for leaving the cell open, if any.
	Open string `json:"open,omitempty"`
}

// Covered reports whether an observation uses the cell's category and
// pins the result.
func (c Cell) Covered() bool { return len(c.Pinned) > 0 }

// Hole reports whether the cell is neither covered nor open with a
// reason.
func (c Cell) Hole() bool { return !c.Covered() && c.Open == "" }

// Key names the cell as the open-cell file does.
func (c Cell) Key() Key { return Key{c.Subcommand, c.Param, c.Category} }

// A Key names a cell: its subcommand, parameter and category, the first
// two empty for a state.
type Key struct{ Subcommand, Param, Category string }

func (k Key) String() string {
	if k.Subcommand == "" {
		return "state [" + k.Category + "]"
	}
	return k.Subcommand + " " + k.Param + " [" + k.Category + "]"
}

// A Table is a lab's coverage table.
type Table struct {
	Lab   string `json:"lab"`
	Cells []Cell `json:"cells"`
	// Stale are open-cell reasons for cells an observation now covers.
	Stale []Key `json:"stale,omitempty"`
}

// Counts returns how many cells are covered, open with a reason, and
// holes.
func (t *Table) Counts() (covered, open, holes int) {
	for _, c := range t.Cells {
		switch {
		case c.Covered():
			covered++
		case c.Open != "":
			open++
		default:
			holes++
		}
	}
	return covered, open, holes
}

// Build makes lab l's table from its observations and the reasons open
// gives for cells left open: one cell for every category its commands
// declare, in declaration order.
func Build(l *lab.Lab, obs []killmatrix.Observation, open map[Key]string) *Table {
	t := &Table{Lab: l.Name}
	index := map[Key]int{}
	add := func(c Cell) {
		index[c.Key()] = len(t.Cells)
		t.Cells = append(t.Cells, c)
	}
	for _, cmd := range l.Commands {
		for _, sub := range cmd.Subcommands {
			for _, p := range sub.Params {
				for _, cat := range p.Domain.Categories {
					add(Cell{Command: cmd.Name, Subcommand: sub.Name, Param: p.Name, Category: cat.Name})
				}
			}
		}
		for _, st := range cmd.States {
			add(Cell{Command: cmd.Name, Category: st.Name})
		}
	}
	for _, o := range obs {
		if o.Script == nil {
			continue
		}
		for k, pinned := range uses(l, o.Script) {
			i, ok := index[k]
			if !ok {
				continue
			}
			c := &t.Cells[i]
			if pinned {
				c.Pinned = append(c.Pinned, o.Name)
			} else {
				c.Unpinned = append(c.Unpinned, o.Name)
			}
		}
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		slices.Sort(c.Pinned)
		slices.Sort(c.Unpinned)
		reason, ok := open[c.Key()]
		switch {
		case ok && c.Covered():
			t.Stale = append(t.Stale, c.Key())
		case ok:
			c.Open = reason
		}
	}
	return t
}

// uses returns the cells a script uses, each with whether some use of it
// pins the result.
func uses(l *lab.Lab, s *script.Script) map[Key]bool {
	out := map[Key]bool{}
	note := func(k Key, pinned bool) { out[k] = out[k] || pinned }
	var lines []lab.ScriptLine
	checked := false
	for i, ln := range s.Lines {
		if !ln.IsCommand() {
			continue
		}
		if checks[ln.Cmd] {
			checked = true
		}
		cmd, ok := l.Command(ln.Cmd)
		if !ok {
			lines = append(lines, lab.ScriptLine{Cmd: ln.Cmd, Args: ln.Words(), Neg: ln.Neg})
			continue
		}
		lines = append(lines, calls(cmd, ln.Words(), ln.Neg, false, 0)...)
		pinned := checkedAfter(s.Lines[i+1:], l.Command)
		for k := range argUses(cmd, ln.Words(), 0) {
			note(k, pinned)
		}
	}
	for _, cmd := range l.Commands {
		for _, st := range cmd.States {
			if st.Holds != nil && st.Holds(lines) {
				note(Key{Category: st.Name}, checked)
			}
		}
	}
	return out
}

// checks are the script commands that check output.
var checks = map[string]bool{"stdout": true, "stderr": true, "cmp": true, "cmpenv": true}

// checkedAfter reports whether the line before lines has its result
// pinned: the next command checks its output, or a later one checks the
// output of a lab command, which sees what the line stored (a reserve's
// expiry is pinned by the fetch whose output is checked after it).
func checkedAfter(lines []script.Line, command func(string) (lab.Command, bool)) bool {
	first, labRan := true, false
	for _, ln := range lines {
		if !ln.IsCommand() {
			continue
		}
		switch {
		case checks[ln.Cmd] && (first || labRan):
			return true
		case !checks[ln.Cmd]:
			_, ok := command(ln.Cmd)
			labRan = labRan || ok
		}
		first = false
	}
	return false
}

// calls are a lab command's line (args without the command's name) as
// ScriptLines: the line, then each line its Line arguments carry.
func calls(cmd lab.Command, args []string, neg, nested bool, depth int) []lab.ScriptLine {
	sub, ok := cmd.Subcommand(args)
	if !ok || depth > 2 {
		return []lab.ScriptLine{{Cmd: cmd.Name, Args: args, Neg: neg, Nested: nested}}
	}
	rest := args[slices.Index(args, sub.Name)+1:]
	out := []lab.ScriptLine{{Cmd: cmd.Name, Sub: sub.Name, Args: rest, Neg: neg, Nested: nested}}
	for i, arg := range rest {
		if i < len(sub.Params) || (len(sub.Params) > 0 && sub.Params[len(sub.Params)-1].Variadic) {
			if sub.Params[min(i, len(sub.Params)-1)].Domain.Kind == lab.Line {
				out = append(out, calls(cmd, strings.Fields(arg), false, true, depth+1)...)
			}
		}
	}
	return out
}

// argUses are the categories of the arguments of one command line (args
// without the command's name); a Line argument (idem interleave's WRITE)
// is read as a line of the same command in turn, depth at most 2.
func argUses(cmd lab.Command, args []string, depth int) map[Key]bool {
	out := map[Key]bool{}
	sub, ok := cmd.Subcommand(args)
	if !ok || depth > 2 {
		return out
	}
	at := slices.Index(args, sub.Name)
	for i, arg := range args[at+1:] {
		if len(sub.Params) == 0 {
			break
		}
		p := sub.Params[min(i, len(sub.Params)-1)]
		if i >= len(sub.Params) && !p.Variadic {
			break
		}
		if p.Domain.Kind == lab.Line {
			for k := range argUses(cmd, strings.Fields(arg), depth+1) {
				out[k] = true
			}
			continue
		}
		for _, c := range p.Domain.Categories {
			if c.Holds(arg) {
				out[Key{sub.Name, p.Name, c.Name}] = true
			}
		}
	}
	return out
}

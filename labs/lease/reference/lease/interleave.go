package lease

import (
	"bytes"
	"path/filepath"
	"strings"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// runInterleave is the interleave command: it runs the operation of its
// first argument and, at the moment that operation's first query has been
// read (for a takeover, between reading the lapsed lease and writing the
// new holder), runs each further argument as a second worker would, on
// its own connection (see idemlab/harness/labcmd.Interleave). Every line
// is checked before any runs: one that is not a valid lease command line
// is a *UsageError naming it.
//
// Whether a WRITE runs during OP or waits for it is the store's lock
// alone, never a clock: OP stays stopped inside its call for as long as
// the WRITEs take, and each WRITE's connection gives up on a lock at once
// (busy_timeout 0), so no delay, slow connection or starved scheduler
// changes what prints (TestInterleaveIgnoresScheduling holds every edge
// observation's interleaving to that).
func runInterleave(c *call) (any, error) {
	cmds := make([][]string, len(c.args))
	for i, a := range c.args {
		w := strings.Fields(a)
		if len(w) == 0 || w[0] == "interleave" || strings.HasPrefix(w[0], "-") {
			return nil, c.usage(i, "want one lease command without flags (it runs on the same store), not %q", a)
		}
		// A line that could never run (a typo in a command or an argument)
		// is refused before any runs; one the store refuses is a result.
		if _, err := parseLine(w); err != nil {
			return nil, c.usage(i, "%s", err.(*UsageError).Msg)
		}
		cmds[i] = w
	}
	abs, err := filepath.Abs(c.db)
	if err != nil {
		return nil, err
	}
	return interleaveLines(labcmd.Interleave(abs, cmds[0], cmds[1:], c.sub)), nil
}

// sub runs one command line against the call's implementation and store,
// and returns what it printed on one line.
func (c *call) sub(args []string) (string, error) {
	var b bytes.Buffer
	err := Run(lab.Impl{Name: c.impl, Value: c.s}, filepath.Dir(c.db), append([]string{"-db", c.db}, args...), &b)
	return strings.TrimSpace(strings.ReplaceAll(b.String(), "\n", " ")), err
}

// interleaveLines are printed one a line.
type interleaveLines []string

func (l interleaveLines) text() string {
	if len(l) == 0 {
		return ""
	}
	return strings.Join(l, "\n") + "\n"
}

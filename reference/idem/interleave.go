package idem

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// runInterleave is the interleave command: it runs the operation of its
// first argument and, at the moment that operation's first query has been
// read (for a purge, between choosing its candidates and deleting them),
// runs each further argument as another client would, on its own
// connection. A write that finds the store locked by the operation does
// not wait: it is reported as waiting and run once the operation is over,
// as a writer that waits for the lock would run. Each argument is one idem
// command line, its words separated by spaces.
func runInterleave(c *call) (any, error) {
	cmds, err := c.commandLines()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(c.db)
	if err != nil {
		return nil, err
	}
	return interleaveLines(labcmd.Interleave(abs, cmds[0], cmds[1:], c.run1)), nil
}

// batchHooks holds, by store path, what a drain runs once its first
// batch has committed, before its next one begins: the one moment in a
// drain when it holds no lock.
var batchHooks sync.Map // string -> func()

// runBetween is the between command: it runs a drain and, after its first
// batch commits and before any next one, each further argument as another
// client would, on its own connection; when the drain finds nothing to
// delete, they run after it.
func runBetween(c *call) (any, error) {
	cmds, err := c.commandLines()
	if err != nil {
		return nil, err
	}
	if cmds[0][0] != "drain" {
		return nil, c.usage(0, "want a drain command line: only a drain has batches")
	}
	abs, err := filepath.Abs(c.db)
	if err != nil {
		return nil, err
	}
	return c.betweenBatches(abs, cmds[0], cmds[1:]), nil
}

// betweenBatches runs the drain op with the writes others set to run
// after its first batch.
func (c *call) betweenBatches(abs string, op []string, others [][]string) interleaveLines {
	var lines interleaveLines
	batchHooks.Store(abs, func() {
		for _, w := range others {
			out, err := c.sub(w)
			lines = append(lines, result("during", w, out, err))
		}
	})
	out, opErr := c.sub(op)
	_, unused := batchHooks.LoadAndDelete(abs)
	lines = append(lines, result("", op, out, opErr))
	if unused {
		for _, w := range others {
			out, err := c.sub(w)
			lines = append(lines, result("after", w, out, err))
		}
	}
	return lines
}

// afterFirstBatch runs, once, what interleave set to run between the
// first and second batches of a drain of the store at db.
func afterFirstBatch(db string) {
	abs, err := filepath.Abs(db)
	if err != nil {
		return
	}
	if hook, ok := batchHooks.LoadAndDelete(abs); ok {
		hook.(func())()
	}
}

// commandLines splits each argument into one idem command line: no flag
// (it runs on the same store), not interleave or between itself, and a
// valid line (parseLine), all checked before any line runs.
func (c *call) commandLines() ([][]string, error) {
	cmds := make([][]string, len(c.args))
	for i, a := range c.args {
		w := strings.Fields(a)
		if len(w) == 0 || w[0] == "interleave" || w[0] == "between" || strings.HasPrefix(w[0], "-") {
			return nil, c.usage(i, "want one idem command without flags (it runs on the same store), not %q", a)
		}
		// A line that could never run (a typo in a command or an argument)
		// is refused before any runs; one the store refuses is a result.
		if _, err := parseLine(w); err != nil {
			return nil, c.usage(i, "%s", err.(*UsageError).Msg)
		}
		cmds[i] = w
	}
	return cmds, nil
}

// sub runs one command line against the call's implementation and store.
// A panic in it (a broken implementation) is its error: inside a pause it
// must not unwind through the paused connection, which would be lost.
func (c *call) sub(args []string) (out string, err error) {
	defer func() {
		if e := recover(); e != nil {
			out, err = "", fmt.Errorf("panic: %v", e)
		}
	}()
	return c.run1(args)
}

func (c *call) run1(args []string) (string, error) {
	var out bytes.Buffer
	err := Run(lab.Impl{Name: c.impl, Value: c.s}, filepath.Dir(c.db), append([]string{"-db", c.db}, args...), &out)
	return strings.TrimSpace(strings.ReplaceAll(out.String(), "\n", " ")), err
}

// result is one line of an interleaving (see labcmd.Result).
var result = labcmd.Result

// interleaveLines are printed one a line.
type interleaveLines []string

func (l interleaveLines) text() string {
	if len(l) == 0 {
		return ""
	}
	return strings.Join(l, "\n") + "\n"
}

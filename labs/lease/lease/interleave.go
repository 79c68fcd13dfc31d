package lease

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/sqlpause"
)

// hooked records the implementations whose store already opens its file
// through sqlpause's driver, which is transparent until a pause is armed.
var hooked = struct {
	sync.Mutex
	done map[*string]bool
}{done: map[*string]bool{}}

// useHooks points s's driver seam at sqlpause's driver, once per
// implementation. Every call through lease passes here before it reaches
// the store, so the write happens before any read of the seam.
func useHooks(s API) {
	if s.Driver == nil {
		return
	}
	hooked.Lock()
	defer hooked.Unlock()
	if !hooked.done[s.Driver] {
		*s.Driver = sqlpause.DriverName
		hooked.done[s.Driver] = true
	}
}

// runInterleave is the interleave command: it runs the operation of its
// first argument and, at the moment that operation's first query has been
// read (for a takeover, between reading the lapsed lease and writing the
// new holder), runs each further argument as a second worker would, on
// its own connection. A write that finds the store locked by the
// operation does not wait: it is reported as waiting and run once the
// operation is over, as a worker that waits for the lock would run.
func runInterleave(c *call) (any, error) {
	cmds := make([][]string, len(c.args))
	for i, a := range c.args {
		w := strings.Fields(a)
		if len(w) == 0 || w[0] == "interleave" || strings.HasPrefix(w[0], "-") {
			return nil, c.usage(i, "want one lease command without flags (it runs on the same store), not %q", a)
		}
		cmds[i] = w
	}
	op, others := cmds[0], cmds[1:]
	abs, err := filepath.Abs(c.db)
	if err != nil {
		return nil, err
	}
	var lines interleaveLines
	var waiting [][]string
	disarm := sqlpause.Pause(abs, func() {
		for _, w := range others {
			out, err := c.sub(w)
			if err != nil && strings.Contains(err.Error(), "database is locked") {
				lines = append(lines, "waits: "+strings.Join(w, " ")+" (the store is locked)")
				waiting = append(waiting, w)
				continue
			}
			lines = append(lines, result("during", w, out, err))
		}
	})
	out, opErr := c.sub(op)
	if !disarm() {
		waiting = others // the operation made no query: everything comes after
	}
	lines = append(lines, result("", op, out, opErr))
	for _, w := range waiting {
		out, err := c.sub(w)
		lines = append(lines, result("after", w, out, err))
	}
	return lines, nil
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
	var b bytes.Buffer
	err = Run(lab.Impl{Name: c.impl, Value: c.s}, filepath.Dir(c.db), append([]string{"-db", c.db}, args...), &b)
	return strings.TrimSpace(strings.ReplaceAll(b.String(), "\n", " ")), err
}

// result is one line of an interleaving: when it ran, what, and what it
// printed or the first line of the error it returned.
func result(when string, args []string, out string, err error) string {
	line := strings.Join(args, " ") + " => " + out
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		line = strings.Join(args, " ") + " => error: " + msg
	}
	if when != "" {
		line = when + ": " + line
	}
	return line
}

// interleaveLines are printed one a line.
type interleaveLines []string

func (l interleaveLines) text() string {
	if len(l) == 0 {
		return ""
	}
	return strings.Join(l, "\n") + "\n"
}

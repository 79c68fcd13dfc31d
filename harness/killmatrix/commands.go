package killmatrix

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/lab"
)

// timeoutMessage starts the failure of a script stopped at its deadline.
const timeoutMessage = "timeout: "

// scriptCmd is a command as testscript's Params.Cmds holds it.
type scriptCmd = func(ts *testscript.TestScript, neg bool, args []string)

// commands are the script commands a run registers: the lab's own, and
// "?", which runs a lab command that may fail or succeed (testscript has
// no such prefix of its own).
func (r *run) commands() map[string]scriptCmd {
	cmds := map[string]scriptCmd{"?": r.maybe}
	for _, c := range r.lab.Commands {
		cmds[c.Name] = r.command(c, false)
	}
	return cmds
}

// command runs one of the lab's commands in process, against the run's
// implementation, and records it in the transcript. Like an exec'd
// command, it succeeds, or fails with its error on stderr; "! cmd ..."
// expects the failure. Once the run's deadline has passed it stops the
// script instead.
func (r *run) command(c lab.Command, maybe bool) scriptCmd {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if time.Now().After(r.deadline) {
			r.timedOut.Store(true)
			ts.Fatalf("%sstill running after %v: stopped", timeoutMessage, r.timeout)
		}
		var out bytes.Buffer
		err := c.Run(r.impl, ts.MkAbs("."), args, &out)
		// The work directory differs on every run. As in testscript's own
		// logs, it is written $WORK in whatever a script can read, so that
		// no check can match the run's random folder name: an observation
		// that did would pass or fail by chance, and a kill it won by
		// chance would count.
		work := ts.Getenv("WORK")
		stdout := strings.ReplaceAll(out.String(), work, "$WORK")
		step := Step{Args: append([]string{c.Name}, args...), Stdout: stdout}
		if err != nil {
			step.Err = strings.ReplaceAll(err.Error(), work, "$WORK")
			fmt.Fprintln(ts.Stderr(), step.Err)
		}
		r.steps.add(step)
		io.WriteString(ts.Stdout(), stdout)
		switch {
		case maybe:
		case err != nil && !neg:
			ts.Fatalf("%s", failure(c.Name, args, err))
		case err == nil && neg:
			ts.Fatalf("%s %s: unexpected success", c.Name, strings.Join(args, " "))
		}
	}
}

// failure words a command's error as its script failure.
func failure(name string, args []string, err error) string {
	if strings.HasPrefix(err.Error(), name+" ") || strings.HasPrefix(err.Error(), name+":") {
		return err.Error()
	}
	sub := ""
	if len(args) > 0 {
		sub = " " + args[0]
	}
	return fmt.Sprintf("%s%s: %v", name, sub, err)
}

// maybe is the "?" command: "? idem counts" runs idem counts and goes on
// whether it fails or not, so that a later check can read what it printed.
func (r *run) maybe(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("! and ? cannot prefix one command")
	}
	if len(args) == 0 {
		ts.Fatalf("? on a line by itself")
	}
	c, ok := r.lab.Command(args[0])
	if !ok {
		ts.Fatalf("? may prefix only the lab's commands (%s), not %q", strings.Join(commandNames(r.lab), ", "), args[0])
	}
	r.command(c, true)(ts, false, args[1:])
}

func commandNames(l *lab.Lab) []string {
	var names []string
	for _, c := range l.Commands {
		names = append(names, c.Name)
	}
	return names
}

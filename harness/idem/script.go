package idem

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/impl"
)

// A Step is one idem command run by a script, as the harness saw it.
type Step struct {
	Args   []string `json:"args"`
	Stdout string   `json:"stdout"`
	Err    string   `json:"err,omitempty"` // the error, "" on success
}

// A Transcript records every idem command a script ran, in order, so that
// what the reference printed can be compared with what a mutant printed.
type Transcript struct {
	mu    sync.Mutex
	steps []Step
}

// Steps returns a copy of the recorded steps.
func (t *Transcript) Steps() []Step {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Step(nil), t.steps...)
}

func (t *Transcript) add(s Step) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.steps = append(t.steps, s)
	t.mu.Unlock()
}

// ScriptCmd returns the testscript command "idem", run in process against
// s: register it in testscript.Params.Cmds. Store paths are relative to the
// script's current directory. Every call is appended to rec, if not nil.
//
// Like an exec'd command, it succeeds, or fails with its error on stderr;
// "! idem ..." expects the failure. A usage error fails too, so a script
// can check that bad input is refused.
func ScriptCmd(s impl.Impl, rec *Transcript) func(ts *testscript.TestScript, neg bool, args []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		var out bytes.Buffer
		err := Run(s, ts.MkAbs("."), args, &out)
		step := Step{Args: args, Stdout: out.String()}
		if err != nil {
			fmt.Fprintln(ts.Stderr(), err)
			// The work directory differs on every run; as in testscript's
			// own logs, name it $WORK so transcripts compare equal.
			step.Err = strings.ReplaceAll(err.Error(), ts.Getenv("WORK"), "$WORK")
		}
		rec.add(step)
		ts.Stdout().Write(out.Bytes())
		var usage *UsageError
		switch {
		case err != nil && !neg && errors.As(err, &usage):
			ts.Fatalf("%v", err)
		case err != nil && !neg:
			ts.Fatalf("idem %s: %v", args[0], err)
		case err == nil && neg:
			ts.Fatalf("idem %s: unexpected success", args[0])
		}
	}
}

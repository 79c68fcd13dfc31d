package killmatrix

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/idem"
	"idemlab/harness/impl"
)

// Status is the result of one observation on one implementation.
type Status string

const (
	Pass    Status = "pass"
	Fail    Status = "fail"
	Timeout Status = "timeout"
)

// A Result is what one observation did on one implementation.
type Result struct {
	Status Status `json:"status"`
	// Where the script failed: "file:line", the script line there, and
	// testscript's message. Empty unless Status is Fail.
	Pos     string `json:"pos,omitempty"`
	Line    int    `json:"line,omitempty"`
	Command string `json:"command,omitempty"`
	Message string `json:"message,omitempty"`
	// Log is testscript's log of the failing phase (or of the whole
	// script, on a panic).
	Log string `json:"log,omitempty"`
	// Steps are the idem commands the script ran, with what they printed.
	Steps   []idem.Step   `json:"steps,omitempty"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// errAbort unwinds a script that called FailNow or Skip.
var errAbort = errors.New("script aborted")

// recorder is the testscript.T that collects one script's outcome instead
// of failing a Go test, in the manner of go-internal's own fakeT: FailNow
// and Skip unwind by panic, and Run recovers.
type recorder struct {
	mu      sync.Mutex
	log     strings.Builder
	failed  bool
	panic   string
	skipped bool
}

func (r *recorder) Skip(args ...any) {
	r.Log(args...)
	r.mu.Lock()
	r.skipped = true
	r.mu.Unlock()
	panic(errAbort)
}

func (r *recorder) Fatal(args ...any) {
	r.Log(args...)
	r.FailNow()
}

func (r *recorder) Parallel() {}

func (r *recorder) Log(args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintln(&r.log, args...)
}

func (r *recorder) FailNow() {
	r.mu.Lock()
	r.failed = true
	r.mu.Unlock()
	panic(errAbort)
}

func (r *recorder) Run(_ string, f func(testscript.T)) {
	defer r.catch()
	f(r)
}

func (r *recorder) Verbose() bool { return false }

// catch recovers the unwinding of FailNow and Skip, and records any other
// panic (an implementation that crashed) as a failure.
func (r *recorder) catch() {
	e := recover()
	if e == nil || e == errAbort {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
	r.panic = fmt.Sprintf("panic: %v\n%s", e, debug.Stack())
}

var failLine = regexp.MustCompile(`(?m)^FAIL: (.*):(\d+): (.*)$`)

// Run runs observation o against s and reports what happened. A script
// still running after timeout is reported as Timeout and left to finish in
// the background: its exec'd processes are killed at the deadline, but Go
// code cannot be stopped from outside, so a mutant that loops forever keeps
// one goroutine busy until the process exits.
//
// The script's work directory is made under workRoot ("" means the
// system's temporary directory) and removed when the script ends.
func Run(s impl.Impl, o Observation, timeout time.Duration, workRoot string) Result {
	start := time.Now()
	rec := &recorder{}
	var transcript idem.Transcript
	work, err := os.MkdirTemp(workRoot, "idemlab-")
	if err != nil {
		return Result{Status: Fail, Pos: o.File, Message: fmt.Sprintf("cannot make a work directory: %v", err)}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer os.RemoveAll(work)
		defer rec.catch()
		testscript.RunT(rec, testscript.Params{
			Files: []string{o.File},
			Cmds:  map[string]func(*testscript.TestScript, bool, []string){"idem": idem.ScriptCmd(s, &transcript)},
			// WorkdirRoot keeps testscript from deleting the directory
			// itself; the deferred RemoveAll above does, once the script
			// has really stopped.
			WorkdirRoot: work,
			Deadline:    start.Add(timeout),
		})
	}()
	select {
	case <-done:
	case <-time.After(timeout):
		return Result{Status: Timeout, Message: fmt.Sprintf("still running after %v", timeout), Steps: transcript.Steps(), Elapsed: time.Since(start)}
	}
	res := Result{Status: Pass, Steps: transcript.Steps(), Elapsed: time.Since(start)}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if !rec.failed && !rec.skipped {
		return res
	}
	res.Status = Fail
	res.Log = rec.log.String()
	switch m := failLine.FindStringSubmatch(res.Log); {
	case rec.panic != "":
		res.Message = strings.SplitN(rec.panic, "\n", 2)[0]
		res.Log += rec.panic
		res.Pos = o.File
	case rec.skipped:
		res.Message = "script skipped itself; an observation must run to the end"
		res.Pos = o.File
	case m != nil:
		res.Line, _ = strconv.Atoi(m[2])
		res.Pos = fmt.Sprintf("%s:%d", o.File, res.Line)
		res.Command = o.Command(res.Line)
		res.Message = m[3]
		// testscript stops exec'd commands a little before the deadline
		// and fails the script; that is still a timeout, not a kill.
		if strings.HasPrefix(res.Message, "test timed out") {
			res.Status = Timeout
		}
	default:
		res.Message = strings.TrimSpace(res.Log)
		res.Pos = o.File
	}
	return res
}

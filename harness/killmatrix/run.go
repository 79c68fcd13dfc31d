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
	"sync/atomic"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// A Result is what one observation did on one implementation.
type Result struct {
	// Status is Pass, Fail or TimedOut.
	Status outcome.Observation `json:"status"`
	// Where the script failed: "file:line", the line number, the script
	// line there, testscript's message, and the kind of evidence that line
	// reads. Empty unless Status is Fail (Message also says why a script
	// timed out).
	Pos      string   `json:"pos,omitempty"`
	Line     int      `json:"line,omitempty"`
	Command  string   `json:"command,omitempty"`
	Message  string   `json:"message,omitempty"`
	Evidence Evidence `json:"evidence,omitempty"`
	// Reads is the script line whose output a failing check read, when
	// the failing line is a check of stdout.
	Reads string `json:"reads,omitempty"`
	// Log is testscript's log of the failing phase (or of the whole
	// script, on a panic), cut to a bounded size.
	Log string `json:"log,omitempty"`
	// Steps are the lab commands the script ran, with what they printed.
	Steps []Step `json:"steps,omitempty"`
	// Calls names the implementation's function fields the script called,
	// sorted; it is recorded on the reference only (see baseline), and is
	// nil where it was not. Empty, in memory, says none were called.
	Calls []string `json:"calls,omitempty"`
	// NotReached says the script was not run: on the reference it called
	// none of the functions through which the mutant's change can run
	// (lab.Impl.Entries), so it runs the same code on the mutant, and its
	// result is the reference's.
	NotReached bool `json:"not_reached,omitempty"`
	// Cached says the result was not run but taken from Options.Cache,
	// which kept it from an earlier run of the same code and observation.
	Cached  bool          `json:"cached,omitempty"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// errAbort unwinds a script that called FailNow or Skip.
var errAbort = errors.New("script aborted")

// maxLog bounds the testscript log a recorder keeps.
const maxLog = 64 << 10

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
	text := fmt.Sprintln(args...)
	if room := maxLog - r.log.Len(); len(text) > room {
		text = text[:max(room, 0)] + "\n…(log cut)\n"
	}
	if r.log.Len() < maxLog {
		r.log.WriteString(text)
	}
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

// grace is how long Run waits, past an observation's deadline, for its
// script to notice and stop before giving up on it: a script stops at its
// next lab command, within milliseconds, unless a call is stuck for good.
func grace(timeout time.Duration) time.Duration {
	return min(2*time.Second, timeout/4+50*time.Millisecond)
}

// Run runs observation o against implementation s of lab l and reports
// what happened. Its lab commands stop the script once opt.Timeout has
// passed, and the result is TimedOut. Go code cannot be stopped from
// outside, so an implementation that never returns from one call keeps
// its goroutine busy; Run gives up on it a little after the deadline and
// reports TimedOut (the grader runs each submission in a process of its
// own, which is killed over its budget).
//
// The script's work directory is made under opt.WorkRoot and removed when
// the script ends.
func Run(l *lab.Lab, s lab.Impl, o Observation, opt Options) Result {
	opt = opt.withDefaults()
	start := time.Now()
	work, err := os.MkdirTemp(opt.WorkRoot, "idemlab-")
	if err != nil {
		return Result{Status: outcome.Fail, Pos: o.File, Message: fmt.Sprintf("cannot make a work directory: %v", err)}
	}
	r := &run{lab: l, impl: s, obs: o, timeout: opt.Timeout, deadline: start.Add(opt.Timeout), rec: &recorder{}, steps: &transcript{limits: opt.Limits}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer os.RemoveAll(work)
		defer r.rec.catch()
		testscript.RunT(r.rec, testscript.Params{
			Files: []string{o.runFile()},
			Cmds:  r.commands(),
			// WorkdirRoot keeps testscript from deleting the directory
			// itself; the deferred RemoveAll above does, once the script
			// has really stopped.
			WorkdirRoot: work,
			Deadline:    r.deadline,
		})
	}()
	select {
	case <-done:
	case <-time.After(opt.Timeout + grace(opt.Timeout)):
		r.timedOut.Store(true)
	}
	res := r.result()
	res.Elapsed = time.Since(start)
	return res
}

// run is one observation running on one implementation.
type run struct {
	lab      *lab.Lab
	impl     lab.Impl
	obs      Observation
	timeout  time.Duration
	deadline time.Time
	rec      *recorder
	steps    *transcript
	timedOut atomic.Bool
}

// result reads what the script did, once it stopped or was given up on.
func (r *run) result() Result {
	res := Result{Status: outcome.Pass, Steps: r.steps.Steps()}
	if r.timedOut.Load() {
		res.Status, res.Message = outcome.TimedOut, fmt.Sprintf("still running after %v: stopped", r.timeout)
		r.stoppedAt(&res)
		return res
	}
	rec := r.rec
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if !rec.failed && !rec.skipped {
		return res
	}
	res.Status, res.Log = outcome.Fail, rec.log.String()
	r.explain(&res, rec)
	return res
}

// stoppedAt sets where a timed-out script was: the line of the lab
// command it was running, or found its deadline past at, which is the
// one after those its transcript holds (a command is recorded as it
// returns, and a script runs its lines in order). A line under a
// [condition] may not have run, so past one only the file is known.
func (r *run) stoppedAt(res *Result) {
	res.Pos = r.obs.File
	if r.obs.Script == nil {
		return
	}
	k := len(res.Steps)
	for _, l := range r.obs.Script.Lines {
		if _, ok := r.lab.Command(l.Cmd); !ok {
			continue
		}
		switch {
		case len(l.Conds) > 0:
			return
		case k == 0:
			res.Line, res.Pos = l.N, fmt.Sprintf("%s:%d", r.obs.File, l.N)
			res.Command = l.Text
			return
		}
		k--
	}
}

var failLine = regexp.MustCompile(`(?m)^FAIL: (.*):(\d+): (.*)$`)

// explain fills in where and why a failed script failed.
func (r *run) explain(res *Result, rec *recorder) {
	o := r.obs
	switch m := failLine.FindStringSubmatch(res.Log); {
	case rec.panic != "":
		res.Message = strings.SplitN(rec.panic, "\n", 2)[0]
		res.Log += rec.panic
		res.Pos, res.Evidence = o.File, EvidenceError
	case rec.skipped:
		res.Message = "script skipped itself; an observation must run to the end"
		res.Pos, res.Evidence = o.File, EvidenceError
	case m != nil:
		res.Line, _ = strconv.Atoi(m[2])
		res.Pos = fmt.Sprintf("%s:%d", o.File, res.Line)
		res.Command = o.Command(res.Line)
		res.Message = m[3]
		res.Evidence = EvidenceAt(r.lab, o, res.Line)
		res.Reads = ReadsOutputOf(o, res.Line)
		// testscript stops exec'd commands a little before the deadline
		// and fails the script; that is still a timeout, not a kill.
		if strings.HasPrefix(res.Message, "test timed out") || strings.HasPrefix(res.Message, timeoutMessage) {
			res.Status = outcome.TimedOut
		}
	default:
		res.Message = strings.TrimSpace(res.Log)
		res.Pos, res.Evidence = o.File, EvidenceError
	}
}

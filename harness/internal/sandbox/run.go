package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Why Run kills a child.
var (
	errOverWall   = errors.New("sandbox: over the wall-clock budget")
	errOverOutput = errors.New("sandbox: over the output budget")
)

// child is one started command and what serves it.
type child struct {
	cmd            *exec.Cmd
	started, ended time.Time
	stdout, stderr capture
	outDone        chan struct{}
	errDone        chan struct{}
	status         *status    // nil without bubblewrap
	parentEnds     []*os.File // read ends of stdout, stderr, status
	blockW         *os.File   // write end of --block-fd, or nil
	mu             sync.Mutex // guards why and exited
	why            error      // why Run killed the child, if it did
	exited         bool       // the child has exited: kill no more
	state          *os.ProcessState
}

func (p *plan) execute(ctx context.Context) (Result, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, p.spec.Budget.Wall, errOverWall)
	defer cancel()
	res := Result{Isolation: p.isolation}
	var cred *syscall.Credential
	if p.unprivileged {
		a, err := claim(&p.spec)
		if err != nil {
			return res, err
		}
		defer a.release()
		p.argv[p.progAt], cred = p.spec.Path, a.credential()
	}
	c, err := p.start(ctx, cred)
	if err != nil && context.Cause(ctx) == errOverWall {
		// The budget ran out before the child could start (a tiny budget
		// on a loaded machine): that is over the budget, not a failure.
		res.OverWall = true
		return res, nil
	}
	if err != nil {
		return res, err
	}
	lateErr := p.lateLimits(ctx, c)
	if lateErr != nil {
		c.kill(lateErr)
	}
	c.wait()
	res.Elapsed = c.ended.Sub(c.started)
	res.Stdout, res.Stderr = c.stdout.buf.Bytes(), c.stderr.buf.Bytes()
	if lateErr != nil {
		return res, fmt.Errorf("sandbox: setting rlimits: %w", lateErr)
	}
	return p.outcome(c, res)
}

// start starts the command, as the user cred names if any, and the
// goroutines that read from it.
func (p *plan) start(ctx context.Context, cred *syscall.Credential) (*child, error) {
	cmd := exec.CommandContext(ctx, p.argv[0], p.argv[1:]...)
	cmd.Env, cmd.Dir = p.env, p.spec.Work
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: cred}
	cmd.WaitDelay = drainDelay
	c := &child{
		cmd:     cmd,
		stdout:  capture{max: p.spec.Budget.Output},
		stderr:  capture{max: stderrCap},
		outDone: make(chan struct{}),
		errDone: make(chan struct{}),
	}
	cmd.Cancel = func() error { return c.kill(context.Cause(ctx)) }
	c.stdout.onOver = func() { c.kill(errOverOutput) }
	childEnds, err := c.pipes(p.sandboxed, p.sandboxed && p.late)
	if err == nil {
		inheritNothing()
		c.started = time.Now()
		err = cmd.Start()
	}
	closeAll(childEnds)
	if err != nil {
		closeAll(append(c.parentEnds, c.blockW))
		return nil, fmt.Errorf("sandbox: starting %s: %w", p.spec.Path, err)
	}
	go c.stdout.drain(c.parentEnds[0], c.outDone)
	go c.stderr.drain(c.parentEnds[1], c.errDone)
	if c.status != nil {
		go c.status.read(c.parentEnds[2])
	}
	return c, nil
}

// pipes makes the pipes for stdout, stderr and, under bubblewrap, its
// status descriptor and, with block, its block descriptor; it returns
// the ends the child gets.
func (c *child) pipes(status, block bool) ([]*os.File, error) {
	n := 2
	if status {
		c.status = newStatus()
		n++
	}
	if block {
		n++
	}
	var childEnds []*os.File
	for i := range n {
		r, w, err := os.Pipe()
		if err != nil {
			return childEnds, err
		}
		if i+1 == blockFD { // stdout is descriptor 1
			c.blockW, childEnds = w, append(childEnds, r)
		} else {
			c.parentEnds, childEnds = append(c.parentEnds, r), append(childEnds, w)
		}
	}
	c.cmd.Stdout, c.cmd.Stderr = childEnds[0], childEnds[1]
	c.cmd.ExtraFiles = childEnds[2:]
	return childEnds, nil
}

// lateLimits sets the rlimits with prlimit(2) when prlimit(1) is missing:
// under bubblewrap on the sandbox's first process while it waits on
// blockFD, without it on the child itself, which is already running.
func (p *plan) lateLimits(ctx context.Context, c *child) error {
	if !p.late {
		return nil
	}
	pid := c.cmd.Process.Pid
	if c.blockW != nil {
		select {
		case pid = <-c.status.pid:
		case <-c.status.done:
			return nil // bwrap ended before it started a sandbox
		case <-ctx.Done():
			return nil
		}
	}
	err := setLimits(pid, p.limits)
	if err == nil && c.blockW != nil {
		_, err = c.blockW.Write([]byte{0})
	}
	if errors.Is(err, syscall.ESRCH) || errors.Is(err, syscall.EPIPE) {
		return nil // it has ended already; outcome tells how
	}
	return err
}

// kill kills the child's process group and records why, if it is the
// first reason, unless the child has exited already.
func (c *child) kill(why error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.exited {
		return nil
	}
	if c.why == nil {
		c.why = why
	}
	return killGroup(c.cmd.Process.Pid)
}

// wait waits for the child to exit, kills what is left of it, reaps it
// and collects its output.
func (c *child) wait() {
	pid := c.cmd.Process.Pid
	waitExit(pid)
	c.ended = time.Now()
	c.mu.Lock()
	c.exited = true
	_ = killGroup(pid) // what the child left in its process group
	c.mu.Unlock()
	_ = c.cmd.Wait()
	c.state = c.cmd.ProcessState
	timer := time.NewTimer(drainDelay)
	defer timer.Stop()
	if c.status != nil {
		c.await(c.status.done, timer)
		c.status.kill() // what bwrap left, if it died early
	}
	c.await(c.outDone, timer)
	c.await(c.errDone, timer)
	closeAll(append(c.parentEnds, c.blockW))
}

// await waits for done; once timer fires, it closes the pipes so that
// the goroutines reading them end.
func (c *child) await(done chan struct{}, timer *time.Timer) {
	select {
	case <-done:
	case <-timer.C:
		closeAll(c.parentEnds)
		<-done
	}
}

// outcome fills in how the child ended.
func (p *plan) outcome(c *child, res Result) (Result, error) {
	c.mu.Lock()
	why := c.why
	c.mu.Unlock()
	res.OverWall = why == errOverWall
	res.OverOutput = c.stdout.over
	if c.state == nil {
		return res, fmt.Errorf("sandbox: lost %s", p.spec.Path)
	}
	ws := c.state.Sys().(syscall.WaitStatus)
	code := ws.ExitStatus()
	switch {
	case ws.Signaled():
		res.ExitCode, res.Signal = -1, ws.Signal().String()
	case !p.sandboxed:
		res.ExitCode = code
	case c.status.exitCode == nil && why == nil && !res.OverOutput:
		msg := strings.TrimSpace(string(res.Stderr))
		return res, fmt.Errorf("sandbox: bubblewrap did not start %s: %s", p.spec.Path, msg)
	case code > 128 && code <= 128+64:
		res.ExitCode, res.Signal = -1, syscall.Signal(code-128).String()
	default:
		res.ExitCode = code
	}
	return res, nil
}

func closeAll(files []*os.File) {
	for _, f := range files {
		if f != nil {
			_ = f.Close()
		}
	}
}

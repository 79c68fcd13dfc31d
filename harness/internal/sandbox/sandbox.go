package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Budget is what one child may use. A zero field takes the default given
// with it, except Memory, where zero means no limit.
type Budget struct {
	// Wall bounds the whole run, from start to exit: at the deadline the
	// child and everything it started are killed. Default 10s.
	Wall time.Duration
	// CPU is RLIMIT_CPU, rounded up to whole seconds and counted per
	// process over all its threads; the kernel kills a process that uses
	// more. Default: Wall rounded up, plus one second, so that a
	// single-threaded child meets the wall clock first.
	CPU time.Duration
	// Memory is RLIMIT_AS in bytes: the address space of each process,
	// not its resident memory. A Go program needs at least MinGoMemory.
	// Zero means no limit.
	Memory int64
	// Disk is the size in bytes of the work area (a tmpfs under
	// bubblewrap) and RLIMIT_FSIZE, the largest file the child may write.
	// Default 16 MiB.
	Disk int64
	// Output is how many bytes of stdout are kept; a child that writes
	// more is killed and OverOutput is set. Default 1 MiB.
	Output int64
	// Files is RLIMIT_NOFILE. Default 64.
	Files int
}

// MinGoMemory is the smallest Memory budget to give a child written in
// Go; the package manual tells how it was measured. The Go runtime
// reserves about 690 MiB of address space before main (720 MiB when
// linked with libc), and at 2 GiB a Go child can still allocate about
// 800 MiB (pure Go) or 500 MiB (cgo) of heap.
const MinGoMemory int64 = 2 << 30

const (
	defaultWall   = 10 * time.Second
	defaultDisk   = 16 << 20
	defaultOutput = 1 << 20
	defaultFiles  = 64
	// stderrCap is how much of stderr Run keeps; the rest is read and
	// dropped without further notice.
	stderrCap = 64 << 10
	// drainDelay is how long Run waits, once the child has exited, for
	// the processes still holding its stdout or stderr.
	drainDelay = 500 * time.Millisecond
)

// Spec says what to run and where.
type Spec struct {
	// Path is the program: an absolute path, or a name looked up in the
	// PATH of the calling process.
	Path string
	// Args are the arguments after the program name.
	Args []string
	// Env is the child's whole environment, to which Run adds
	// PATH=/usr/bin:/bin, TMPDIR=Work and PWD=Work unless Env sets them.
	Env []string
	// Work is a directory the caller made and removes afterwards: the
	// child's working directory and its only writable place. Under
	// bubblewrap a fresh tmpfs of Budget.Disk bytes is mounted there,
	// seen only by the child: files in the host directory are hidden
	// from it and what it writes vanishes with it.
	Work string
	// ReadOnly are the paths the child may read, each visible at its own
	// path and each of which must exist: the program itself when it is
	// not under /usr (Path is added when needed), a submission, input
	// files.
	ReadOnly []string
	// Given are paths the caller made for this child alone (a stage of
	// its input), which it reads as it reads ReadOnly: under bubblewrap
	// they are bound read-only; without it, when the caller is root, Run
	// gives them to the child's group for the run (root's, group-readable,
	// nothing for others), so that no other user reads them, a child of
	// another run included.
	Given []string
	// Budget is what the child may use.
	Budget Budget
	// NoSandbox runs the child without bubblewrap, under the rlimits
	// only, even where bubblewrap is usable. Without it, Run refuses to
	// start a child where bubblewrap is not usable ([ErrNoSandbox]). A
	// caller running as root gets the child run as an unprivileged user
	// of its own (see the package manual).
	NoSandbox bool
	// NoProc leaves /proc out of the sandbox: a Go program needs none of
	// it, and what it holds (the process's own read and write counters
	// in /proc/self/io, its mounts, its limits) is state an untrusted
	// script has no business reading. Without bubblewrap it does nothing.
	NoProc bool
}

// Result is what became of a child that started.
type Result struct {
	// Stdout is the child's standard output, at most Budget.Output bytes.
	Stdout []byte
	// Stderr is the start of the child's standard error (64 KiB at most).
	Stderr []byte
	// ExitCode is the child's exit status, or -1 when it was killed by
	// a signal.
	ExitCode int
	// Signal names the signal that killed the child ("killed"), or is
	// empty.
	Signal string
	// OverWall is set when Run killed the child at Budget.Wall.
	OverWall bool
	// OverOutput is set when Run killed the child for writing more than
	// Budget.Output bytes to stdout.
	OverOutput bool
	// Elapsed is the wall-clock time from start to exit.
	Elapsed time.Duration
	// Isolation says what enforced the budget: "bubblewrap", or
	// "rlimits only (...)" with the reason; see the package manual.
	Isolation string
}

// ErrNoSandbox is Run's error where bubblewrap is not usable and the
// Spec did not turn the sandbox off by name: untrusted code runs without
// it only when its caller asks.
var ErrNoSandbox = errors.New("sandbox: bubblewrap is not usable here, and without it a child runs only when the sandbox is turned off by name")

// Run runs s.Path in the sandbox and waits for it. Its error is for a
// child that could not be started at all (a bad Spec, a missing program,
// a sandbox that would not come up); every way a started child ends,
// including being killed, is told in the Result. A child killed because
// ctx was done shows as Signal "killed" with OverWall unset; one whose
// Budget.Wall ran out before it could start shows as OverWall.
//
// Run may be called from many goroutines at once. Each call marks the
// descriptors of the calling process close-on-exec (see the package
// manual), so that the child inherits only its stdin, stdout and stderr.
func Run(ctx context.Context, s Spec) (Result, error) {
	return run(ctx, s, probed())
}

// run is Run with the tools given, so that the tests can take away
// bubblewrap or prlimit.
func run(ctx context.Context, s Spec, t tools) (Result, error) {
	p, err := newPlan(s, t)
	if err != nil {
		return Result{Isolation: t.describe(s.NoSandbox)}, err
	}
	return p.execute(ctx)
}

// plan is a checked Spec and the command line that carries it out.
type plan struct {
	spec      Spec
	argv      []string
	env       []string
	limits    []limit
	sandboxed bool // under bubblewrap
	late      bool // rlimits set with prlimit(2) after start (no prlimit(1))
	isolation string
	// unprivileged: without bubblewrap, as root, so the child runs as a
	// user of its own; argv[progAt] is the program's path.
	unprivileged bool
	progAt       int
}

func newPlan(s Spec, t tools) (*plan, error) {
	if t.bwrap == "" && !s.NoSandbox {
		return nil, fmt.Errorf("%w (%s)", ErrNoSandbox, t.why)
	}
	if err := normalize(&s); err != nil {
		return nil, err
	}
	p := &plan{
		spec:      s,
		env:       environ(s),
		limits:    limitsFor(s.Budget),
		sandboxed: t.bwrap != "" && !s.NoSandbox,
		late:      t.prlimit == "",
		isolation: t.describe(s.NoSandbox),
	}
	p.unprivileged = !p.sandboxed && t.root
	if !p.late {
		p.argv = prlimitArgs(t.prlimit, p.limits)
	}
	if p.sandboxed {
		p.argv = append(p.argv, bwrapArgs(t.bwrap, s, p.late)...)
	}
	p.progAt = len(p.argv)
	p.argv = append(append(p.argv, s.Path), s.Args...)
	return p, nil
}

// normalize resolves the paths of s and fills in the default budget.
func normalize(s *Spec) error {
	path, err := exec.LookPath(s.Path)
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if s.Path, err = filepath.Abs(path); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if s.Work == "" {
		return errors.New("sandbox: Spec.Work is empty")
	}
	if s.Work, err = filepath.Abs(s.Work); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if fi, err := os.Stat(s.Work); err != nil || !fi.IsDir() {
		return fmt.Errorf("sandbox: work area %s is not a directory", s.Work)
	}
	s.Given = slices.Clone(s.Given)
	for i, g := range s.Given {
		if s.Given[i], err = filepath.Abs(g); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
	}
	ro := slices.Concat(s.ReadOnly, s.Given)
	if real, err := filepath.EvalSymlinks(s.Path); err != nil || !within(real, "/usr") {
		ro = append(ro, s.Path)
	}
	for i, r := range ro {
		if ro[i], err = filepath.Abs(r); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		if _, err := os.Stat(ro[i]); err != nil {
			return fmt.Errorf("sandbox: read-only path: %w", err)
		}
	}
	slices.Sort(ro)
	s.ReadOnly = slices.Compact(ro)
	s.Budget = s.Budget.withDefaults()
	return nil
}

func (b Budget) withDefaults() Budget {
	if b.Wall <= 0 {
		b.Wall = defaultWall
	}
	if b.CPU <= 0 {
		b.CPU = (b.Wall + time.Second - 1).Truncate(time.Second) + time.Second
	}
	if b.Disk <= 0 {
		b.Disk = defaultDisk
	}
	if b.Output <= 0 {
		b.Output = defaultOutput
	}
	if b.Files <= 0 {
		b.Files = defaultFiles
	}
	return b
}

// environ is the child's environment: Spec.Env and the defaults it does
// not override.
func environ(s Spec) []string {
	env := slices.Clone(s.Env)
	for _, kv := range []string{"PATH=/usr/bin:/bin", "TMPDIR=" + s.Work, "PWD=" + s.Work} {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.ContainsFunc(env, func(e string) bool { return strings.HasPrefix(e, name+"=") }) {
			env = append(env, kv)
		}
	}
	return env
}

package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Bubblewrap is what IsolationFor and Result.Isolation say when bubblewrap
// enforces the sandbox. When prlimit(1) is missing a note follows it.
const Bubblewrap = "bubblewrap"

// NoBwrapEnv, set to anything in the environment of a process, makes Run
// and IsolationFor in it take bubblewrap as not usable, so that a test,
// or an instructor trying their fallback, sees what a machine without it
// does. It can only take the sandbox away, never turn it on.
const NoBwrapEnv = "IDEMLAB_NO_BWRAP"

// tools are the programs Run uses: bwrap is empty when bubblewrap is not
// usable (why says why), prlimit when prlimit(1) is not found.
type tools struct {
	bwrap, prlimit, why string
	// root: the caller is root, so a child run without bubblewrap runs
	// as an unprivileged user.
	root bool
}

// probed finds the tools once per process.
var probed = sync.OnceValue(probe)

func probe() tools {
	t := tools{root: os.Geteuid() == 0}
	t.prlimit, _ = exec.LookPath("prlimit")
	if os.Getenv(NoBwrapEnv) != "" {
		t.why = "bubblewrap left out by " + NoBwrapEnv
		return t
	}
	bwrap, err := exec.LookPath("bwrap")
	if err != nil {
		t.why = "bubblewrap not found"
		return t
	}
	if why := tryBwrap(bwrap, t.prlimit); why != "" {
		t.why = "bubblewrap unusable: " + why
		return t
	}
	t.bwrap = bwrap
	return t
}

// tryBwrap runs true(1) the way Run would, and says what went wrong, or
// nothing.
func tryBwrap(bwrap, prlimit string) string {
	truePath, err := exec.LookPath("true")
	if err != nil {
		return err.Error()
	}
	work, err := os.MkdirTemp("", "sandbox-probe")
	if err != nil {
		return err.Error()
	}
	defer os.RemoveAll(work)
	s := Spec{Path: truePath, Work: work, Budget: Budget{Wall: 10 * time.Second}}
	res, err := run(context.Background(), s, tools{bwrap: bwrap, prlimit: prlimit})
	switch {
	case err != nil:
		return err.Error()
	case res.ExitCode != 0:
		return fmt.Sprintf("true(1) ended with status %d %s: %s",
			res.ExitCode, res.Signal, bytes.TrimSpace(res.Stderr))
	}
	return ""
}

// IsolationFor says what Run enforces its budgets with on this machine,
// for runs made with Spec.NoSandbox set to noSandbox: Bubblewrap, or
// "rlimits only (why)" when the sandbox is turned off, or bubblewrap is
// not found or does not work here. It runs bubblewrap once, on its first
// call, to see; a caller can announce it before it starts any run.
func IsolationFor(noSandbox bool) string {
	return probed().describe(noSandbox)
}

// Unusable says why bubblewrap is not usable here ("bubblewrap not
// found", …), or is empty when it is; like IsolationFor it probes once.
func Unusable() string { return probed().why }

// Sandboxed reports whether an IsolationFor (or a Result's) says bubblewrap
// enforced the sandbox.
func Sandboxed(isolation string) bool {
	return strings.HasPrefix(isolation, Bubblewrap)
}

func (t tools) describe(noSandbox bool) string {
	var s string
	switch {
	case noSandbox:
		s = "rlimits only (sandbox turned off)"
	case t.bwrap == "":
		s = "rlimits only (" + t.why + ")"
	default:
		s = Bubblewrap
	}
	if t.root && !strings.HasPrefix(s, Bubblewrap) {
		s += " as an unprivileged user"
	}
	switch {
	case t.prlimit != "":
	case strings.HasPrefix(s, Bubblewrap):
		s += " (prlimit not found: rlimits set with prlimit(2) before the command starts)"
	default:
		s += " (prlimit not found: rlimits set just after start)"
	}
	return s
}

// Descriptors that Run passes to bwrap, after stdin, stdout and stderr.
const (
	statusFD = 3 // --json-status-fd: bwrap tells the child's pid and exit code
	blockFD  = 4 // --block-fd: the sandbox waits for Run to set the rlimits
)

// bwrapArgs is the bwrap command line for s, up to the program's path.
// With block, the sandbox waits on blockFD before it starts the program.
func bwrapArgs(bwrap string, s Spec, block bool) []string {
	a := []string{bwrap,
		"--die-with-parent", "--new-session",
		"--unshare-user-try", "--unshare-ipc", "--unshare-pid",
		"--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
		"--hostname", "sandbox", "--cap-drop", "ALL",
	}
	a = append(a, systemView()...)
	a = append(a, "--dev", "/dev")
	if !s.NoProc {
		a = append(a, "--proc", "/proc")
	}
	a = append(a, "--tmpfs", "/tmp")
	var inWork []string
	for _, p := range s.ReadOnly {
		if within(p, s.Work) {
			inWork = append(inWork, p)
			continue
		}
		a = append(a, "--ro-bind", p, p)
	}
	a = append(a, "--size", strconv.FormatInt(s.Budget.Disk, 10), "--tmpfs", s.Work)
	for _, p := range inWork {
		a = append(a, "--ro-bind", p, p)
	}
	a = append(a,
		"--remount-ro", "/tmp", "--remount-ro", "/dev", "--remount-ro", "/",
		"--chdir", s.Work, "--json-status-fd", strconv.Itoa(statusFD))
	if block {
		a = append(a, "--block-fd", strconv.Itoa(blockFD))
	}
	return append(a, "--")
}

// systemView binds /usr read-only, with /bin, /lib and /lib64 as they are
// on the host: the symlinks of a merged /usr, or read-only binds.
func systemView() []string {
	a := []string{"--ro-bind", "/usr", "/usr"}
	for _, d := range []string{"/bin", "/lib", "/lib64"} {
		fi, err := os.Lstat(d)
		if err != nil {
			continue
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			a = append(a, "--ro-bind", d, d)
			continue
		}
		if target, err := os.Readlink(d); err == nil {
			a = append(a, "--symlink", target, d)
		}
	}
	return a
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

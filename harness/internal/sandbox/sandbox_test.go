package sandbox

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// mode is one way Run can enforce a budget.
type mode struct {
	name      string
	tools     tools
	sandboxed bool
}

// modes are the four ways: with or without bubblewrap, with prlimit(1)
// or with prlimit(2) as the fallback.
func modes() []mode {
	real := probed()
	noBwrap := tools{prlimit: real.prlimit, why: "bubblewrap left out by the test"}
	return []mode{
		{"bubblewrap", real, true},
		{"bubblewrap-without-prlimit", tools{bwrap: real.bwrap}, true},
		{"rlimits", noBwrap, false},
		{"rlimits-without-prlimit", tools{why: noBwrap.why}, false},
	}
}

// forModes runs f as a parallel subtest in each mode, skipping those
// that need bubblewrap when it is not usable, or prlimit when it is
// missing.
func forModes(t *testing.T, f func(t *testing.T, m mode)) {
	for _, m := range modes() {
		t.Run(m.name, func(t *testing.T) {
			if m.sandboxed && m.tools.bwrap == "" {
				t.Skipf("bubblewrap is not usable here (%s)", probed().why)
			}
			if !strings.Contains(m.name, "without-prlimit") && probed().prlimit == "" {
				t.Skip("prlimit(1) not found")
			}
			t.Parallel()
			f(t, m)
		})
	}
}

// testBudget keeps every test small: a Go child under MinGoMemory.
var testBudget = Budget{Wall: 5 * time.Second, Memory: MinGoMemory, Disk: 1 << 20, Output: 64 << 10, Files: 64}

// spec runs the test binary as the helper args[0] under b.
func (m mode) spec(t *testing.T, b Budget, args ...string) Spec {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := []string{helperEnv + "=1"}
	switch {
	case raceEnabled:
		b.Memory = 0
		env = append(env, "GORACE=atexit_sleep_ms=0") // not 1s at each exit
	case !m.sandboxed && m.tools.prlimit == "" && b.Memory != 0:
		// The rlimits come just after the start, when the Go runtime
		// and libc may already have reserved more than MinGoMemory.
		b.Memory = 4 << 30
	}
	return Spec{Path: self, Args: args, Env: env, Work: t.TempDir(), Budget: b, NoSandbox: !m.sandboxed}
}

// runIn runs s in mode m and checks that its work area can be removed
// and is no mount point.
func runIn(t *testing.T, m mode, s Spec) Result {
	t.Helper()
	res, err := run(context.Background(), s, m.tools)
	if err != nil {
		t.Fatalf("run: %v (stderr %q)", err, res.Stderr)
	}
	if left, _ := os.ReadDir(s.Work); m.sandboxed && len(left) > 0 {
		t.Errorf("the child's files are on the host: %v", left)
	}
	checkWorkRemovable(t, s.Work)
	return res
}

func checkWorkRemovable(t *testing.T, work string) {
	t.Helper()
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(mounts), " "+work+" ") {
		t.Errorf("%s is still mounted on the host", work)
	}
	if err := os.RemoveAll(work); err != nil {
		t.Errorf("removing the work area: %v", err)
	}
}

// end is the part of a Result that the tests compare.
type end struct {
	Stdout               string
	ExitCode             int
	Signal               string
	OverWall, OverOutput bool
}

func endOf(r Result) end {
	return end{string(r.Stdout), r.ExitCode, r.Signal, r.OverWall, r.OverOutput}
}

func TestRunReturnsOutputAndExitCode(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		want   end
		stderr string
	}{
		{"hello", []string{"hello"}, end{Stdout: "hello\n", ExitCode: 7}, "warn\n"},
		{"exactly the output budget", []string{"print", "65536"}, end{Stdout: strings.Repeat("x", 65536)}, ""},
		{"no output", []string{"print", "0"}, end{}, ""},
	}
	forModes(t, func(t *testing.T, m mode) {
		for _, tt := range tests {
			res := runIn(t, m, m.spec(t, testBudget, tt.args...))
			if diff := cmp.Diff(tt.want, endOf(res)); diff != "" {
				t.Errorf("%s: result (-want +got):\n%s", tt.name, diff)
			}
			if got := string(res.Stderr); got != tt.stderr {
				t.Errorf("%s: stderr %q, want %q", tt.name, got, tt.stderr)
			}
		}
	})
}

func TestRunCleansTheEnvironment(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		s := m.spec(t, testBudget, "env")
		s.Env = append(s.Env, "GRADE=1")
		res := runIn(t, m, s)
		want := append(slices.Clone(s.Env), "PATH=/usr/bin:/bin", "PWD="+s.Work, "TMPDIR="+s.Work)
		slices.Sort(want)
		if diff := cmp.Diff(want, strings.Split(string(res.Stdout), "\n")); diff != "" {
			t.Errorf("environment (-want +got):\n%s", diff)
		}
	})
}

func TestRunLeaksNoDescriptors(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		res := runIn(t, m, m.spec(t, testBudget, "fds"))
		if diff := cmp.Diff(end{}, endOf(res)); diff != "" {
			t.Errorf("pipes open in the child (-want +got):\n%s", diff)
		}
	})
}

func TestMemoryBudgetStopsTheChildOnly(t *testing.T) {
	if raceEnabled {
		t.Skip("a race-enabled child cannot run under RLIMIT_AS")
	}
	var before unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_AS, &before); err != nil {
		t.Fatal(err)
	}
	forModes(t, func(t *testing.T, m mode) {
		res := runIn(t, m, m.spec(t, testBudget, "alloc"))
		if res.ExitCode == 0 || res.OverWall || !strings.Contains(string(res.Stderr), "out of memory") {
			t.Errorf("got %+v, stderr ends %q; want a child dead of running out of memory",
				endOf(res), tail(res.Stderr))
		}
		var after unix.Rlimit
		if err := unix.Getrlimit(unix.RLIMIT_AS, &after); err != nil || after != before {
			t.Errorf("the test's own RLIMIT_AS is %+v (%v), was %+v", after, err, before)
		}
	})
}

func head(b []byte) string {
	return string(b[:min(len(b), 200)])
}

func tail(b []byte) string {
	return string(b[max(0, len(b)-200):])
}

func TestDiskBudget(t *testing.T) {
	tests := []struct {
		name             string
		files, size      string
		sandbox, rlimits string
	}{
		// Under bubblewrap the work area is a 1 MiB tmpfs; without it
		// nothing bounds the total, as the manual says.
		{"many small files", "8", "262144", "ENOSPC", "ok"},
		// RLIMIT_FSIZE bounds each file in both modes.
		{"one big file", "1", "2097152", "EFBIG", "EFBIG"},
	}
	forModes(t, func(t *testing.T, m mode) {
		for _, tt := range tests {
			res := runIn(t, m, m.spec(t, testBudget, "fill", tt.files, tt.size))
			want := tt.rlimits
			if m.sandboxed {
				want = tt.sandbox
			}
			if got := string(res.Stdout); got != want {
				t.Errorf("%s: got %q, want %q (isolation %q)", tt.name, got, want, res.Isolation)
			}
			if m.sandboxed != strings.HasPrefix(res.Isolation, Bubblewrap) {
				t.Errorf("isolation %q", res.Isolation)
			}
		}
	})
}

func TestWallBudgetKillsGrandchildren(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		token := "grandchild-" + filepath.Base(t.TempDir())
		b := testBudget
		b.Wall = 300 * time.Millisecond
		res := runIn(t, m, m.spec(t, b, "sleep", token))
		want := end{ExitCode: -1, Signal: "killed", OverWall: true}
		got := endOf(res)
		if !strings.HasPrefix(got.Stdout, "grandchild ") {
			t.Errorf("the child did not start its grandchild: %q %q", got.Stdout, res.Stderr)
		}
		got.Stdout = ""
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("result (-want +got):\n%s", diff)
		}
		// Elapsed counts from the child's start, a little after the
		// budget's clock began; only a run far past it is wrong.
		if res.Elapsed > b.Wall+5*time.Second {
			t.Errorf("Run took %v for a wall budget of %v: the child was not stopped at its deadline", res.Elapsed, b.Wall)
		}
		checkGone(t, token)
	})
}

// TestWallBudgetBeforeStart: a budget that runs out before the child can
// start (a tiny one on a loaded machine) is a run over its budget, never
// an error that the child "could not start".
func TestWallBudgetBeforeStart(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		b := testBudget
		b.Wall = time.Nanosecond
		res, err := run(context.Background(), m.spec(t, b, "sleep", "never"), m.tools)
		if err != nil || !res.OverWall {
			t.Errorf("run = OverWall %v, error %v; want OverWall and no error", res.OverWall, err)
		}
	})
}

// checkGone fails unless no live process has token on its command line
// within a second.
func checkGone(t *testing.T, token string) {
	t.Helper()
	for deadline := time.Now().Add(time.Second); ; time.Sleep(20 * time.Millisecond) {
		pids := processesWith(token)
		if len(pids) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes %v outlived Run", pids)
		}
	}
}

func processesWith(token string) []string {
	paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var pids []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(b), token) {
			pids = append(pids, filepath.Base(filepath.Dir(p)))
		}
	}
	return pids
}

func TestCancelKillsTheChild(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		token := "cancelled-" + filepath.Base(t.TempDir())
		s := m.spec(t, testBudget, "sleep", token)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		res, err := run(ctx, s, m.tools)
		if err != nil {
			t.Fatal(err)
		}
		res.Stdout = nil
		if diff := cmp.Diff(end{ExitCode: -1, Signal: "killed"}, endOf(res)); diff != "" {
			t.Errorf("result (-want +got):\n%s", diff)
		}
		checkGone(t, token)
		checkWorkRemovable(t, s.Work)
	})
}

func TestCPUBudget(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		b := testBudget
		b.CPU = time.Second
		// The wall budget is far above the CPU budget, so that on a busy
		// machine, where the spinner gets a fraction of a core, the CPU
		// limit still ends it first.
		b.Wall = time.Minute
		res := runIn(t, m, m.spec(t, b, "spin"))
		if diff := cmp.Diff(end{ExitCode: -1, Signal: "killed"}, endOf(res)); diff != "" {
			t.Errorf("result (-want +got):\n%s", diff)
		}
	})
}

func TestOutputBudget(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		b := testBudget
		b.Output = 4096
		res := runIn(t, m, m.spec(t, b, "spew"))
		got := endOf(res)
		if want := strings.Repeat(strings.Repeat("y", 1023)+"\n", 4); got.Stdout != want {
			t.Errorf("stdout has %d bytes, want the first 4096", len(got.Stdout))
		}
		got.Stdout = ""
		if diff := cmp.Diff(end{ExitCode: -1, Signal: "killed", OverOutput: true}, got); diff != "" {
			t.Errorf("result (-want +got):\n%s", diff)
		}
	})
}

func TestFilesystemView(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	input := filepath.Join(t.TempDir(), "input")
	execOnly := filepath.Join(t.TempDir(), "exec-only")
	for _, f := range []string{secret, input, execOnly} {
		if err := os.WriteFile(f, []byte("content of "+filepath.Base(f)), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// As the held-out program is: a worker may run it, not read it.
	if err := os.Chmod(execOnly, 0o111); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name             string
		args             []string
		sandbox, rlimits string // "" when the case does not apply
	}{
		{"a host file", []string{"read", secret}, "ENOENT", "content of secret"},
		{"a read-only input", []string{"read", input}, "content of input", "content of input"},
		{"writing an input", []string{"write", input}, "EROFS", ""},
		{"/etc", []string{"read", "/etc/passwd"}, "ENOENT", ""},
		{"the root", []string{"ls", "/"}, sandboxRoot(), ""},
		{"writing /tmp", []string{"write", "/tmp/x"}, "EROFS", ""},
		{"writing /", []string{"write", "/x"}, "EROFS", ""},
		{"writing /dev", []string{"write", "/dev/x"}, "EROFS", ""},
		{"writing /dev/shm", []string{"write", "/dev/shm/x"}, "EROFS", ""},
		{"writing the work area", []string{"write", "x"}, "ok", "ok"},
		{"an execute-only input", []string{"read", execOnly}, "EACCES", ""},
		{"/proc/self/io without /proc", []string{"noproc", "read", "/proc/self/io"}, "ENOENT", ""},
		{"the root without /proc", []string{"noproc", "ls", "/"}, strings.Replace(sandboxRoot(), "proc ", "", 1), ""},
	}
	forModes(t, func(t *testing.T, m mode) {
		for _, tt := range tests {
			want := tt.rlimits
			if m.sandboxed {
				want = tt.sandbox
			}
			if want == "" {
				continue
			}
			args, noProc := tt.args, tt.args[0] == "noproc"
			if noProc {
				args = args[1:]
			}
			s := m.spec(t, testBudget, args...)
			s.NoProc = noProc
			s.ReadOnly = []string{input, execOnly}
			res := runIn(t, m, s)
			if got := string(res.Stdout); got != want {
				t.Errorf("%s: got %q, want %q; stderr %q", tt.name, got, want, head(res.Stderr))
			}
		}
	})
}

// sandboxRoot is what the sandbox's / holds: /usr, those of /bin, /lib
// and /lib64 the host has, and the mount points Run makes.
func sandboxRoot() string {
	names := []string{"dev", "proc", "tmp", "usr"}
	for _, d := range []string{"bin", "lib", "lib64"} {
		if _, err := os.Lstat("/" + d); err == nil {
			names = append(names, d)
		}
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

func TestNetwork(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	tests := []struct {
		name             string
		args             []string
		sandbox, rlimits string
	}{
		{"dialling the host", []string{"dial", ln.Addr().String()}, "ECONNREFUSED", "ok"},
		{"interfaces", []string{"ifaces"}, "lo", ""},
	}
	forModes(t, func(t *testing.T, m mode) {
		for _, tt := range tests {
			want := tt.rlimits
			if m.sandboxed {
				want = tt.sandbox
			}
			if want == "" {
				continue
			}
			res := runIn(t, m, m.spec(t, testBudget, tt.args...))
			if got := string(res.Stdout); got != want {
				t.Errorf("%s: got %q, want %q; stderr %q", tt.name, got, want, head(res.Stderr))
			}
		}
	})
}

func TestStartErrors(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	missing := filepath.Join(work, "missing")
	tests := []struct {
		name string
		spec Spec
	}{
		{"no program", Spec{Path: missing, Work: work}},
		{"no work area", Spec{Path: self}},
		{"work area missing", Spec{Path: self, Work: missing}},
		{"read-only path missing", Spec{Path: self, Work: work, ReadOnly: []string{missing}}},
	}
	forModes(t, func(t *testing.T, m mode) {
		for _, tt := range tests {
			if _, err := run(context.Background(), tt.spec, m.tools); err == nil {
				t.Errorf("%s: no error", tt.name)
			}
		}
	})
}

// TestBwrapStartError: a sandbox that bubblewrap cannot set up is an
// error, not a child that exited with status 1.
func TestBwrapStartError(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		if !m.sandboxed {
			t.Skip("bubblewrap only")
		}
		s := m.spec(t, testBudget)
		s.Path = filepath.Join(t.TempDir(), "script")
		if err := os.WriteFile(s.Path, []byte("#!/no/such/shell\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		_, err := run(context.Background(), s, m.tools)
		if err == nil || !strings.Contains(err.Error(), "bwrap: ") {
			t.Errorf("got error %v, want bubblewrap's", err)
		}
	})
}

// TestExitStatusAbove128: bubblewrap reports a child killed by signal n
// as status 128+n, so a child that exits with such a status is taken
// for killed; without bubblewrap the two are told apart.
func TestExitStatusAbove128(t *testing.T) {
	forModes(t, func(t *testing.T, m mode) {
		s := m.spec(t, testBudget)
		s.Path, s.Args = "/bin/sh", []string{"-c", "exit 137"}
		want := end{ExitCode: 137}
		if m.sandboxed {
			want = end{ExitCode: -1, Signal: "killed"}
		}
		if diff := cmp.Diff(want, endOf(runIn(t, m, s))); diff != "" {
			t.Errorf("result (-want +got):\n%s", diff)
		}
	})
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		tools     tools
		noSandbox bool
		want      string
	}{
		{tools{bwrap: "/usr/bin/bwrap", prlimit: "/usr/bin/prlimit"}, false, "bubblewrap"},
		{tools{bwrap: "/usr/bin/bwrap", prlimit: "/usr/bin/prlimit"}, true, "rlimits only (sandbox turned off)"},
		{tools{prlimit: "/usr/bin/prlimit", why: "bubblewrap not found"}, false, "rlimits only (bubblewrap not found)"},
		{tools{bwrap: "/usr/bin/bwrap"}, false,
			"bubblewrap (prlimit not found: rlimits set with prlimit(2) before the command starts)"},
		{tools{why: "bubblewrap not found"}, false,
			"rlimits only (bubblewrap not found) (prlimit not found: rlimits set just after start)"},
	}
	for _, tt := range tests {
		if got := tt.tools.describe(tt.noSandbox); got != tt.want {
			t.Errorf("%+v.describe(%v) = %q, want %q", tt.tools, tt.noSandbox, got, tt.want)
		}
	}
}

func TestBwrapArgs(t *testing.T) {
	s := Spec{
		Work:     "/grade/alice/work",
		ReadOnly: []string{"/grade/alice", "/grade/alice/work/input", "/opt/grade"},
		Budget:   Budget{Disk: 1 << 20},
	}
	want := []string{"bwrap",
		"--die-with-parent", "--new-session",
		"--unshare-user-try", "--unshare-ipc", "--unshare-pid",
		"--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
		"--hostname", "sandbox", "--cap-drop", "ALL"}
	want = append(want, systemView()...)
	want = append(want, "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
		"--ro-bind", "/grade/alice", "/grade/alice",
		"--ro-bind", "/opt/grade", "/opt/grade",
		"--size", "1048576", "--tmpfs", "/grade/alice/work",
		"--ro-bind", "/grade/alice/work/input", "/grade/alice/work/input",
		"--remount-ro", "/tmp", "--remount-ro", "/dev", "--remount-ro", "/",
		"--chdir", "/grade/alice/work", "--json-status-fd", "3", "--block-fd", "4", "--")
	if diff := cmp.Diff(want, bwrapArgs("bwrap", s, true)); diff != "" {
		t.Errorf("bwrap command line (-want +got):\n%s", diff)
	}
}

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestFailsClosed: where bubblewrap is not usable, Run starts nothing
// unless the Spec turns the sandbox off by name.
func TestFailsClosed(t *testing.T) {
	noBwrap := tools{prlimit: probed().prlimit, why: "bubblewrap left out by the test"}
	m := mode{"rlimits", noBwrap, false}
	outside := filepath.Join(t.TempDir(), "written")
	s := m.spec(t, testBudget, "write", outside)
	s.NoSandbox = false
	res, err := run(context.Background(), s, noBwrap)
	if !errors.Is(err, ErrNoSandbox) || !strings.Contains(err.Error(), noBwrap.why) {
		t.Errorf("run without bubblewrap = %v; want ErrNoSandbox naming why (%s)", err, noBwrap.why)
	}
	if res.Isolation == "" {
		t.Error("a refused run does not say what isolation there was")
	}
	if _, err := os.Stat(outside); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the refused child ran: %s: %v", outside, err)
	}
	s.NoSandbox = true
	if res := runIn(t, m, s); res.ExitCode != 0 {
		t.Errorf("with NoSandbox the child did not run: %+v", endOf(res))
	}
}

// TestNoBwrapEnv: the environment variable takes bubblewrap away and
// says so.
func TestNoBwrapEnv(t *testing.T) {
	t.Setenv(NoBwrapEnv, "1")
	if got := probe(); got.bwrap != "" || !strings.Contains(got.why, NoBwrapEnv) {
		t.Errorf("probe with %s set = %+v; want no bubblewrap, and why naming it", NoBwrapEnv, got)
	}
}

// asRoot is the rlimits mode of a caller that is root, whose children
// run as unprivileged users; the test skips unless it runs as root.
func asRoot(t *testing.T) mode {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root: a child runs as an unprivileged user only when its caller is root")
	}
	return mode{"rlimits-as-root", tools{prlimit: probed().prlimit, why: "bubblewrap left out by the test", root: true}, false}
}

// rootWork is a work area the unprivileged user can reach (t.TempDir's
// parent is root's alone).
func rootWork(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "sandbox-work-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// TestUnprivilegedWithoutSandbox: as root without bubblewrap, the child
// runs as a user of its own, with no group of root's, that can write in
// its work area and nowhere a root-owned folder forbids it, even after
// the test binary's own folder is closed to it.
func TestUnprivilegedWithoutSandbox(t *testing.T) {
	m := asRoot(t)
	s := m.spec(t, testBudget, "id")
	s.Work = rootWork(t)
	res := runIn(t, m, s)
	var uid, euid, gid int
	var groups string
	if _, err := fmt.Sscanf(string(res.Stdout), "uid %d euid %d gid %d groups %s", &uid, &euid, &gid, &groups); err != nil {
		t.Fatalf("id printed %q (%v), stderr %q", res.Stdout, err, res.Stderr)
	}
	if uid < firstUID || uid >= firstUID+uidCount || euid != uid || gid != uid || groups != "[]" {
		t.Errorf("the child ran as %q; want uid = euid = gid in [%d, %d) and no groups", res.Stdout, firstUID, firstUID+uidCount)
	}
	if !strings.Contains(res.Isolation, "unprivileged") {
		t.Errorf("Isolation = %q; want it to say the child ran as an unprivileged user", res.Isolation)
	}

	outside := t.TempDir() // root's, mode 0700 on the way
	shared, err := os.MkdirTemp("", "sandbox-outside-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(shared)
	if err := os.Chmod(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(outside, "x"), "EACCES"},
		{filepath.Join(shared, "x"), "EACCES"},
		{"/etc/idemlab-sandbox-test", "EACCES"},
		{"x", "ok"}, // in its work area
	} {
		s := m.spec(t, testBudget, "write", tt.path)
		s.Work = rootWork(t)
		res := runIn(t, m, s)
		if got := string(res.Stdout); got != tt.want {
			t.Errorf("writing %s printed %q; want %q", tt.path, got, tt.want)
		}
	}
	for _, p := range []string{filepath.Join(outside, "x"), filepath.Join(shared, "x"), "/etc/idemlab-sandbox-test"} {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was written", p)
		}
	}
}

// TestUnprivilegedReadOnlyReached: a read-only path the user cannot reach
// is refused before the child starts, naming it; one it can read is read.
func TestUnprivilegedReadOnlyReached(t *testing.T) {
	m := asRoot(t)
	closed := filepath.Join(t.TempDir(), "input")
	if err := os.WriteFile(closed, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := m.spec(t, testBudget, "read", closed)
	s.Work, s.ReadOnly = rootWork(t), []string{closed}
	_, err := run(context.Background(), s, m.tools)
	if err == nil || !strings.Contains(err.Error(), "cannot enter") || !strings.Contains(err.Error(), closed) {
		t.Errorf("run with an unreachable read-only path = %v; want an error naming %s", err, closed)
	}

	dir := rootWork(t)
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	open := filepath.Join(dir, "input")
	if err := os.WriteFile(open, []byte("shared"), 0o644); err != nil {
		t.Fatal(err)
	}
	s = m.spec(t, testBudget, "read", open)
	s.Work, s.ReadOnly = rootWork(t), []string{open}
	if res := runIn(t, m, s); string(res.Stdout) != "shared" {
		t.Errorf("reading %s printed %q (stderr %q); want shared", open, res.Stdout, res.Stderr)
	}
}

// TestUnprivilegedReapsEscapees: a grandchild that left the child's
// process group (setsid) is killed when the run ends, since nothing else
// runs as the run's user.
func TestUnprivilegedReapsEscapees(t *testing.T) {
	m := asRoot(t)
	token := "escaped-" + filepath.Base(t.TempDir())
	s := m.spec(t, testBudget, "escape", token)
	s.Work = rootWork(t)
	if res := runIn(t, m, s); res.ExitCode != 0 {
		t.Fatalf("escape: %+v %q", endOf(res), res.Stderr)
	}
	checkGone(t, token)
}

// TestUnprivilegedRunsApart: children run at once get users of their own.
func TestUnprivilegedRunsApart(t *testing.T) {
	m := asRoot(t)
	const n = 4
	var wg sync.WaitGroup
	out := make([]string, n)
	for i := range n {
		s := m.spec(t, Budget{Wall: 5 * time.Second, Memory: MinGoMemory}, "id", "500ms")
		s.Work = rootWork(t)
		wg.Go(func() {
			res, err := run(context.Background(), s, m.tools)
			out[i] = fmt.Sprint(string(res.Stdout), err)
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, o := range out {
		uid, _, _ := strings.Cut(o, " euid")
		if seen[uid] {
			t.Errorf("two children ran as %s: %q", uid, out)
		}
		seen[uid] = true
	}
}

// TestUnprivilegedReapsHoppers: a process that keeps starting its
// successor and exiting, so that no pid stays long enough to be killed
// by pid, is gone when the run ends all the same.
func TestUnprivilegedReapsHoppers(t *testing.T) {
	m := asRoot(t)
	token := "hopping-" + filepath.Base(t.TempDir())
	s := m.spec(t, testBudget, "hop", token)
	s.Work = rootWork(t)
	if res := runIn(t, m, s); res.ExitCode != 0 {
		t.Fatalf("hop: %+v %q", endOf(res), res.Stderr)
	}
	checkGone(t, token)
}

// TestUnprivilegedGiven: a stage given to the child (Spec.Given), root's
// alone with mode 0700 on the way in, is read by the child and by no
// other user: root's, the child's group's, nothing for others.
func TestUnprivilegedGiven(t *testing.T) {
	m := asRoot(t)
	stage, err := os.MkdirTemp("", "sandbox-stage-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(stage)
	input := filepath.Join(stage, "job.json")
	if err := os.WriteFile(input, []byte("the job"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := m.spec(t, testBudget, "read", input)
	s.Work, s.Given = rootWork(t), []string{stage}
	if res := runIn(t, m, s); string(res.Stdout) != "the job" {
		t.Fatalf("reading the given %s printed %q (stderr %q)", input, res.Stdout, res.Stderr)
	}
	for _, p := range []string{stage, input} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if fi.Mode().Perm()&0o007 != 0 || st.Uid != 0 || st.Gid < firstUID || st.Gid >= firstUID+uidCount {
			t.Errorf("%s is %v, uid %d gid %d; want root's and a child's group's, nothing for others", p, fi.Mode(), st.Uid, st.Gid)
		}
	}
}

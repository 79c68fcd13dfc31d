package sandbox

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The user ids Run gives a child it runs without bubblewrap when its
// caller is root: one of its own per child, so that no two children can
// signal, trace or write for each other, and none shares an id with a
// person or a daemon (Debian leaves 60000 to 64999 to be allocated on
// demand, and nothing here is allocated).
const (
	firstUID = 60000
	uidCount = 1000
)

// uidLocks is the folder of the lock files by which concurrent callers,
// in this process or another, claim a user id: a child's id is its own
// while its lock is held, and a caller that dies releases it. It is one
// folder for the whole machine, whatever $TMPDIR says, since user ids
// are, and root's alone (/run is), so that no other user can make it
// first.
var uidLocks = "/run/idemlab-sandbox-uids"

// account is the unprivileged user a child runs as, claimed for one run.
type account struct {
	uid     int
	lock    *os.File
	private string // a folder holding a copy of the program, or ""
}

// claim takes a user id no other run holds and readies s for it: the
// work area becomes the user's, and a program the user cannot reach is
// copied where it can. It refuses a Spec whose work area or read-only
// paths the user cannot reach, naming the path.
func claim(s *Spec) (*account, error) {
	a, err := lockUID()
	if err != nil {
		return nil, err
	}
	if err := a.ready(s); err != nil {
		a.release()
		return nil, err
	}
	return a, nil
}

func lockUID() (*account, error) {
	if err := checkLocks(); err != nil {
		return nil, err
	}
	start := rand.IntN(uidCount)
	for i := range uidCount {
		uid := firstUID + (start+i)%uidCount
		f, err := os.OpenFile(filepath.Join(uidLocks, strconv.Itoa(uid)), os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
		if err != nil {
			return nil, fmt.Errorf("sandbox: %w", err)
		}
		if unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB) == nil {
			a := &account{uid: uid, lock: f}
			// What an earlier holder that died may have left; an id
			// that cannot be cleared stays locked, unused.
			if a.reap() {
				return a, nil
			}
			continue
		}
		f.Close()
	}
	return nil, fmt.Errorf("sandbox: all %d user ids from %d are in use", uidCount, firstUID)
}

// CheckWorkRoot says why dir cannot hold the work areas of children run
// without bubblewrap by a caller that is root (each child's user must
// enter every folder on the way), or returns nil; nil too when the caller
// is not root. A grader calls it once, before its first child, rather
// than learn it from every child.
func CheckWorkRoot(dir string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	if err := checkLocks(); err != nil {
		return err
	}
	a := &account{uid: firstUID}
	if why := a.unreachable(dir, 0o1); why != "" {
		return fmt.Errorf("sandbox: the work areas' folder: %s: choose one that others may enter (TMPDIR=/tmp)", why)
	}
	return nil
}

// checkLocks makes the lock folder if need be and checks it is root's
// own, mode 0700, not a link.
func checkLocks() error {
	if err := os.Mkdir(uidLocks, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("sandbox: the user ids' lock folder: %w", err)
	}
	fi, err := os.Lstat(uidLocks)
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || !fi.IsDir() || st.Uid != 0 || fi.Mode().Perm() != 0o700 {
		return fmt.Errorf("sandbox: %s is not a folder of root's with mode 0700: remove it", uidLocks)
	}
	return nil
}

// ready gives s.Work to the user and checks what it must read.
func (a *account) ready(s *Spec) error {
	for _, g := range s.Given {
		if err := a.give(g); err != nil {
			return fmt.Errorf("sandbox: giving %s to uid %d: %w", g, a.uid, err)
		}
	}
	if err := os.Chown(s.Work, a.uid, a.uid); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if err := os.Chmod(s.Work, 0o700); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	if why := a.unreachable(s.Work, 0o7); why != "" {
		return fmt.Errorf("sandbox: the work area: %s", why)
	}
	for _, p := range s.ReadOnly {
		if p == s.Path {
			continue
		}
		want := os.FileMode(0o4)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			want = 0o5
		}
		why := a.unreachable(p, want)
		if why != "" && want == 0o4 && a.unreachable(p, 0o1) == "" {
			why = "" // a program it may run but not read
		}
		if why != "" {
			return fmt.Errorf("sandbox: a read-only path: %s", why)
		}
	}
	if a.unreachable(s.Path, 0o5) == "" {
		return nil
	}
	return a.copyProgram(s)
}

// give makes the tree at path root's and the account's group's, readable
// by that group and by no other user; links in it are left as they are.
func (a *account) give(path string) error {
	return filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&os.ModeSymlink != 0 {
			return nil
		}
		if err := os.Lchown(p, 0, a.uid); err != nil {
			return err
		}
		mode := os.FileMode(0o640)
		if d.IsDir() {
			mode = 0o750
		}
		return os.Chmod(p, mode)
	})
}

// copyProgram lends s.Path, which the user cannot run where it is (a
// folder of root's on the way), for the run.
func (a *account) copyProgram(s *Spec) error {
	to, remove, err := Lend(s.Path)
	if err != nil {
		return fmt.Errorf("sandbox: copying the program for uid %d: %w", a.uid, err)
	}
	a.private, s.Path = filepath.Dir(to), to
	_ = remove // release removes the folder
	return nil
}

// Lend copies the program at path where any user may run it but none
// but root may read or change it: into a folder of its own that others
// may enter but not list. It returns the copy's path and a function that
// removes it. A caller that is root gives it the programs that a child
// it runs without bubblewrap starts itself (a grader's held-out mutants),
// which a folder of root's on the way would keep from the child.
func Lend(path string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "sandbox-program-")
	if err != nil {
		return "", nil, err
	}
	remove := func() { os.RemoveAll(dir) }
	to := filepath.Join(dir, filepath.Base(path))
	err = copyFile(path, to)
	if err == nil {
		err = os.Chmod(dir, 0o711)
	}
	if err != nil {
		remove()
		return "", nil, err
	}
	return to, remove, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o511)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// unreachable says why the user cannot reach path with the permission
// bits want (4 read, 2 write, 1 execute or enter), or "": every folder on
// the way must let it enter.
func (a *account) unreachable(path string, want os.FileMode) string {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err.Error()
	}
	for dir := filepath.Dir(real); ; dir = filepath.Dir(dir) {
		if !a.may(dir, 0o1) {
			return fmt.Sprintf("uid %d cannot enter %s, on the way to %s", a.uid, dir, path)
		}
		if dir == "/" {
			break
		}
	}
	if !a.may(real, want) {
		return fmt.Sprintf("uid %d may not %s %s", a.uid, verbs(want), path)
	}
	return ""
}

// may reports whether the user has the permission bits want on path.
func (a *account) may(path string, want os.FileMode) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return false
	}
	perm := fi.Mode().Perm()
	switch {
	case int(st.Uid) == a.uid:
		perm >>= 6
	case int(st.Gid) == a.uid:
		perm >>= 3
	}
	return perm&want == want
}

func verbs(want os.FileMode) string {
	var v []string
	for _, b := range []struct {
		bit  os.FileMode
		verb string
	}{{4, "read"}, {2, "write"}, {1, "run or enter"}} {
		if want&b.bit != 0 {
			v = append(v, b.verb)
		}
	}
	return strings.Join(v, " and ")
}

// credential is the user, with no supplementary group, for SysProcAttr.
func (a *account) credential() *syscall.Credential {
	return &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.uid), Groups: []uint32{}}
}

// release kills whatever still runs as the user (a process that left the
// child's process group), removes the program's copy and gives the id
// back; an id some process still runs as, after a second of killing, is
// kept (its lock held until this process ends) rather than given to
// another child.
func (a *account) release() {
	clean := a.reap()
	if a.private != "" {
		os.RemoveAll(a.private)
	}
	if clean {
		a.lock.Close()
	}
}

// reap kills every process whose real or effective user is the
// account's, and reports whether none is left within a second. It kills
// them as that user, with kill(-1, SIGKILL) from a shell, which the kernel
// does in one pass that a process forking as fast as it can cannot
// outrun (its children are made before the pass, and killed, or after
// their parent is killed, and never); then it looks in /proc.
func (a *account) reap() bool {
	deadline := time.Now().Add(time.Second)
	for {
		if len(processesOf(a.uid)) == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		kill := exec.Command("/bin/sh", "-c", "kill -9 -1")
		kill.SysProcAttr = &syscall.SysProcAttr{Credential: a.credential()}
		_ = kill.Run()
		time.Sleep(5 * time.Millisecond)
	}
}

// processesOf lists the processes whose real or effective user is uid.
func processesOf(uid int) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		status, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		if strings.Contains(string(status), "\nState:\tZ") {
			continue // a zombie, dead already, for its parent to reap
		}
		for line := range strings.Lines(string(status)) {
			if ids, ok := strings.CutPrefix(line, "Uid:"); ok {
				f := strings.Fields(ids)
				if len(f) >= 2 && (f[0] == strconv.Itoa(uid) || f[1] == strconv.Itoa(uid)) {
					pids = append(pids, pid)
				}
				break
			}
		}
	}
	return pids
}

package sandbox

import (
	"errors"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// limit is one rlimit, set as both the soft and the hard limit.
type limit struct {
	resource int
	flag     string // prlimit(1)'s option
	value    uint64
}

// limitsFor turns a budget into rlimits. A value above the caller's own
// hard limit is lowered to it, since raising a hard limit takes
// CAP_SYS_RESOURCE.
func limitsFor(b Budget) []limit {
	ls := []limit{
		{unix.RLIMIT_CPU, "--cpu", uint64((b.CPU + time.Second - 1) / time.Second)},
		{unix.RLIMIT_FSIZE, "--fsize", uint64(b.Disk)},
		{unix.RLIMIT_NOFILE, "--nofile", uint64(b.Files)},
	}
	if b.Memory > 0 {
		ls = append(ls, limit{unix.RLIMIT_AS, "--as", uint64(b.Memory)})
	}
	for i, l := range ls {
		var own unix.Rlimit
		if unix.Getrlimit(l.resource, &own) == nil && own.Max < l.value {
			ls[i].value = own.Max
		}
	}
	return ls
}

// prlimitArgs is the start of a command line that runs the rest under ls.
func prlimitArgs(prlimit string, ls []limit) []string {
	argv := []string{prlimit}
	for _, l := range ls {
		argv = append(argv, l.flag+"="+strconv.FormatUint(l.value, 10))
	}
	return append(argv, "--")
}

// setLimits sets ls on a running process: the fallback when prlimit(1)
// is missing.
func setLimits(pid int, ls []limit) error {
	for _, l := range ls {
		rl := unix.Rlimit{Cur: l.value, Max: l.value}
		if err := unix.Prlimit(pid, l.resource, &rl, nil); err != nil {
			return err
		}
	}
	return nil
}

// killGroup kills the process group led by pid.
func killGroup(pid int) error {
	err := unix.Kill(-pid, unix.SIGKILL)
	if errors.Is(err, unix.ESRCH) {
		return nil
	}
	return err
}

// waitExit waits for pid to exit without reaping it, so that its pid, and
// with it the process group id, cannot be taken by another process
// before killGroup.
func waitExit(pid int) {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			return
		}
	}
}

// closeRangeCloexec is CLOSE_RANGE_CLOEXEC of <linux/close_range.h>.
const closeRangeCloexec = 1 << 2

// inheritNothing marks every descriptor of this process above stderr
// close-on-exec. Go opens its own files so; this catches those the
// process inherited from its parent, which would otherwise pass through
// prlimit and bwrap into the child.
func inheritNothing() {
	if unix.CloseRange(3, ^uint(0), closeRangeCloexec) == nil {
		return
	}
	entries, _ := os.ReadDir("/proc/self/fd") // Linux before 5.11
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			_, _ = unix.FcntlInt(uintptr(fd), unix.F_SETFD, unix.FD_CLOEXEC)
		}
	}
}

// Package sandbox runs one untrusted program, such as a student's
// submission being graded, in a child process under budgets that the
// kernel enforces: wall-clock time, CPU time, address space, disk,
// output and open files.
//
// It uses existing tools for the job: bubblewrap (bwrap(1), the Debian
// package bubblewrap) for the sandbox and util-linux's prlimit(1) for
// the rlimits. Where bubblewrap is missing or does not work, Run falls
// back to the rlimits alone and says so in Result.Isolation.
//
// # Use
//
//	work, _ := os.MkdirTemp("", "grade")
//	defer os.RemoveAll(work)
//	res, err := sandbox.Run(ctx, sandbox.Spec{
//		Path:     self,                       // e.g. the grade binary, re-executed as a worker
//		Args:     []string{"worker", submission},
//		Env:      []string{"GOMAXPROCS=1"},
//		Work:     work,                       // the only writable place
//		ReadOnly: []string{submission},       // what it may read besides /usr
//		Budget:   sandbox.Budget{Wall: 10 * time.Second, Memory: sandbox.MinGoMemory},
//	})
//
// Run's error is for a child that never ran: a bad Spec, a missing
// program, a sandbox bubblewrap could not set up (its message is in the
// error). Everything that happens to a child that ran is in the Result:
// its stdout (at most Budget.Output bytes) and the start of its stderr
// (64 KiB), its exit code or the signal that killed it ("killed"), and
// whether Run killed it for its wall-clock or output budget. A child
// killed with neither OverWall nor OverOutput set died of its CPU limit,
// of a signal it raised itself, or of the caller's ctx.
//
// # What enforces what
//
//	budget       under bubblewrap                        rlimits only
//	Wall         SIGKILL to bwrap's process group; the   SIGKILL to the child's process group
//	             sandbox's pid namespace dies with it
//	CPU          RLIMIT_CPU (SIGKILL at the limit)       the same
//	Memory       RLIMIT_AS                               the same
//	Disk         a tmpfs of Disk bytes on Work (ENOSPC), RLIMIT_FSIZE only: each file is
//	             and RLIMIT_FSIZE (EFBIG)                bounded, their total is not
//	Output       Run kills the child at Output+1 bytes   the same
//	Files        RLIMIT_NOFILE                           the same
//	filesystem   only /usr (with /bin, /lib, /lib64),    the whole host, as the caller's user
//	             ReadOnly, and Work are there
//	network      a network namespace with only lo        the host's network
//	processes    a pid namespace: it sees only itself    it sees and may signal the host's
//
// Nothing bounds the number of processes (RLIMIT_NPROC counts every
// process of the user on the host, and cgroups are not used); a fork bomb
// lasts until the wall clock. Nothing filters system calls (no seccomp).
//
// # Under bubblewrap
//
// Run builds this command line (here for Work /w, one ReadOnly path /s,
// Disk 16 MiB, on a merged-/usr system):
//
//	prlimit --cpu=11 --fsize=16777216 --nofile=64 --as=2147483648 --
//	bwrap --die-with-parent --new-session
//	      --unshare-user-try --unshare-ipc --unshare-pid --unshare-net
//	      --unshare-uts --unshare-cgroup-try --hostname sandbox --cap-drop ALL
//	      --ro-bind /usr /usr --symlink usr/bin /bin --symlink usr/lib /lib
//	      --symlink usr/lib64 /lib64
//	      --dev /dev --proc /proc --tmpfs /tmp
//	      --ro-bind /s /s
//	      --size 16777216 --tmpfs /w
//	      --remount-ro /tmp --remount-ro /dev --remount-ro /
//	      --chdir /w --json-status-fd 3
//	      -- PATH ARGS...
//
// The child runs as root of a user namespace of its own, without
// capabilities (so a file of mode 0111 it may run, not read). It sees /usr
// and the ReadOnly paths read-only, a private /dev and /proc (no /proc
// with Spec.NoProc, as grading workers ask), and an empty read-only
// /tmp; /etc and the rest of the host are absent (a Go binary, static or linked with libc, needs
// nothing outside /usr). Work is the one writable place: a fresh tmpfs
// of Disk bytes, in the sandbox's mount namespace only. So the child
// cannot see what is in the host directory, what it writes there is
// gone when it ends, and the host directory stays empty and unmounted,
// ready for os.RemoveAll, however the child ended. Give inputs as
// ReadOnly paths; results come back on stdout. Run binds Path
// read-only too when it lies outside /usr.
//
// --die-with-parent and the pid namespace end every process of the
// sandbox when bwrap ends; Run also holds a pidfd on the sandbox's
// first process and kills it once bwrap has exited, which covers bwrap
// dying before the sandbox was bound to it. --json-status-fd tells Run
// whether the program was executed at all, which is how a sandbox that
// could not be set up becomes an error rather than an exit status of 1.
// bwrap reports a program killed by signal n as exit status 128+n, so
// under bubblewrap a child that exits with a status from 129 to 192 is
// reported as killed by that signal.
//
// IsolationFor runs bwrap once, with this same command line around true(1),
// to learn whether bubblewrap works here (it needs unprivileged user
// namespaces or root); Result.Isolation is "bubblewrap" then.
//
// # Rlimits only
//
// Run fails closed: where bubblewrap is not usable (not installed, not
// working, or taken away by IDEMLAB_NO_BWRAP, see NoBwrapEnv) it starts
// nothing and returns ErrNoSandbox, unless Spec.NoSandbox turns the
// sandbox off by name. The child then runs in Work, a directory of the
// host, with the same rlimits and the same killing at the wall clock and
// the output budget, but it can read whatever its user can, use the
// network, and fill the disk with any number of files of up to Disk
// bytes each. Result.Isolation is then "rlimits only" followed by the
// reason.
//
// A caller that is root (a grader in a container) never lends the child
// its own user: Run claims a user id of the child's own, from 60000 to
// 60999, by a lock file in /run/idemlab-sandbox-uids (root's alone, one
// for the machine, whatever $TMPDIR says) that it holds for the run, so
// that no two children share one, in this process or another. The child
// runs as that user and group with no supplementary group; Work is made
// its own (mode 0700), so the work area and the places writable by
// everyone (/tmp, /dev/shm) are all it can write, and a root-owned file
// is out of its reach. Spec.Given (its stage) is made root's and its
// group's, readable by that group alone, so no other user, another
// run's child included, reads it. Every folder on the way to Work and to
// each ReadOnly path must let the child enter, and each ReadOnly path be
// readable by others (a program: executable), or Run refuses, naming the
// path; a program the user cannot reach is copied, for the run, into a
// folder it can enter but not list, as a file it may execute but not
// read. When the run ends, Run kills every process still running as that
// user, including those that left the child's process group (setsid):
// as that user, with kill(-1, SIGKILL), which the kernel does in one
// pass that a process forking as fast as it can cannot outrun, until
// /proc shows none; an id that is still in use after a second is not
// given back while the caller runs. Result.Isolation says "as an
// unprivileged user". A caller that is not root runs the child as
// itself, and a process that left the child's process group escapes the
// kill at the deadline.
//
// # The rlimits
//
// prlimit(1) sets the rlimits (soft and hard alike) and then executes
// the rest of the command line, so they are in force before the child
// runs any code of its own, and bwrap and everything the child starts
// inherit them. Values above the caller's own hard limits are lowered to
// them. Without prlimit(1), Run sets them with prlimit(2): under
// bubblewrap on the sandbox's first process while bwrap holds it on
// --block-fd, which leaves no window; without bubblewrap on the running
// child just after it started, which leaves a window in which the child
// runs unlimited. A Go child that has already reserved more address
// space than Memory by then fails its next reservation; budget it 4 GiB
// there.
//
// # Memory for Go children
//
// RLIMIT_AS bounds address space, reserved or not, and the Go runtime
// reserves much more than it uses. Measured with Go 1.26 on linux/amd64
// (a hello world, and a program allocating 1 MiB blocks until it dies):
//
//   - Below about 690 MiB (720 MiB linked with libc) a Go program dies
//     before main: "failed to reserve page summary memory".
//   - The usable heap is not monotonic in the limit. At 1 GiB a pure-Go
//     program gets about 250 to 350 MiB of heap; between about 1150 and
//     1250 MiB it gets next to nothing, and from 1.5 GiB on about the
//     limit minus 1.25 GiB.
//   - A program linked with libc (cgo: any that imports net or os/user
//     with cgo enabled) is erratic below 1.75 GiB: glibc reserves a
//     64 MiB malloc arena and an 8 MiB stack per thread when the limit
//     lets it, so at 1 GiB and at 1.5 GiB about one start in two hundred
//     died with 24 starting at once, and more under a loaded go test
//     ("pthread_create failed", or "out of memory" with 4 MB in use).
//     MALLOC_ARENA_MAX=1 in Env tames glibc.
//   - At 1.75 and at 2 GiB no start failed (at least 1,920 starts each,
//     static and cgo, 24 at a time); 2 GiB leaves about 800 MiB of heap
//     (500 MiB with cgo).
//
// Hence MinGoMemory, 2 GiB, the smallest budget found safe for any Go
// child. GOMAXPROCS=1 in Env keeps the number of threads, and with cgo
// their stacks, down. A race-enabled binary reserves terabytes and
// cannot run under RLIMIT_AS at all. RLIMIT_AS is per process, so the
// budget never touches the caller.
//
// # Environment and descriptors
//
// The child's environment is Spec.Env and nothing else, plus
// PATH=/usr/bin:/bin, TMPDIR=Work and PWD=Work unless Env sets them
// (TMPDIR because /tmp is read-only in the sandbox). Its stdin is
// /dev/null. Before each start Run marks every descriptor of the
// calling process above stderr close-on-exec (close_range(2)), so that
// descriptors the caller inherited from its own parent do not leak
// through prlimit and bwrap into the child; bwrap's status descriptor
// is closed before the program runs.
//
// # Ending
//
// Run kills the child's process group (Setpgid) with SIGKILL at
// Budget.Wall, when ctx is done, and when stdout passes Budget.Output;
// when the child exits, it kills what is left of the group before it
// reaps the child, so the pid cannot be reused in between. It then
// waits at most half a second for whatever still holds stdout or
// stderr before closing them, so Run returns promptly.
package sandbox

package sandbox

import (
	"encoding/json"
	"io"

	"golang.org/x/sys/unix"
)

// status is what bwrap tells on its --json-status-fd: first the host pid
// of the sandbox's first process, then, only if the program was
// executed, its exit code (128+n for a program killed by signal n).
type status struct {
	pid      chan int // gets the sandbox's pid, once
	pidfd    int      // a pidfd for it, or -1; set when done is closed
	exitCode *int     // bwrap's report, or nil; set when done is closed
	done     chan struct{}
}

func newStatus() *status {
	return &status{pid: make(chan int, 1), pidfd: -1, done: make(chan struct{})}
}

// read decodes bwrap's reports from r until its end. It holds on to the
// sandbox's first process with a pidfd as soon as it hears of it, so
// that kill can reach the sandbox even if bwrap died before the sandbox
// was bound to it (bwrap's --die-with-parent takes effect only once the
// sandbox is set up).
func (st *status) read(r io.Reader) {
	defer close(st.done)
	dec := json.NewDecoder(io.LimitReader(r, 64<<10))
	for {
		var msg struct {
			ChildPID *int `json:"child-pid"`
			ExitCode *int `json:"exit-code"`
		}
		if dec.Decode(&msg) != nil {
			return
		}
		if msg.ChildPID != nil && st.pidfd == -1 {
			if fd, err := unix.PidfdOpen(*msg.ChildPID, 0); err == nil {
				st.pidfd = fd
			}
			st.pid <- *msg.ChildPID
		}
		if msg.ExitCode != nil {
			st.exitCode = msg.ExitCode
		}
	}
}

// kill kills the sandbox's first process, and with it the sandbox's pid
// namespace, and lets go of the pidfd. It is called once done is closed.
func (st *status) kill() {
	if st.pidfd == -1 {
		return
	}
	_ = unix.PidfdSendSignal(st.pidfd, unix.SIGKILL, nil, 0)
	_ = unix.Close(st.pidfd)
	st.pidfd = -1
}

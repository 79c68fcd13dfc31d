package progress

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal of cols columns and returns its
// terminal side, or skips the test where none can be had.
func openPTY(t *testing.T, cols uint16) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var unlock int32
	var n uint32
	if err := ioctl(ptmx, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	if err := ioctl(ptmx, syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		t.Skipf("naming the pseudo-terminal: %v", err)
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { pts.Close() })
	ws := struct{ row, col, x, y uint16 }{24, cols, 0, 0}
	if err := ioctl(pts, syscall.TIOCSWINSZ, unsafe.Pointer(&ws)); err != nil {
		t.Skipf("sizing the pseudo-terminal: %v", err)
	}
	return pts
}

func ioctl(f *os.File, req uint, arg unsafe.Pointer) error {
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(req), uintptr(arg))
	if errno != 0 {
		return errno
	}
	return nil
}

func TestDetect(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	pts := openPTY(t, 33)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	regular, err := os.Create(t.TempDir() + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	yes, no := true, false
	tests := []struct {
		name      string
		w         io.Writer
		opt       Options
		wantTTY   bool
		wantWidth int
	}{
		{"terminal", pts, Options{}, true, 33},
		{"terminal of fixed width", pts, Options{Width: 50}, true, 50},
		{"terminal forced plain", pts, Options{Terminal: &no}, false, 33},
		{"pipe", w, Options{}, false, DefaultWidth},
		{"file", regular, Options{}, false, DefaultWidth},
		{"buffer", &bytes.Buffer{}, Options{}, false, DefaultWidth},
		{"buffer forced terminal", &bytes.Buffer{}, Options{Terminal: &yes}, true, DefaultWidth},
	}
	for _, tt := range tests {
		m := New(tt.w, 1, tt.opt)
		m.Finish()
		if m.tty != tt.wantTTY || m.width() != tt.wantWidth {
			t.Errorf("%s: terminal %v, width %d; want %v, %d",
				tt.name, m.tty, m.width(), tt.wantTTY, tt.wantWidth)
		}
		if wantInterval := defaultInterval(tt.wantTTY); m.interval != wantInterval {
			t.Errorf("%s: interval %v, want %v", tt.name, m.interval, wantInterval)
		}
	}
	t.Setenv("TERM", "dumb")
	if m := New(pts, 1, Options{NoRefresh: true}); m.tty {
		t.Error("TERM=dumb: drew a terminal line")
	}
}

package sqlpause

import (
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// pause is one armed Pause or PauseAfter.
type pause struct {
	left  int    // SELECTs still to finish before fn runs; guarded by mu
	fired bool   // fn has been called; guarded by mu
	fn    func() // called once, outside mu
}

// file is the state of one database file that has a pause armed or a pause
// function running.
type file struct {
	armed   *pause // the pause waiting for its SELECT, or nil
	running int    // pause functions running now for this file
}

var (
	// mu guards files and everything reachable from it.
	mu    sync.Mutex
	files = map[string]*file{}
	// active is len(files), kept under mu and read without it: while it is
	// zero the driver does no lookup at all.
	active atomic.Int64
)

// Pause arms a one-shot pause for the SQLite database file at path: fn runs
// once, right after the next SELECT on that file finishes. It is
// PauseAfter(path, 1, fn); see the package documentation for the details.
//
// disarm removes the pause if fn has not been called yet and reports whether
// it has been (it may still be running). Calling disarm again is harmless
// and reports the same.
func Pause(path string, fn func()) (disarm func() bool) {
	return PauseAfter(path, 1, fn)
}

// PauseAfter is Pause counting n SELECTs: fn runs once, right after the nth
// SELECT on the file at path that finishes from now on. n must be at least 1
// and fn must not be nil.
//
// path is made absolute with filepath.Abs (which also cleans it); symbolic
// links are not resolved, so spell it as the DSN does. A file has at most one
// armed pause at a time: arming a second before the first fired or was
// disarmed panics. Arming again from inside fn is allowed.
func PauseAfter(path string, n int, fn func()) (disarm func() bool) {
	if fn == nil {
		panic("sqlpause: PauseAfter with a nil function")
	}
	if n < 1 {
		panic(fmt.Sprintf("sqlpause: PauseAfter with n = %d, want n >= 1", n))
	}
	key, err := filepath.Abs(path)
	if err != nil {
		panic(fmt.Sprintf("sqlpause: path %q: %v", path, err))
	}
	p := &pause{left: n, fn: fn}

	mu.Lock()
	f := files[key]
	if f != nil && f.armed != nil {
		mu.Unlock()
		panic(fmt.Sprintf("sqlpause: %s already has a pause armed", key))
	}
	if f == nil {
		f = &file{}
		files[key] = f
		active.Store(int64(len(files)))
	}
	f.armed = p
	mu.Unlock()

	return func() bool {
		mu.Lock()
		defer mu.Unlock()
		if !p.fired && f.armed == p {
			f.armed = nil
			forgetLocked(key, f)
		}
		return p.fired
	}
}

// forgetLocked drops f from files once nothing refers to it any more. The
// caller holds mu. An entry with a running function is kept even when
// nothing is armed, so that a file struct held by a disarm func or by
// selectFinished is the one in the map for as long as it matters.
func forgetLocked(key string, f *file) {
	if f.armed == nil && f.running == 0 && files[key] == f {
		delete(files, key)
		active.Store(int64(len(files)))
	}
}

// armed reports whether the file key has a pause waiting for a SELECT.
func armed(key string) bool {
	if key == "" || active.Load() == 0 {
		return false
	}
	mu.Lock()
	defer mu.Unlock()
	f := files[key]
	return f != nil && f.armed != nil
}

// pausing reports whether a pause function for the file key is running, in
// which case a connection opening now is a quiet one.
func pausing(key string) bool {
	if key == "" || active.Load() == 0 {
		return false
	}
	mu.Lock()
	defer mu.Unlock()
	f := files[key]
	return f != nil && f.running > 0
}

// selectFinished counts one finished SELECT on the file key and, when that
// was the SELECT the armed pause waits for, runs its function on the
// calling goroutine, without holding mu.
func selectFinished(key string) {
	if active.Load() == 0 {
		return
	}
	mu.Lock()
	f := files[key]
	if f == nil || f.armed == nil {
		mu.Unlock()
		return
	}
	p := f.armed
	if p.left--; p.left > 0 {
		mu.Unlock()
		return
	}
	f.armed = nil
	p.fired = true
	f.running++
	mu.Unlock()

	defer func() { // also when fn panics, or calls runtime.Goexit (t.FailNow)
		mu.Lock()
		f.running--
		forgetLocked(key, f)
		mu.Unlock()
	}()
	p.fn()
}

package scriptrun

import (
	"fmt"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
)

// Run runs the scripts p names and returns testscript's log; a script
// that fails does not fail the caller.
func Run(p testscript.Params) string {
	t := &fakeT{}
	t.run(func() { testscript.RunT(t, p) })
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.log.String()
}

// fakeT is a testscript.T that records a failure instead of failing a
// test: FailNow and Skip unwind by panic, and run recovers.
type fakeT struct {
	mu  sync.Mutex
	log strings.Builder
}

// abort unwinds a script that called FailNow or Skip.
type abort struct{}

func (f *fakeT) Skip(args ...any)  { f.Log(args...); panic(abort{}) }
func (f *fakeT) Fatal(args ...any) { f.Log(args...); panic(abort{}) }
func (f *fakeT) Parallel()         {}
func (f *fakeT) FailNow()          { panic(abort{}) }
func (f *fakeT) Verbose() bool     { return false }

func (f *fakeT) Log(args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fmt.Fprintln(&f.log, args...)
}

func (f *fakeT) Run(_ string, fn func(testscript.T)) { f.run(func() { fn(f) }) }

func (f *fakeT) run(fn func()) {
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(abort); !ok {
				panic(e)
			}
		}
	}()
	fn()
}

package search

import (
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// rapid runs a property from a go test, through rapid.Check and a
// testing.TB, and takes its budget from its own command-line flags
// (rapid.checks, rapid.seed, rapid.steps, rapid.shrinktime), registered on
// the program's flag.CommandLine: it has no other API that shrinks. A
// search outside go test (idemlab, the mutants' program) therefore needs
// three things, all here: the testing package initialised and its flags
// parsed (rapid asks testing.Short), a TB of its own that records what
// rapid reports instead of failing a test, and rapid's flags set for the
// run and put back afterwards. The flags are one per process, so searches
// take turns.
var engine sync.Mutex

// initTesting makes testing.Short callable outside go test: in a test
// binary the flags are already registered and parsed, and this does
// nothing.
var initTesting = sync.OnceFunc(func() {
	testing.Init()
	if !flag.Parsed() {
		flag.CommandLine.Parse(nil) // nothing of the program's own arguments
	}
})

// budget is what rapid is told for one search.
type budget struct {
	checks, steps int
	seed          uint64
	shrink        time.Duration
}

// withBudget sets rapid's flags for the duration of f and restores them.
// Under go test -short rapid runs a fifth of its checks and half its steps;
// the flags are scaled so that a seed means the same programs either way.
func withBudget(b budget, f func()) error {
	initTesting()
	if testing.Short() {
		b.checks *= 5
		b.steps *= 2
	}
	set := map[string]string{
		"rapid.checks":     strconv.Itoa(b.checks),
		"rapid.steps":      strconv.Itoa(b.steps),
		"rapid.seed":       strconv.FormatUint(b.seed, 10),
		"rapid.shrinktime": b.shrink.String(),
		"rapid.nofailfile": "true",
		"rapid.v":          "false",
		"rapid.log":        "false",
	}
	old := map[string]string{}
	for name, v := range set {
		fl := flag.Lookup(name)
		if fl == nil {
			return fmt.Errorf("pgregory.net/rapid has no flag -%s: the search needs the version go.mod names", name)
		}
		old[name] = fl.Value.String()
		if err := fl.Value.Set(v); err != nil {
			return fmt.Errorf("setting -%s: %v", name, err)
		}
	}
	defer func() {
		for name, v := range old {
			flag.Lookup(name).Value.Set(v)
		}
	}()
	f()
	return nil
}

// recorder is the rapid.TB a search hands to rapid.Check: it keeps what
// rapid reports, and ends the goroutine that runs rapid on FailNow and
// the Skips, as a test's would end.
type recorder struct {
	failed bool
	errors []string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Name() string                      { return "search" }
func (r *recorder) Logf(string, ...any)               {}
func (r *recorder) Log(...any)                        {}
func (r *recorder) Skipf(string, ...any)              { runtime.Goexit() }
func (r *recorder) Skip(...any)                       { runtime.Goexit() }
func (r *recorder) SkipNow()                          { runtime.Goexit() }
func (r *recorder) Errorf(format string, args ...any) { r.Error(fmt.Sprintf(format, args...)) }
func (r *recorder) Error(args ...any) {
	r.failed = true
	r.errors = append(r.errors, fmt.Sprint(args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); r.FailNow() }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...); r.FailNow() }
func (r *recorder) FailNow()                          { r.failed = true; runtime.Goexit() }
func (r *recorder) Fail()                             { r.failed = true }
func (r *recorder) Failed() bool                      { return r.failed }

// check runs rapid.Check on prop with budget b, in a goroutine of its
// own, and returns what rapid reported. The property may end the search
// at once with runtime.Goexit (the search's time is up): rapid's deferred
// calls run, its cleanups too, and rapid stops where it was.
func check(b budget, prop func(*rapid.T)) (*recorder, error) {
	engine.Lock()
	defer engine.Unlock()
	r := &recorder{}
	err := withBudget(b, func() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			rapid.Check(r, prop)
		}()
		<-done
	})
	return r, err
}

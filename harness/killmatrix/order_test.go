package killmatrix_test

import (
	"sync/atomic"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// sharedCounter makes implementations that read a counter every run in
// the process adds to, as /proc/self/io's read bytes grow with every
// script: Counts hides pending rows once more than two calls, of any of
// them, came before. Every one of them is the reference otherwise, so no
// observation can tell them apart, and a kill would be a lie.
func sharedCounter() (ref lab.Impl, copies func(name string) lab.Impl) {
	var calls atomic.Int64
	make1 := func(name string) lab.Impl {
		api := refAPI()
		api.Counts = func(path string) (map[string]int, error) {
			c, err := refAPI().Counts(path)
			if err == nil && calls.Add(1) > 2 {
				c["pending"] = 0
			}
			return c, err
		}
		return lab.Impl{Name: name, Value: api}
	}
	return make1("reference"), make1
}

// TestKillNeedsAReferenceRunAfter: an observation that passes on the
// reference only because the reference ran first (here, a counter every
// run adds to) fails on every mutant, twice; the reference, run again
// after them, fails it too, so it is flaky and kills nothing, in either
// mode of Build.
func TestKillNeedsAReferenceRunAfter(t *testing.T) {
	for _, firstKill := range []bool{false, true} {
		r, copyOf := sharedCounter()
		muts := []lab.Impl{copyOf("copy_a"), copyOf("copy_b")}
		m := build(r, muts, flakyObservations(t),
			killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: firstKill, RunUnreached: true})
		if got := m.Observations[1].Status; got != outcome.Flaky {
			t.Errorf("firstKill=%v: edge/counts_pending is %s, want flaky: it passes on the reference only when run first", firstKill, got)
		}
		for _, mu := range m.Mutants {
			if mu.Outcome == outcome.Killed {
				t.Errorf("firstKill=%v: %s killed by %+v; want no kill", firstKill, mu.Name, mu.KilledBy)
			}
		}
	}
}

// TestKillWithAReferenceRunAfter: a real kill still counts once the
// reference has passed the observation after the mutants ran.
func TestKillWithAReferenceRunAfter(t *testing.T) {
	for _, firstKill := range []bool{false, true} {
		m := build(ref(), []lab.Impl{hidesPending()}, flakyObservations(t),
			killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: firstKill})
		if mu := m.Mutants[0]; mu.Outcome != outcome.Killed {
			t.Errorf("firstKill=%v: hides_pending: %s, want killed", firstKill, mu.Outcome)
		}
	}
}

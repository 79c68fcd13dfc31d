package killmatrix_test

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/reference/idem"
)

// stallsOn is the reference, or with hide a mutant whose Counts hides
// pending rows, whose Counts stalls past any test deadline on the calls
// for which stall is true: a run slowed by a loaded machine.
func stallsOn(name string, hide bool, stall func(call int64) bool) lab.Impl {
	var calls atomic.Int64
	return fake(name, func(a *idem.API) {
		a.Counts = func(path string) (map[string]int, error) {
			if stall(calls.Add(1)) {
				time.Sleep(3 * time.Second)
			}
			c, err := refAPI().Counts(path)
			if err == nil && hide {
				c["pending"] = 0
			}
			return c, err
		}
	})
}

// TestSlowRunIsNoDisagreement: a run that confirms another (the
// reference's second run, a kill's repeat, the reference's run after the
// mutants) and is stopped at its deadline disagrees with nothing. The
// observation is timed out when the reference was slow, and keeps its
// status when the mutant was (the mutant's result is that timeout);
// before, each was called flaky, blaming the observation for the machine.
func TestSlowRunIsNoDisagreement(t *testing.T) {
	never := func(int64) bool { return false }
	tests := []struct {
		name      string
		reference lab.Impl
		mutant    lab.Impl
		firstKill bool
		want      outcome.Observation // edge/counts_pending's status
		wantCell  outcome.Observation // the mutant's result on it ("": not run)
	}{
		// Calls on the reference: 1 and 2 its two first runs, 3 its run
		// after the mutant's kill repeated (mutant calls are its own).
		{"reference's second run", stallsOn("ref", false, func(n int64) bool { return n == 2 }), stallsOn("m", true, never), false, outcome.TimedOut, ""},
		{"kill's repeat", stallsOn("ref", false, never), stallsOn("m", true, func(n int64) bool { return n == 2 }), false, outcome.Pass, outcome.TimedOut},
		{"kill's repeat, first kill", stallsOn("ref", false, never), stallsOn("m", true, func(n int64) bool { return n == 2 }), true, outcome.Pass, outcome.TimedOut},
		{"reference after the mutants", stallsOn("ref", false, func(n int64) bool { return n == 3 }), stallsOn("m", true, never), false, outcome.TimedOut, outcome.Fail},
		{"reference after the mutants, first kill", stallsOn("ref", false, func(n int64) bool { return n == 3 }), stallsOn("m", true, never), true, outcome.TimedOut, outcome.Fail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := build(tt.reference, []lab.Impl{tt.mutant}, flakyObservations(t),
				killmatrix.Options{Timeout: time.Second, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: tt.firstKill})
			type got struct{ Observation, Cell outcome.Observation }
			row := m.Observations[1]
			g := got{row.Status, m.Mutants[0].Cells[row.Name].Status}
			if diff := cmp.Diff(got{tt.want, tt.wantCell}, g); diff != "" {
				t.Errorf("%s (-want +got):\n%s", row.Name, diff)
			}
			if s := m.Summary(); s.Flaky != 0 {
				t.Errorf("Summary: %d flaky, want none: %+v", s.Flaky, s)
			}
		})
	}
}

// TestMutantDeadlineFollowsTheReference: a mutant that never returns on an
// observation the reference runs in milliseconds is stopped seconds after,
// not at the run's own deadline, in both schedules; its result is a
// timeout that names the shorter deadline.
func TestMutantDeadlineFollowsTheReference(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a mutant's deadline")
	}
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	loops := fake("loops", func(a *idem.API) {
		a.Counts = func(string) (map[string]int, error) { <-release; return nil, nil }
	})
	const long = 40 * time.Second
	for _, firstKill := range []bool{true, false} {
		t.Run(map[bool]string{true: "first-kill", false: "every"}[firstKill], func(t *testing.T) {
			opt := killmatrix.Options{Timeout: long, Parallel: 2, WorkRoot: t.TempDir(), FirstKill: firstKill}
			m := build(ref(), []lab.Impl{loops}, flakyObservations(t), opt)
			c := m.Mutants[0].Cells["edge/counts_pending"]
			if c.Status != outcome.TimedOut {
				t.Fatalf("the looping mutant on edge/counts_pending: %s, want a timeout", c.Status)
			}
			if c.Elapsed >= long || strings.Contains(c.Message, long.String()) {
				t.Errorf("stopped after %v (%q); want the mutant's own deadline, shorter than the run's %v", c.Elapsed, c.Message, long)
			}
			if m.Mutants[0].Outcome != outcome.Timeout {
				t.Errorf("mutant outcome %s, want timeout", m.Mutants[0].Outcome)
			}
		})
	}
}

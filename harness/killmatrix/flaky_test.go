package killmatrix_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// alternating is a copy of the reference whose Counts is right on the
// calls for which wrong returns false and hides pending rows on the others.
func alternating(name string, wrong func(call int64) bool) lab.Impl {
	return wrongOn(name, wrong, func(int64) bool { return false })
}

// flakyObservations are one observation that checks counts and one that
// does not call Counts at all, so that a mutant has something valid left.
func flakyObservations(t *testing.T) []killmatrix.Observation {
	dir := t.TempDir()
	return []killmatrix.Observation{
		script(t, dir, "happy", "reserve", "# reserve works\nidem init\nidem reserve k v 10\nstdout true\n"),
		script(t, dir, "edge", "counts_pending", countsPending),
	}
}

// TestFlakyReference: the reference runs every observation twice; one whose
// result changes between the runs is flaky, and no kill by it counts.
func TestFlakyReference(t *testing.T) {
	// Right on the first call, wrong on the second: the first reference
	// run passes, the second fails.
	ref := alternating("flaky_reference", func(n int64) bool { return n%2 == 0 })
	m := build(ref, []lab.Impl{hidesPending()}, flakyObservations(t),
		killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir()})

	row := m.Observations[1]
	if row.Name != "edge/counts_pending" {
		t.Fatalf("observation 1 is %s, want edge/counts_pending", row.Name)
	}
	if row.Status != outcome.Flaky {
		t.Errorf("edge/counts_pending: %s; want flaky (the first run passed)", row.Status)
	}
	if row.Reference.Status != outcome.Pass {
		t.Errorf("recorded reference result %q, want the first run's pass", row.Reference.Status)
	}
	if !m.Observations[0].Valid() {
		t.Errorf("happy/reserve: %s; want pass", m.Observations[0].Status)
	}

	// The mutant fails the flaky observation, but that is not a kill.
	mu := m.Mutants[0]
	if got := mu.Cells["edge/counts_pending"].Status; got != outcome.Fail {
		t.Errorf("hides_pending on edge/counts_pending: %q, want fail (still run, not counted)", got)
	}
	if mu.Outcome != outcome.Survived || len(mu.KilledBy) != 0 {
		t.Errorf("hides_pending: %s, killed by %+v; want survived, killed by none", mu.Outcome, mu.KilledBy)
	}

	wantSummary := killmatrix.Summary{Mutants: 1, Survived: 1, Flaky: 1}
	if diff := cmp.Diff(wantSummary, m.Summary()); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
	if got := m.Summary().String(); !strings.HasSuffix(got, "; 1 flaky observation") {
		t.Errorf("Summary.String() = %q, want it to end with \"; 1 flaky observation\"", got)
	}
	err := m.Gate()
	if err == nil {
		t.Fatal("Gate() = nil, want the flaky observation named")
	}
	for _, want := range []string{"observation edge/counts_pending is flaky", "mutant hides_pending survived"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Gate() = %q, want it to contain %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "fails on the reference") {
		t.Errorf("Gate() = %q: a flaky observation whose first run passed is not broken", err)
	}
}

// TestFlakyReferenceFailingFirst: wrong on the first reference run only:
// the two runs disagree, so the observation is flaky (one outcome, which
// also keeps it from counting).
func TestFlakyReferenceFailingFirst(t *testing.T) {
	ref := alternating("flaky_reference", func(n int64) bool { return n%2 == 1 })
	m := build(ref, []lab.Impl{hidesPending()}, flakyObservations(t),
		killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir()})
	row := m.Observations[1]
	if row.Status != outcome.Flaky {
		t.Errorf("edge/counts_pending: %s; want flaky", row.Status)
	}
	if s := m.Summary(); s.Flaky != 1 || s.Broken != 0 {
		t.Errorf("Summary = %+v, want 1 flaky, 0 broken", s)
	}
}

// TestFlakyKill: an apparent kill runs once more; a mutant that is wrong
// only on every other call fails the first run and passes the repeat, so
// the observation is flaky and the mutant is not killed by it.
func TestFlakyKill(t *testing.T) {
	// Wrong on the first call (the kill), right on the second (the repeat).
	flaky := alternating("sometimes_hides_pending", func(n int64) bool { return n%2 == 1 })
	m := build(ref(), []lab.Impl{flaky, hidesPending()}, flakyObservations(t),
		killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir()})

	row := m.Observations[1]
	if row.Status != outcome.Flaky {
		t.Errorf("edge/counts_pending: %s; want flaky", row.Status)
	}
	if got := m.Mutants[0].Cells["edge/counts_pending"].Status; got != outcome.Fail {
		t.Errorf("first run on the flaky mutant: %q, want fail", got)
	}
	for _, mu := range m.Mutants {
		for _, k := range mu.KilledBy {
			if k.Observation == "edge/counts_pending" {
				t.Errorf("%s killed by the flaky edge/counts_pending", mu.Name)
			}
		}
		// Only happy/reserve is valid, and it passes.
		if mu.Outcome != outcome.Survived {
			t.Errorf("%s: %s, want survived: its only kill is by a flaky observation", mu.Name, mu.Outcome)
		}
	}
	if s := m.Summary(); s.Flaky != 1 || s.Killed != 0 || s.Broken != 0 {
		t.Errorf("Summary = %+v, want 1 flaky, 0 killed, 0 broken", s)
	}
	if err := m.Gate(); err == nil || !strings.Contains(err.Error(), "observation edge/counts_pending is flaky") {
		t.Errorf("Gate() = %v, want it to name the flaky observation", err)
	}
}

// TestSteadyKillIsNotFlaky: a kill that repeats leaves the observation
// valid.
func TestSteadyKillIsNotFlaky(t *testing.T) {
	m := build(ref(), []lab.Impl{hidesPending()}, flakyObservations(t),
		killmatrix.Options{Timeout: time.Minute, WorkRoot: t.TempDir()})
	for _, o := range m.Observations {
		if !o.Valid() {
			t.Errorf("%s: %s; want pass", o.Name, o.Status)
		}
	}
	if mu := m.Mutants[0]; mu.Outcome != outcome.Killed {
		t.Errorf("hides_pending: %s, want killed", mu.Outcome)
	}
	if err := m.Gate(); err != nil {
		t.Errorf("Gate() = %v, want nil", err)
	}
}

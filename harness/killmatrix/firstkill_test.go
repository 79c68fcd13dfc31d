package killmatrix_test

import (
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// TestFirstKillAgreesWithEvery: on the lab's eight mutants and its
// observations, stopping at the first kill gives every mutant the verdict
// the full matrix gives it, with one killer, the first of the full list in
// the order tried (edge observations first).
func TestFirstKillAgreesWithEvery(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab's matrix twice")
	}
	obs, err := killmatrix.Discover(filepath.Join("..", "..", "testdata"), mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	muts := mutants.Lab().Mutants
	opt := killmatrix.Options{Timeout: time.Minute}
	every := build(ref(), muts, obs, opt)
	opt.FirstKill = true
	first := build(ref(), muts, obs, opt)

	tried := map[string]int{} // observation -> position in the order tried
	for _, edgeFirst := range []bool{true, false} {
		for _, o := range obs {
			if (o.Kind != killmatrix.KindHappy) == edgeFirst {
				tried[o.Name] = len(tried)
			}
		}
	}
	for i, full := range every.Mutants {
		got := first.Mutants[i]
		if got.Name != full.Name || got.Outcome != full.Outcome {
			t.Errorf("mutant %d: first kill judged %s %s, the full matrix %s %s", i, got.Name, got.Outcome, full.Name, full.Outcome)
			continue
		}
		if full.Outcome != outcome.Killed {
			continue
		}
		want := slices.MinFunc(full.KilledBy, func(a, b killmatrix.Kill) int { return tried[a.Observation] - tried[b.Observation] })
		if diff := cmp.Diff([]killmatrix.Kill{want}, got.KilledBy); diff != "" {
			t.Errorf("%s: killers (-want +got):\n%s", got.Name, diff)
		}
		if !got.Stopped {
			t.Errorf("%s: Stopped is false after %d of %d observations", got.Name, len(got.Cells), len(obs))
		}
		if len(got.Cells) >= len(full.Cells) {
			t.Errorf("%s: %d cells run, no fewer than the full matrix's %d", got.Name, len(got.Cells), len(full.Cells))
		}
	}
	if diff := cmp.Diff(every.Summary(), first.Summary()); diff != "" {
		t.Errorf("Summary (-every +first):\n%s", diff)
	}
}

// TestFirstKillResumesAfterFlaky: a mutant stopped by an observation that
// a later mutant shows to be flaky is judged again from the next one.
func TestFirstKillResumesAfterFlaky(t *testing.T) {
	dir := t.TempDir()
	obs := []killmatrix.Observation{
		script(t, dir, "edge", "a_counts_pending", countsPending),
		script(t, dir, "edge", "b_counts_pending_again", countsPending),
		script(t, dir, "happy", "reserve", "# reserve works\nidem init\nidem reserve k v 10\nstdout true\n"),
	}
	// Wrong on its first call only: it fails a_counts_pending and passes
	// its repeat, which makes that observation flaky.
	once := alternating("hides_pending_once", func(n int64) bool { return n == 1 })
	m := build(ref(), []lab.Impl{hidesPending(), once}, obs,
		killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: true})

	if m.Observations[0].Status != outcome.Flaky || m.Observations[1].Status == outcome.Flaky {
		t.Errorf("flaky: a %s, b %s; want a only", m.Observations[0].Status, m.Observations[1].Status)
	}
	type verdict struct {
		Name    string
		Outcome outcome.Mutant
		Killers []string
		Stopped bool
	}
	var got []verdict
	for _, mu := range m.Mutants {
		v := verdict{Name: mu.Name, Outcome: mu.Outcome, Stopped: mu.Stopped}
		for _, k := range mu.KilledBy {
			v.Killers = append(v.Killers, k.Observation)
		}
		got = append(got, v)
	}
	want := []verdict{
		{"hides_pending", outcome.Killed, []string{"edge/b_counts_pending_again"}, true},
		{"hides_pending_once", outcome.Survived, nil, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
}

// TestFirstKillResumesInALaterRound: a mutant stopped in the first round
// by an observation that only the second round shows to be flaky is
// judged again in a third.
func TestFirstKillResumesInALaterRound(t *testing.T) {
	dir := t.TempDir()
	const fetch = "# fetch replays\nidem init\nidem reserve k v 10\nidem finish k v 1\nidem fetch k 5\nstdout '^1$'\n"
	obs := []killmatrix.Observation{
		script(t, dir, "edge", "y_counts", countsPending),
		script(t, dir, "edge", "x_fetch", fetch),
		script(t, dir, "edge", "z_fetch", fetch),
	}
	always := func(int64) bool { return true }
	never := func(int64) bool { return false }
	first := func(n int64) bool { return n == 1 }
	muts := []lab.Impl{
		// Killed by x_fetch in round 1, which C shows flaky in round 2.
		wrongOn("a_fetch_wrong", never, always),
		// Killed by y_counts in round 1, which D shows flaky in round 1;
		// in round 2 its Fetch is wrong only on the first call.
		wrongOn("c_counts_wrong", always, first),
		// Wrong on its first Counts call only.
		wrongOn("d_counts_wrong_once", first, never),
	}
	m := build(ref(), muts, obs,
		killmatrix.Options{Timeout: time.Minute, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: true})

	var flaky []string
	for _, o := range m.Observations {
		if o.Status == outcome.Flaky {
			flaky = append(flaky, o.Name)
		}
	}
	if diff := cmp.Diff([]string{"edge/y_counts", "edge/x_fetch"}, flaky); diff != "" {
		t.Errorf("flaky observations (-want +got):\n%s", diff)
	}
	got := map[string]string{}
	for _, mu := range m.Mutants {
		got[mu.Name] = string(mu.Outcome)
		for _, k := range mu.KilledBy {
			got[mu.Name] += " by " + k.Observation
		}
	}
	want := map[string]string{
		"a_fetch_wrong":       "killed by edge/z_fetch",
		"c_counts_wrong":      "survived",
		"d_counts_wrong_once": "survived",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
}

// wrongOn is a copy of the reference whose Counts hides pending rows, and
// whose Fetch replays nothing, on the calls for which the given functions
// return true (calls are counted from 1, separately for each function).
func wrongOn(name string, counts, fetch func(call int64) bool) lab.Impl {
	s := refAPI()
	var countsCalls, fetchCalls atomic.Int64
	s.Counts = func(path string) (map[string]int, error) {
		c, err := refAPI().Counts(path)
		if err == nil && counts(countsCalls.Add(1)) {
			c["pending"] = 0
		}
		return c, err
	}
	s.Fetch = func(path, key string, now float64) (any, error) {
		v, err := refAPI().Fetch(path, key, now)
		if err == nil && fetch(fetchCalls.Add(1)) {
			return nil, nil
		}
		return v, err
	}
	return lab.Impl{Name: name, Value: s}
}

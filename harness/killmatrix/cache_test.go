package killmatrix_test

import (
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// memCache is a killmatrix.Cache in memory, keyed by implementation and
// observation text, counting what it kept.
type memCache struct {
	mu    sync.Mutex
	cells map[[2]string]killmatrix.Result
	kept  int
}

func (c *memCache) Result(impl string, o killmatrix.Observation) (killmatrix.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.cells[[2]string{impl, string(o.Data)}]
	return r, ok
}

func (c *memCache) Keep(impl string, o killmatrix.Observation, r killmatrix.Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cells[[2]string{impl, string(o.Data)}] = r
	c.kept++
}

// verdicts are what a cached run must give as a fresh one does: each
// observation's status, each mutant's outcome and killers.
func verdicts(m *killmatrix.Matrix) (map[string]string, map[string][]killmatrix.Kill) {
	obs := map[string]string{}
	for _, o := range m.Observations {
		obs[o.Name] = string(o.Status)
	}
	muts := map[string][]killmatrix.Kill{}
	for _, mu := range m.Mutants {
		muts[mu.Name+" "+string(mu.Outcome)] = mu.KilledBy
	}
	return obs, muts
}

// TestCacheGivesTheSameVerdicts: in both modes, a run with a cache
// another run filled runs nothing and gives the verdicts a fresh run
// gives; after one observation changes, only that observation runs again.
func TestCacheGivesTheSameVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab's matrix several times")
	}
	obs, err := killmatrix.Discover(filepath.Join("..", "..", "testdata"), mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	muts := mutants.Lab().Mutants
	for _, firstKill := range []bool{true, false} {
		t.Run(map[bool]string{true: "first-kill", false: "every"}[firstKill], func(t *testing.T) {
			cache := &memCache{cells: map[[2]string]killmatrix.Result{}}
			opt := killmatrix.Options{Timeout: time.Minute, FirstKill: firstKill}
			fresh := build(ref(), muts, obs, opt)
			opt.Cache = cache
			filling := build(ref(), muts, obs, opt)
			if filling.FromCache != 0 || cache.kept == 0 {
				t.Fatalf("an empty cache answered %d results and kept %d", filling.FromCache, cache.kept)
			}
			again := build(ref(), muts, obs, opt)
			if again.CachedMutants != len(muts) {
				t.Errorf("second run: %d of %d mutants from the cache alone", again.CachedMutants, len(muts))
			}
			for _, m := range []*killmatrix.Matrix{filling, again} {
				wantObs, wantMuts := verdicts(fresh)
				gotObs, gotMuts := verdicts(m)
				if diff := cmp.Diff(wantObs, gotObs); diff != "" {
					t.Errorf("observations (-fresh +cached):\n%s", diff)
				}
				if diff := cmp.Diff(wantMuts, gotMuts, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("mutants (-fresh +cached):\n%s", diff)
				}
			}

			// One observation edited: its reference runs again (twice),
			// nothing else from before does.
			edited := append([]killmatrix.Observation{}, obs...)
			edited[0].Data = append(append([]byte{}, edited[0].Data...), "\n# edited\n"...)
			kept := cache.kept
			after := build(ref(), muts, edited, opt)
			want := build(ref(), muts, edited, killmatrix.Options{Timeout: time.Minute, FirstKill: firstKill})
			wantObs, wantMuts := verdicts(want)
			gotObs, gotMuts := verdicts(after)
			if diff := cmp.Diff(wantObs, gotObs); diff != "" {
				t.Errorf("after the edit, observations (-fresh +cached):\n%s", diff)
			}
			if diff := cmp.Diff(wantMuts, gotMuts, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("after the edit, mutants (-fresh +cached):\n%s", diff)
			}
			if ran := cache.kept - kept; ran > 1+len(muts) {
				t.Errorf("after editing one observation, %d results were kept anew: more than its reference's and one per mutant", ran)
			}
		})
	}
}

// TestHangIsKept: a mutant's first run stopped at its deadline, on an
// observation the reference runs in a fraction of it, is kept, and
// taken by a run whose deadline is no longer, which runs nothing on it;
// a run with a longer deadline runs it again. A timeout that may be the
// machine's is not kept: a kill's repeat stopped at its deadline, or a
// first run on an observation the reference itself runs slowly.
func TestHangIsKept(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for several deadlines")
	}
	always := func(int64) bool { return true }
	countsPending := func(m *killmatrix.Matrix) killmatrix.Result {
		t.Helper()
		row := m.Observations[1]
		if row.Name != "edge/counts_pending" {
			t.Fatalf("observation 1 is %s, want edge/counts_pending", row.Name)
		}
		return m.Mutants[0].Cells[row.Name]
	}
	for _, firstKill := range []bool{true, false} {
		t.Run(map[bool]string{true: "first-kill", false: "every"}[firstKill], func(t *testing.T) {
			var calls atomic.Int64
			hangs := stallsOn("m", true, func(int64) bool { calls.Add(1); return true })
			cache := &memCache{cells: map[[2]string]killmatrix.Result{}}
			opt := killmatrix.Options{Timeout: time.Second, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: firstKill, Cache: cache}
			obs := flakyObservations(t)
			if c := countsPending(build(ref(), []lab.Impl{hangs}, obs, opt)); c.Status != outcome.TimedOut || c.Cached {
				t.Fatalf("first run: %s (cached %v), want a timeout run", c.Status, c.Cached)
			}
			before := calls.Load()
			again := build(ref(), []lab.Impl{hangs}, obs, opt)
			if c := countsPending(again); c.Status != outcome.TimedOut || !c.Cached || calls.Load() != before || again.CachedMutants != 1 {
				t.Errorf("second run: %s (cached %v), %d calls of the mutant's Counts, %d mutants from the cache; want the timeout from the cache and no call",
					c.Status, c.Cached, calls.Load()-before, again.CachedMutants)
			}
			if !firstKill {
				return
			}
			opt.Timeout = 2 * time.Second
			if c := countsPending(build(ref(), []lab.Impl{hangs}, obs, opt)); c.Status != outcome.TimedOut || c.Cached {
				t.Errorf("with a longer deadline: %s (cached %v), want the timeout run again", c.Status, c.Cached)
			}
		})
	}
	for _, tt := range []struct {
		name           string
		reference, mut lab.Impl
	}{
		{"a kill's repeat", ref(), stallsOn("m", true, func(n int64) bool { return n == 2 })},
		{"a slow reference", stallsOn("ref", false, func(int64) bool { time.Sleep(150 * time.Millisecond); return false }), stallsOn("m", true, always)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cache := &memCache{cells: map[[2]string]killmatrix.Result{}}
			opt := killmatrix.Options{Timeout: time.Second, Parallel: 1, WorkRoot: t.TempDir(), FirstKill: true, Cache: cache}
			if c := countsPending(build(tt.reference, []lab.Impl{tt.mut}, flakyObservations(t), opt)); c.Status != outcome.TimedOut {
				t.Fatalf("%s, want a timeout", c.Status)
			}
			for k, r := range cache.cells {
				if r.Status == outcome.TimedOut {
					t.Errorf("the timeout of %s was kept", k[0])
				}
			}
		})
	}
}

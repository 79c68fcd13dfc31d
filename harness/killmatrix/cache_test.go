package killmatrix_test

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/killmatrix"
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

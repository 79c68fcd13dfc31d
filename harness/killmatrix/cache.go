package killmatrix

import (
	"sync/atomic"

	"idemlab/harness/outcome"
)

// A Cache remembers results across runs: idemlab mutate's verdict cache
// (idemlab/harness/internal/verdictcache) keys each by the
// implementation's source, the observation's file and text and the
// harness version, so a result it returns is the one a run would find.
// Only results that a run confirmed are kept: a reference's two passing
// runs (an observation that counts), a mutant's pass, and a mutant's kill
// that repeated while the reference still passed after it. A timeout, a
// flaky or broken observation's result is never kept: those depend on the
// machine or fail the run.
type Cache interface {
	// Result returns the kept result of observation o on the
	// implementation called impl, if there is one.
	Result(impl string, o Observation) (Result, bool)
	// Keep keeps r, o's confirmed result on impl.
	Keep(impl string, o Observation, r Result)
}

// cacheCount counts the results a run took from its cache.
type cacheCount struct{ n atomic.Int64 }

// lookup asks opt's cache for o's result on impl; only a pass or a kill
// is taken from it.
func (c *cacheCount) lookup(opt Options, impl string, o Observation) (Result, bool) {
	if opt.Cache == nil {
		return Result{}, false
	}
	r, ok := opt.Cache.Result(impl, o)
	if !ok || (r.Status != outcome.Pass && r.Status != outcome.Fail) {
		return Result{}, false
	}
	c.n.Add(1)
	r.Cached = true
	return r, true
}

// allCached reports whether a mutant's results came from the cache alone:
// at least one did, and none ran.
func allCached(results []Result) bool {
	any := false
	for _, r := range results {
		switch {
		case r.Status == "" || r.NotReached:
		case !r.Cached:
			return false
		default:
			any = true
		}
	}
	return any
}

// keep keeps r in opt's cache, if it has one.
func keep(opt Options, impl string, o Observation, r Result) {
	if opt.Cache != nil {
		opt.Cache.Keep(impl, o, r)
	}
}

package killmatrix

import (
	"sync/atomic"
	"time"

	"idemlab/harness/outcome"
)

// A Cache remembers results across runs: idemlab mutate's verdict cache
// (idemlab/harness/internal/verdictcache) keys each by the
// implementation's source, the observation's file and text and the
// harness version, so a result it returns is the one a run would find.
// Only results that a run confirmed are kept: a reference's two passing
// runs (an observation that counts), a mutant's pass, a mutant's kill
// that repeated while the reference still passed after it, and a mutant's
// hang: a first run on it stopped at its deadline when the reference ran
// the observation in at most a tenth of that deadline (see keepTimeout).
// A flaky or broken observation's result is never kept, nor the
// reference's timeout, nor a confirming run's: those depend on the
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

// lookup asks opt's cache for o's result on impl; only a pass, a kill or
// a timeout that ran at least as long as opt's deadline is taken from it.
func (c *cacheCount) lookup(opt Options, impl string, o Observation) (Result, bool) {
	if opt.Cache == nil {
		return Result{}, false
	}
	r, ok := opt.Cache.Result(impl, o)
	hang := r.Status == outcome.TimedOut && r.Elapsed >= opt.Timeout
	if !ok || (r.Status != outcome.Pass && r.Status != outcome.Fail && !hang) {
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

// hangMargin is how many times longer than the reference's run of an
// observation a mutant's deadline must be for its timeout to be kept.
const hangMargin = 10

// A mutant's deadline on an observation is mutantScale times the time the
// reference took on it, at least mutantFloor, at most the run's own
// deadline: a mutant that loops (a drain whose cursor never advances) is
// stopped seconds after the reference would have finished, not after the
// thirty seconds a hung reference is given. The floor keeps a busy
// machine's slow run from reading as a hang; the scale keeps the rule
// above hangMargin, so such a timeout is still kept.
const (
	mutantScale = 50
	mutantFloor = 2 * time.Second
)

// forMutant is opt with the deadline of a mutant's run of an observation
// whose reference result is ref (see mutantScale); a result that tells no
// time leaves opt's deadline. The verdict cache keeps the reference's
// time, so a run that takes the reference's result from it gives its
// mutants the deadlines the run that kept it gave.
func forMutant(opt Options, ref Result) Options {
	opt = opt.withDefaults()
	if ref.Elapsed > 0 {
		opt.Timeout = min(opt.Timeout, max(mutantFloor, mutantScale*ref.Elapsed))
	}
	return opt
}

// keepTimeout keeps r, the first run of row's observation on the mutant
// impl, when it is a hang, not an accident of a busy machine: it was
// stopped at its deadline, which is at least hangMargin times the time the
// reference took (a reference result taken from the cache tells no time,
// and so keeps nothing). r keeps its time: a later run takes it only if
// its own deadline is no longer (lookup). A mutant that hangs on an
// observation before another kills it would otherwise cost a whole
// deadline on every run.
func keepTimeout(opt Options, impl string, row ObservationRow, r Result) {
	ref := row.Reference.Elapsed
	if r.Status == outcome.TimedOut && r.Elapsed >= opt.Timeout && row.Valid() && ref > 0 && ref*hangMargin <= opt.Timeout {
		keep(opt, impl, row.Observation, r)
	}
}

package killmatrix

import (
	"slices"
	"sync"
	"sync/atomic"

	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// runReference runs, on the reference, the observations that want says
// to run, recording which of its functions each calls; the others'
// results are zero.
func runReference(l *lab.Lab, opt Options, obs []Observation, want func(int) bool) []Result {
	out := make([]Result, len(obs))
	parallel(opt.Parallel, len(obs), func(i int) {
		if !want(i) {
			return
		}
		ref, calls, ok := recording(l.Reference)
		out[i] = Run(l, ref, obs[i], opt)
		if ok {
			out[i].Calls = calls.list()
		}
	})
	return out
}

// runReferenceAndWheats is runReference, with every observation that
// want says to run, or that opt's cache answered on the reference (known
// passes need the wheats' word too), run once on each of the lab's wheats
// in the same pool; it returns the reference's results and each wheat's
// by observation.
func runReferenceAndWheats(l *lab.Lab, opt Options, obs []Observation, want func(int) bool) ([]Result, [][]Result) {
	ref := make([]Result, len(obs))
	wheats := make([][]Result, len(l.Wheats))
	var jobs []job // mi: the wheat, or -1 for the reference
	for oi := range obs {
		if want(oi) {
			jobs = append(jobs, job{-1, oi})
		}
		for wi := range l.Wheats {
			jobs = append(jobs, job{wi, oi})
		}
	}
	for wi := range wheats {
		wheats[wi] = make([]Result, len(obs))
	}
	parallel(opt.Parallel, len(jobs), func(i int) {
		j := jobs[i]
		if j.mi >= 0 {
			wheats[j.mi][j.oi] = Run(l, l.Wheats[j.mi], obs[j.oi], opt)
			return
		}
		impl, calls, ok := recording(l.Reference)
		ref[j.oi] = Run(l, impl, obs[j.oi], opt)
		if ok {
			ref[j.oi].Calls = calls.list()
		}
	})
	return ref, wheats
}

// A job is one observation (oi) to run on one mutant (mi).
type job struct{ mi, oi int }

// runEvery runs every valid observation on every complete mutant, marking
// rows flaky where a kill does not repeat or the reference, run again
// after every mutant, no longer passes, and returns the results by
// mutant and observation.
func runEvery(l *lab.Lab, opt Options, mutants []lab.Impl, rows []ObservationRow, cached *cacheCount) [][]Result {
	// One pool for every mutant's scripts keeps all cores busy even when a
	// mutant has fewer scripts than there are cores.
	results := make([][]Result, len(mutants))
	left := make([]atomic.Int32, len(mutants))
	started := make([]sync.Once, len(mutants))
	var jobs []job
	for mi, mu := range mutants {
		results[mi] = make([]Result, len(rows))
		if len(mu.Missing()) > 0 {
			continue
		}
		for oi, o := range rows {
			switch {
			case o.Status == outcome.TimedOut: // a hang on the reference is not run again
			case !opt.RunUnreached && !reaches(mu, o):
				results[mi][oi] = notReached(o)
			case o.Valid() && cachedInto(&results[mi][oi], cached, forMutant(opt, o.Reference), mu.Name, o.Observation):
			default:
				jobs = append(jobs, job{mi, oi})
				left[mi].Add(1)
			}
		}
		if left[mi].Load() == 0 && opt.Progress != nil {
			opt.Progress.Start(mu.Name) // nothing to run: judged at once
			opt.Progress.Done(mu.Name)
		}
	}
	parallel(opt.Parallel, len(jobs), func(i int) {
		j := jobs[i]
		name := mutants[j.mi].Name
		if opt.Progress != nil {
			started[j.mi].Do(func() { opt.Progress.Start(name) })
		}
		results[j.mi][j.oi] = Run(l, mutants[j.mi], rows[j.oi].Observation, forMutant(opt, rows[j.oi].Reference))
		if left[j.mi].Add(-1) == 0 && opt.Progress != nil {
			opt.Progress.Done(name)
		}
	})

	// Every apparent kill runs once more: a kill that does not repeat
	// marks the observation flaky, one that runs past its deadline is the
	// mutant's timeout.
	var kills, hangs []job
	for _, j := range jobs {
		switch results[j.mi][j.oi].Status {
		case outcome.Fail:
			if rows[j.oi].Valid() {
				kills = append(kills, j)
			}
		case outcome.TimedOut:
			hangs = append(hangs, j)
		}
	}
	repeats := make([]Result, len(kills))
	parallel(opt.Parallel, len(kills), func(i int) {
		k := kills[i]
		repeats[i] = Run(l, mutants[k.mi], rows[k.oi].Observation, forMutant(opt, rows[k.oi].Reference))
	})
	var killers []int  // the observations whose kills repeated
	var repeated []job // the kills that repeated
	for i, j := range kills {
		switch {
		case repeats[i].Status == outcome.TimedOut:
			// The mutant ran past the deadline this time: its result is
			// that timeout, and the observation is not to blame.
			results[j.mi][j.oi] = repeats[i]
		case repeats[i].Status != outcome.Fail:
			rows[j.oi].Status = outcome.Flaky
		default:
			repeated = append(repeated, j)
			if !slices.Contains(killers, j.oi) {
				killers = append(killers, j.oi)
			}
		}
	}
	// Every observation that killed runs once more on the reference, now
	// that every mutant has run: one whose result depends on what ran
	// before it (a counter of the process, a file left behind) no longer
	// passes, and is flaky.
	after := make([]outcome.Observation, len(killers))
	parallel(opt.Parallel, len(killers), func(i int) {
		after[i] = passesAfter(l, opt, rows[killers[i]].Observation)
	})
	for i, oi := range killers {
		if after[i] != outcome.Pass {
			rows[oi].Status = after[i]
		}
	}
	keepConfirmed(opt, mutants, rows, jobs, repeated, results)
	for _, j := range hangs {
		keepTimeout(forMutant(opt, rows[j.oi].Reference), mutants[j.mi].Name, rows[j.oi], results[j.mi][j.oi])
	}
	return results
}

// keepConfirmed keeps in opt's cache the results of runEvery's jobs that
// it confirmed: passes, and kills that repeated, of observations that
// still count once every mutant ran (a first run's timeout is
// keepTimeout's to keep).
func keepConfirmed(opt Options, mutants []lab.Impl, rows []ObservationRow, jobs, repeated []job, results [][]Result) {
	if opt.Cache == nil {
		return
	}
	for _, j := range jobs {
		if r := results[j.mi][j.oi]; r.Status == outcome.Pass && rows[j.oi].Valid() {
			keep(opt, mutants[j.mi].Name, rows[j.oi].Observation, r)
		}
	}
	for _, j := range repeated {
		if rows[j.oi].Valid() {
			keep(opt, mutants[j.mi].Name, rows[j.oi].Observation, results[j.mi][j.oi])
		}
	}
}

// cachedInto sets *r to o's result on impl from opt's cache, if it has
// one, and reports whether it did.
func cachedInto(r *Result, cached *cacheCount, opt Options, impl string, o Observation) bool {
	c, ok := cached.lookup(opt, impl, o)
	if ok {
		*r = c
	}
	return ok
}

// passesAfter runs o on the reference once more, after mutants ran, and
// reports how it went: Pass (a kill counts only then), TimedOut when it
// ran past its deadline, or Flaky when it no longer passes.
func passesAfter(l *lab.Lab, opt Options, o Observation) outcome.Observation {
	switch Run(l, l.Reference, o, opt).Status {
	case outcome.Pass:
		return outcome.Pass
	case outcome.TimedOut:
		return outcome.TimedOut
	}
	return outcome.Flaky
}

// runFirstKill runs each complete mutant's observations one after another
// until one kills it and kills it again, and the reference, run after
// both, still passes it, marking rows flaky where either does not; the results of observations not run are zero, and
// stopped[mi] says whether any were left. A mutant's kill may come from an
// observation that another mutant later shows to be flaky, in the same
// round or a later one; its judging then resumes after it, until no
// mutant rests on a flaky kill.
func runFirstKill(l *lab.Lab, opt Options, mutants []lab.Impl, rows []ObservationRow, cached *cacheCount) (results [][]Result, stopped []bool) {
	f := &firstKill{lab: l, opt: opt, mutants: mutants, rows: rows, order: edgeFirst(rows), cached: cached}
	f.results = make([][]Result, len(mutants))
	f.next = make([]int, len(mutants))
	f.killer = make([]int, len(mutants))
	var todo []int
	for mi, s := range mutants {
		f.results[mi] = make([]Result, len(rows))
		f.killer[mi] = -1
		if len(s.Missing()) == 0 {
			todo = append(todo, mi)
		}
	}
	for round := 0; len(todo) > 0; round++ {
		parallel(opt.Parallel, len(todo), func(i int) { f.judge(todo[i], round == 0) })
		// Any mutant may rest on a kill this round showed to be flaky, not
		// only those that ran in it.
		todo = nil
		for mi, k := range f.killer {
			if k >= 0 && f.rows[k].Status == outcome.Flaky {
				todo = append(todo, mi)
			}
		}
	}
	stopped = make([]bool, len(mutants))
	for mi, k := range f.killer {
		stopped[mi] = k >= 0 && f.next[mi] < len(f.order)
	}
	return f.results, stopped
}

// firstKill is the state of runFirstKill.
type firstKill struct {
	lab     *lab.Lab
	opt     Options
	mutants []lab.Impl
	mu      sync.Mutex // guards rows[*].Status
	rows    []ObservationRow
	order   []int // observations in the order they are tried
	results [][]Result
	next    []int // position in order to resume from, per mutant
	killer  []int // the observation that stopped each mutant, or -1
	cached  *cacheCount
}

// judge runs mutant mi's observations from where it stopped until one
// kills it twice; report says whether to tell opt.Progress (only on its
// first round).
func (f *firstKill) judge(mi int, report bool) {
	name := f.mutants[mi].Name
	if f.opt.Progress != nil && report {
		f.opt.Progress.Start(name)
		defer f.opt.Progress.Done(name)
	}
	f.killer[mi] = -1
	for ; f.next[mi] < len(f.order); f.next[mi]++ {
		oi := f.order[f.next[mi]]
		if !f.usable(oi) {
			continue
		}
		if !f.opt.RunUnreached && !f.reaches(mi, oi) {
			f.results[mi][oi] = notReached(f.row(oi))
			continue
		}
		row := f.row(oi)
		opt := forMutant(f.opt, row.Reference)
		if cachedInto(&f.results[mi][oi], f.cached, opt, name, row.Observation) {
			if f.results[mi][oi].Status == outcome.Fail {
				f.killer[mi] = oi
				f.next[mi]++
				return
			}
			continue
		}
		r := Run(f.lab, f.mutants[mi], row.Observation, opt)
		f.results[mi][oi] = r
		switch r.Status {
		case outcome.Pass:
			keep(f.opt, name, row.Observation, r)
		case outcome.TimedOut:
			keepTimeout(opt, name, row, r)
		}
		if r.Status != outcome.Fail {
			continue
		}
		again := Run(f.lab, f.mutants[mi], row.Observation, opt)
		if again.Status == outcome.TimedOut {
			f.results[mi][oi] = again // the mutant's result, not the observation's fault
			continue
		}
		status := outcome.Flaky
		if again.Status == outcome.Fail {
			status = passesAfter(f.lab, f.opt, f.rows[oi].Observation)
		}
		if status != outcome.Pass {
			f.mu.Lock()
			f.rows[oi].Status = status
			f.mu.Unlock()
			continue
		}
		keep(f.opt, name, f.rows[oi].Observation, r)
		f.killer[mi] = oi
		f.next[mi]++
		return
	}
}

func (f *firstKill) usable(oi int) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rows[oi].Valid()
}

// row is observation oi's row as it stands.
func (f *firstKill) row(oi int) ObservationRow {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rows[oi]
}

func (f *firstKill) reaches(mi, oi int) bool { return reaches(f.mutants[mi], f.row(oi)) }

// edgeFirst orders the observations to try: all but the happy path first
// (the happy path rarely kills), in matrix order otherwise.
func edgeFirst(rows []ObservationRow) []int {
	order := make([]int, 0, len(rows))
	for _, kindFirst := range []bool{true, false} {
		for oi, o := range rows {
			if (o.Kind != KindHappy) == kindFirst {
				order = append(order, oi)
			}
		}
	}
	return order
}

// parallel calls f(0..n-1) on at most width goroutines at once.
func parallel(width, n int, f func(int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, width)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			f(i)
		}()
	}
	wg.Wait()
}

package killmatrix

import (
	"os"
	"runtime"
	"time"

	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// Options tune a run. They are declared once, here; the commands, the
// generated-mutant program and the grader embed them.
type Options struct {
	// Timeout bounds one observation on one implementation; zero means
	// DefaultTimeout.
	Timeout time.Duration `json:"timeout_ns,omitempty"`
	// Parallel is how many scripts run at once; zero means three per
	// GOMAXPROCS (see [DefaultParallel]).
	Parallel int `json:"parallel,omitempty"`
	// WorkRoot is where scripts' work directories, and so their stores, are
	// made; "" means MemoryTempDir(). The store syncs every commit to disk,
	// as a real one must; on a memory-backed directory those syncs cost
	// nothing, and the harness needs no durability.
	WorkRoot string `json:"work_root,omitempty"`
	// FirstKill stops judging a mutant at its first confirmed kill, as
	// go test -failfast stops at the first failing test: enough for the
	// verdict, not for the list of every observation that kills it. The
	// observations are tried edge first (the happy path rarely kills), in
	// matrix order otherwise; the row's Stopped says the rest were not
	// run, and their cells are absent. A survivor still runs every valid
	// one (broken and flaky observations are skipped, and have no cell).
	FirstKill bool `json:"first_kill,omitempty"`
	// RunUnreached runs every observation on every mutant, also one that
	// on the reference calls none of the functions through which the
	// mutant's change can run (see lab.Impl.Entries). Without it such a
	// cell takes the reference's result, marked NotReached: Stryker's
	// per-test coverage analysis, which this turns off to check it.
	RunUnreached bool `json:"run_unreached,omitempty"`
	// Limits bound the output a transcript keeps (default DefaultLimits).
	Limits Limits `json:"-"`
	// Progress, when set, hears of every script run: for a progress line.
	Progress Progress `json:"-"`
	// Cache, when set, answers the results it kept from earlier runs, and
	// keeps this run's confirmed ones (see [Cache]).
	Cache Cache `json:"-"`
}

// Progress hears of work as it happens; see harness/progress.
type Progress interface {
	Start(item string)
	Done(item string)
}

// DefaultTimeout bounds one observation run. Observations take
// milliseconds; only a hung implementation or a runaway script comes near
// it.
const DefaultTimeout = 30 * time.Second

// DefaultParallel is how many scripts run at once unless told: three per
// CPU the Go runtime uses. A script spends part of its time waiting (on
// the store's file locks, in syscalls, for another client in an
// interleaving such as idem interleave), so one script per CPU leaves CPUs idle: on 2 cores the
// kill report took 2.06 s (median of six) with 2 at once, 1.87 s with 4
// and 1.73 s with 6.
func DefaultParallel() int { return 3 * runtime.GOMAXPROCS(0) }

// withDefaults fills in every zero option.
func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Parallel <= 0 {
		o.Parallel = DefaultParallel()
	}
	if o.WorkRoot == "" {
		o.WorkRoot = MemoryTempDir()
	}
	if o.Limits == (Limits{}) {
		o.Limits = DefaultLimits
	}
	return o
}

// MemoryTempDir returns /dev/shm when it is a writable directory (a
// memory-backed file system on Linux), and os.TempDir() otherwise.
func MemoryTempDir() string {
	const shm = "/dev/shm"
	if f, err := os.CreateTemp(shm, ".idemlab-probe-"); err == nil {
		f.Close()
		os.Remove(f.Name())
		return shm
	}
	return os.TempDir()
}

// A Matrix is every observation run on the reference and on every mutant.
type Matrix struct {
	Observations []ObservationRow `json:"observations"`
	Mutants      []MutantRow      `json:"mutants"`
	Elapsed      time.Duration    `json:"elapsed_ns"`
	// FromCache counts the results Options.Cache answered, the
	// reference's included; CachedMutants the mutants judged with no
	// observation run on them.
	FromCache     int `json:"from_cache,omitempty"`
	CachedMutants int `json:"cached_mutants,omitempty"`
}

// An ObservationRow is one observation and how the reference did on it.
type ObservationRow struct {
	Observation
	Reference Result `json:"reference"`
	// Status is Pass when the observation may count as evidence; Broken
	// when it failed on the reference or on a wheat (it asserts something
	// the contract does not say), Flaky when two runs on the same code
	// disagreed, and TimedOut when it ran past its deadline on the
	// reference or on a wheat.
	Status outcome.Observation `json:"status"`
	// Wheat names the wheat (see lab.Lab's Wheats) the observation
	// failed or timed out on, after passing on the reference: the first
	// in the lab's order; OnWheat is its result there. Both are empty
	// when the reference decided the status.
	Wheat   string  `json:"wheat,omitempty"`
	OnWheat *Result `json:"on_wheat,omitempty"`
}

// Failure is the result that made the observation not count: its run on
// the wheat that failed it, else its run on the reference.
func (o ObservationRow) Failure() Result {
	if o.OnWheat != nil {
		return *o.OnWheat
	}
	return o.Reference
}

// FailedOn names the implementation whose run decided the observation's
// status: the wheat that failed it, else the reference of lab l.
func (o ObservationRow) FailedOn(l *lab.Lab) string {
	if o.Wheat != "" {
		return o.Wheat
	}
	return l.Reference.Name
}

// Valid reports whether the observation counts as evidence.
func (o ObservationRow) Valid() bool { return o.Status.Counts() }

// A MutantRow is the verdict on one mutant and the evidence for it.
type MutantRow struct {
	Name    string         `json:"name"`
	Outcome outcome.Mutant `json:"outcome"`
	// Reason explains an Invalid outcome.
	Reason string `json:"reason,omitempty"`
	// KilledBy lists the valid observations that failed, in matrix order.
	KilledBy []Kill `json:"killed_by"`
	// SurvivedHappy lists the happy-path observations the mutant passed.
	SurvivedHappy []string `json:"survived_happy"`
	// TimedOutOn lists the valid observations stopped at their deadline.
	TimedOutOn []string `json:"timed_out_on"`
	// Stopped is set when Options.FirstKill ended the mutant's judging at
	// its first kill with observations left to run: KilledBy and
	// SurvivedHappy cover only what ran.
	Stopped bool `json:"stopped_at_first_kill,omitempty"`
	// Cells holds every observation's result on this mutant, keyed by
	// observation name, invalid observations included; with
	// Options.FirstKill, only those that ran.
	Cells map[string]Result `json:"cells"`
}

// A Kill is one observation that failed on a mutant, with where it failed
// and the kind of evidence that line reads.
type Kill struct {
	Observation string   `json:"observation"`
	Pos         string   `json:"pos"`
	Line        int      `json:"line,omitempty"`
	Command     string   `json:"command"`
	Message     string   `json:"message"`
	Evidence    Evidence `json:"evidence"`
	// Reads is the script line whose output the failing check read.
	Reads string `json:"reads,omitempty"`
}

// Build runs every observation on the lab's reference, then on every
// mutant, and returns the matrix. The reference comes first so that an
// observation it fails is marked broken and judged no further
// (cargo-mutants' baseline); it runs twice, because an observation whose
// result changes between two runs on the same code is flaky, not
// evidence.
func Build(l *lab.Lab, mutants []lab.Impl, obs []Observation, opt Options) *Matrix {
	start := time.Now()
	opt = opt.withDefaults()
	if root, err := os.MkdirTemp(opt.WorkRoot, "idemlab-run-"); err == nil {
		// One folder for the whole run, removed at its end even if a
		// script was given up on and its goroutine still holds its own.
		defer os.RemoveAll(root)
		opt.WorkRoot = root
	}
	var cached cacheCount
	m := &Matrix{Observations: baseline(l, obs, opt, &cached)}
	var results [][]Result
	stopped := make([]bool, len(mutants))
	if opt.FirstKill {
		results, stopped = runFirstKill(l, opt, mutants, m.Observations, &cached)
	} else {
		results = runEvery(l, opt, mutants, m.Observations, &cached)
	}
	for mi, mu := range mutants {
		row := judge(mu, m.Observations, results[mi])
		row.Stopped = stopped[mi]
		m.Mutants = append(m.Mutants, row)
		if len(mu.Missing()) == 0 && allCached(results[mi]) {
			m.CachedMutants++
		}
	}
	m.FromCache = int(cached.n.Load())
	m.Elapsed = time.Since(start)
	return m
}

// baseline runs every observation on the reference twice and gives each
// its status. One that timed out is not run again: a hang costs one
// timeout, not two. One whose two passing runs opt's cache kept is not run
// at all.
func baseline(l *lab.Lab, obs []Observation, opt Options, cached *cacheCount) []ObservationRow {
	rows := make([]ObservationRow, len(obs))
	known := make([]bool, len(obs))
	for i, o := range obs {
		if r, ok := cached.lookup(opt, l.Reference.Name, o); ok && r.Status == outcome.Pass {
			rows[i], known[i] = ObservationRow{Observation: o, Reference: r, Status: outcome.Pass}, true
		}
	}
	// The wheats' one run of each observation shares the pool of the
	// reference's first: a run of its own would be one more wait for the
	// slowest script.
	first, onWheat := runReferenceAndWheats(l, opt, obs, func(i int) bool { return !known[i] })
	again := runReference(l, opt, obs, func(i int) bool { return !known[i] && first[i].Status != outcome.TimedOut })
	for i, o := range obs {
		if known[i] {
			continue
		}
		rows[i] = ObservationRow{Observation: o, Reference: first[i], Status: referenceStatus(first[i], again[i])}
		rows[i].Reference.Calls = unionCalls(first[i].Calls, again[i].Calls)
		if rows[i].Status == outcome.Pass {
			keep(opt, l.Reference.Name, o, rows[i].Reference)
		}
	}
	wheatStatus(l, rows, onWheat)
	return rows
}

// wheatStatus marks an observation that passed on the reference but
// fails (or times out) on a wheat as broken (or timed out) there: a
// correct store written another way must pass it too, so it asserts
// something the contract does not promise. Its row keeps the reference's
// result; Wheat and OnWheat say where it failed, the first wheat in the
// lab's order. onWheat holds each wheat's results by observation.
func wheatStatus(l *lab.Lab, rows []ObservationRow, onWheat [][]Result) {
	for oi := range rows {
		row := &rows[oi]
		for wi, results := range onWheat {
			r := results[oi]
			if row.Status != outcome.Pass || (r.Status != outcome.Fail && r.Status != outcome.TimedOut) {
				continue
			}
			row.Status, row.Wheat, row.OnWheat = outcome.Broken, l.Wheats[wi].Name, &r
			if r.Status == outcome.TimedOut {
				row.Status = outcome.TimedOut
			}
		}
	}
}

// referenceStatus judges an observation from its two runs on the reference.
func referenceStatus(first, again Result) outcome.Observation {
	switch {
	case first.Status == outcome.TimedOut, again.Status == outcome.TimedOut:
		// A run stopped at its deadline disagrees with nothing: on a
		// loaded machine an honest run can be slow, and calling it flaky
		// would blame the observation for the machine.
		return outcome.TimedOut
	case first.Status != again.Status:
		return outcome.Flaky
	case first.Status == outcome.Fail:
		return outcome.Broken
	}
	return outcome.Pass
}

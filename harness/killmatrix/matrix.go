package killmatrix

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"idemlab/harness/impl"
)

// Outcome is the verdict on one mutant, after cargo-mutants' vocabulary
// with one change that a lab needs: a timeout is its own outcome and never
// counts as a kill, because a student's observation must show the
// difference, not merely take too long.
type Outcome string

const (
	// Killed: at least one valid observation failed on the mutant.
	Killed Outcome = "killed"
	// Survived: every valid observation passed on the mutant.
	Survived Outcome = "survived"
	// TimedOut: nothing killed the mutant, and at least one valid
	// observation was still running at the deadline.
	TimedOut Outcome = "timed out"
	// Invalid: the mutant cannot be judged, because it is not a complete
	// implementation or no valid observation is left to run on it.
	Invalid Outcome = "invalid"
)

// Options tune Build.
type Options struct {
	// Timeout bounds one observation on one implementation; zero means
	// DefaultTimeout.
	Timeout time.Duration
	// Parallel is how many scripts run at once; zero means GOMAXPROCS.
	Parallel int
	// WorkRoot is where scripts' work directories, and so their stores, are
	// made; "" means MemoryTempDir(). The store syncs every commit to disk,
	// as a real one must; on a memory-backed directory those syncs cost
	// nothing, and the harness needs no durability.
	WorkRoot string
	// FirstKill stops judging a mutant at its first confirmed kill, as
	// go test -failfast stops at the first failing test: enough for the
	// verdict, not for the list of every observation that kills it. The
	// observations are tried edge first (the happy path rarely kills), in
	// matrix order otherwise; the row's Stopped says the rest were not
	// run, and their cells are absent. A survivor still runs every valid
	// one (broken and flaky observations are skipped, and have no cell).
	FirstKill bool
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

// DefaultTimeout bounds one observation run. Observations take
// milliseconds; only a hung implementation comes near it.
const DefaultTimeout = 30 * time.Second

// A Matrix is every observation run on the reference and on every mutant.
type Matrix struct {
	Observations []ObservationRow `json:"observations"`
	Mutants      []MutantRow      `json:"mutants"`
	Elapsed      time.Duration    `json:"elapsed_ns"`
}

// An ObservationRow is one observation and how the reference did on it.
type ObservationRow struct {
	Observation
	Reference Result `json:"reference"`
	// Broken is set when the observation failed or timed out on the
	// reference: it asserts something the contract does not say, so it
	// never counts as a kill.
	Broken bool `json:"broken"`
	// Flaky is set when two runs of the observation disagreed, on the
	// reference or on a mutant it seemed to kill. A flaky observation
	// shows nothing reliably, so it never counts as a kill either.
	Flaky bool `json:"flaky"`
}

// A MutantRow is the verdict on one mutant and the evidence for it.
type MutantRow struct {
	Name    string  `json:"name"`
	Outcome Outcome `json:"outcome"`
	// Reason explains an Invalid outcome.
	Reason string `json:"reason,omitempty"`
	// KilledBy lists the valid observations that failed, in matrix order.
	KilledBy []Kill `json:"killed_by"`
	// SurvivedHappy lists the happy-path observations the mutant passed.
	SurvivedHappy []string `json:"survived_happy"`
	// TimedOutOn lists the valid observations still running at the deadline.
	TimedOutOn []string `json:"timed_out_on"`
	// Stopped is set when Options.FirstKill ended the mutant's judging at
	// its first kill with observations left to run: KilledBy and
	// SurvivedHappy cover only what ran.
	Stopped bool `json:"stopped_at_first_kill,omitempty"`
	// Cells holds every observation's result on this mutant, keyed by
	// observation name, broken observations included; with
	// Options.FirstKill, only those that ran.
	Cells map[string]Result `json:"cells"`
}

// A Kill is one observation that failed on a mutant, with where it failed
// and the kind of evidence that line reads.
type Kill struct {
	Observation string   `json:"observation"`
	Pos         string   `json:"pos"`
	Command     string   `json:"command"`
	Message     string   `json:"message"`
	Evidence    Evidence `json:"evidence"`
}

// Build runs every observation on the reference, then on every mutant, and
// returns the matrix. The reference comes first so that an observation it
// fails is marked broken and judged no further (cargo-mutants' baseline).
func Build(ref impl.Impl, mutants []impl.Impl, obs []Observation, opt Options) *Matrix {
	start := time.Now()
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.Parallel <= 0 {
		opt.Parallel = runtime.GOMAXPROCS(0)
	}
	if opt.WorkRoot == "" {
		opt.WorkRoot = MemoryTempDir()
	}
	m := &Matrix{}
	// The reference runs twice: an observation whose result changes
	// between two runs on the same code is flaky, not evidence.
	refResults, again := runAll(opt, ref, obs), runAll(opt, ref, obs)
	for i, o := range obs {
		m.Observations = append(m.Observations, ObservationRow{
			Observation: o,
			Reference:   refResults[i],
			Broken:      refResults[i].Status != Pass,
			Flaky:       refResults[i].Status != again[i].Status,
		})
	}

	var results [][]Result
	stopped := make([]bool, len(mutants))
	if opt.FirstKill {
		results, stopped = runFirstKill(opt, mutants, obs, m.Observations)
	} else {
		results = runEvery(opt, mutants, obs, m.Observations)
	}
	for mi, mu := range mutants {
		row := judge(mu, m.Observations, results[mi])
		row.Stopped = stopped[mi]
		m.Mutants = append(m.Mutants, row)
	}
	m.Elapsed = time.Since(start)
	return m
}

// runEvery runs every observation on every complete mutant, marking rows
// flaky where a kill does not repeat, and returns the results by mutant
// and observation.
func runEvery(opt Options, mutants []impl.Impl, obs []Observation, rows []ObservationRow) [][]Result {
	// One pool for every mutant's scripts keeps all cores busy even when a
	// mutant has fewer scripts than there are cores.
	type job struct{ mi, oi int }
	results := make([][]Result, len(mutants))
	var jobs []job
	for mi, mu := range mutants {
		results[mi] = make([]Result, len(obs))
		if missing(mu) != "" {
			continue
		}
		for oi := range obs {
			jobs = append(jobs, job{mi, oi})
		}
	}
	parallel(opt.Parallel, len(jobs), func(i int) {
		j := jobs[i]
		results[j.mi][j.oi] = Run(mutants[j.mi], obs[j.oi], opt.Timeout, opt.WorkRoot)
	})

	// Every apparent kill runs once more: a kill that does not repeat
	// marks the observation flaky.
	var kills []job
	for _, j := range jobs {
		if results[j.mi][j.oi].Status == Fail && !rows[j.oi].Broken {
			kills = append(kills, j)
		}
	}
	repeats := make([]Result, len(kills))
	parallel(opt.Parallel, len(kills), func(i int) {
		repeats[i] = Run(mutants[kills[i].mi], obs[kills[i].oi], opt.Timeout, opt.WorkRoot)
	})
	for i, j := range kills {
		if repeats[i].Status != Fail {
			rows[j.oi].Flaky = true
		}
	}
	return results
}

// runFirstKill runs each complete mutant's observations one after another
// until one kills it and kills it again, marking rows flaky where a kill
// does not repeat; the results of observations not run are zero, and
// stopped[mi] says whether any were left. A mutant's kill may come from an
// observation that another mutant later shows to be flaky, in the same
// round or a later one; its judging then resumes after it, until no
// mutant rests on a flaky kill.
func runFirstKill(opt Options, mutants []impl.Impl, obs []Observation, rows []ObservationRow) (results [][]Result, stopped []bool) {
	order := make([]int, 0, len(obs))
	for _, kindFirst := range []bool{true, false} {
		for oi, o := range obs {
			if (o.Kind != KindHappy) == kindFirst {
				order = append(order, oi)
			}
		}
	}
	var mu sync.Mutex // guards rows[*].Flaky
	usable := func(oi int) bool {
		mu.Lock()
		defer mu.Unlock()
		return !rows[oi].Broken && !rows[oi].Flaky
	}
	results = make([][]Result, len(mutants))
	next := make([]int, len(mutants))   // position in order to resume from
	killer := make([]int, len(mutants)) // the observation that stopped it, or -1
	var todo []int
	for mi, s := range mutants {
		results[mi] = make([]Result, len(obs))
		killer[mi] = -1
		if missing(s) == "" {
			todo = append(todo, mi)
		}
	}
	for len(todo) > 0 {
		parallel(opt.Parallel, len(todo), func(i int) {
			mi := todo[i]
			killer[mi] = -1
			for ; next[mi] < len(order); next[mi]++ {
				oi := order[next[mi]]
				if !usable(oi) {
					continue
				}
				r := Run(mutants[mi], obs[oi], opt.Timeout, opt.WorkRoot)
				results[mi][oi] = r
				if r.Status != Fail {
					continue
				}
				if again := Run(mutants[mi], obs[oi], opt.Timeout, opt.WorkRoot); again.Status != Fail {
					mu.Lock()
					rows[oi].Flaky = true
					mu.Unlock()
					continue
				}
				killer[mi] = oi
				next[mi]++
				return
			}
		})
		// Any mutant may rest on a kill this round showed to be flaky, not
		// only those that ran in it.
		todo = nil
		for mi, k := range killer {
			if k >= 0 && rows[k].Flaky {
				todo = append(todo, mi)
			}
		}
	}
	stopped = make([]bool, len(mutants))
	for mi, k := range killer {
		stopped[mi] = k >= 0 && next[mi] < len(order)
	}
	return results, stopped
}

func runAll(opt Options, s impl.Impl, obs []Observation) []Result {
	out := make([]Result, len(obs))
	parallel(opt.Parallel, len(obs), func(i int) { out[i] = Run(s, obs[i], opt.Timeout, opt.WorkRoot) })
	return out
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

// judge turns one mutant's results into its verdict.
func judge(mu impl.Impl, rows []ObservationRow, results []Result) MutantRow {
	if reason := missing(mu); reason != "" {
		return MutantRow{Name: mu.Name, Outcome: Invalid, Reason: reason, KilledBy: []Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]Result{}}
	}
	return judgeResults(mu.Name, rows, results)
}

// judgeResults judges a mutant that ran: results[i] is its result on
// rows[i].
func judgeResults(name string, rows []ObservationRow, results []Result) MutantRow {
	row := MutantRow{Name: name, KilledBy: []Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]Result{}}
	valid := 0
	for i, o := range rows {
		r := results[i]
		if r.Status == "" {
			continue // not run: Options.FirstKill stopped before it
		}
		row.Cells[o.Name] = r
		if o.Broken || o.Flaky {
			continue
		}
		valid++
		switch r.Status {
		case Fail:
			row.KilledBy = append(row.KilledBy, Kill{Observation: o.Name, Pos: r.Pos, Command: r.Command, Message: r.Message, Evidence: o.EvidenceAt(r.Line)})
		case Timeout:
			row.TimedOutOn = append(row.TimedOutOn, o.Name)
		case Pass:
			if o.Kind == KindHappy {
				row.SurvivedHappy = append(row.SurvivedHappy, o.Name)
			}
		}
	}
	switch {
	case valid == 0:
		row.Outcome, row.Reason = Invalid, "no valid observation to run: every one fails on the reference or is flaky"
	case len(row.KilledBy) > 0:
		row.Outcome = Killed
	case len(row.TimedOutOn) > 0:
		row.Outcome = TimedOut
	default:
		row.Outcome = Survived
	}
	return row
}

// missing names the API functions s lacks, or returns "".
func missing(s impl.Impl) string {
	var names []string
	for _, f := range []struct {
		name string
		nil  bool
	}{
		{"InitDB", s.InitDB == nil}, {"Reserve", s.Reserve == nil}, {"Finish", s.Finish == nil},
		{"Fetch", s.Fetch == nil}, {"Expired", s.Expired == nil}, {"Purge", s.Purge == nil},
		{"Counts", s.Counts == nil}, {"RetentionCycle", s.RetentionCycle == nil},
	} {
		if f.nil {
			names = append(names, f.name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "incomplete implementation: no " + strings.Join(names, ", ")
}

// Summary counts the mutants by outcome.
type Summary struct {
	Mutants  int `json:"mutants"`
	Killed   int `json:"killed"`
	Survived int `json:"survived"`
	TimedOut int `json:"timed_out"`
	Invalid  int `json:"invalid"`
	// Broken counts observations that failed on the reference.
	Broken int `json:"broken_observations"`
	// Flaky counts observations whose result changed between runs.
	Flaky int `json:"flaky_observations"`
}

// Summary counts m's mutants by outcome and its broken observations.
func (m *Matrix) Summary() Summary {
	s := Summary{Mutants: len(m.Mutants)}
	for _, mu := range m.Mutants {
		switch mu.Outcome {
		case Killed:
			s.Killed++
		case Survived:
			s.Survived++
		case TimedOut:
			s.TimedOut++
		case Invalid:
			s.Invalid++
		}
	}
	for _, o := range m.Observations {
		if o.Broken {
			s.Broken++
		}
		if o.Flaky {
			s.Flaky++
		}
	}
	return s
}

// String is the one-line summary, e.g. "8 mutants: 8 killed, 0 survived,
// 0 timed out, 0 invalid".
func (s Summary) String() string {
	line := fmt.Sprintf("%d %s: %d killed, %d survived, %d timed out, %d invalid",
		s.Mutants, plural(s.Mutants, "mutant"), s.Killed, s.Survived, s.TimedOut, s.Invalid)
	if s.Broken > 0 {
		line += fmt.Sprintf("; %d broken %s", s.Broken, plural(s.Broken, "observation"))
	}
	if s.Flaky > 0 {
		line += fmt.Sprintf("; %d flaky %s", s.Flaky, plural(s.Flaky, "observation"))
	}
	return line
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Gate returns an error naming every reason the lab is not sound: an
// observation the reference fails, or a mutant not killed. It is what CI
// checks.
func (m *Matrix) Gate() error {
	var problems []string
	for _, o := range m.Observations {
		if o.Broken {
			problems = append(problems, fmt.Sprintf("observation %s fails on the reference: %s: %s", o.Name, o.Reference.Pos, o.Reference.Message))
		}
		if o.Flaky {
			problems = append(problems, fmt.Sprintf("observation %s is flaky: two runs on the same code disagreed", o.Name))
		}
	}
	for _, mu := range m.Mutants {
		if mu.Outcome != Killed {
			detail := mu.Reason
			if detail == "" {
				detail = "no observation kills it"
			}
			problems = append(problems, fmt.Sprintf("mutant %s %s: %s", mu.Name, mu.Outcome, detail))
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(problems, "\n"))
}

// Mutant returns the row of the mutant called name.
func (m *Matrix) Mutant(name string) (MutantRow, bool) {
	for _, mu := range m.Mutants {
		if mu.Name == name {
			return mu, true
		}
	}
	return MutantRow{}, false
}

package grade

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// Schema names the JSON form of a graded class.
const Schema = "idemlab/grade/v1"

// HeldOut runs observations against mutants kept outside the students'
// repository (a *heldout.Set).
type HeldOut interface {
	// Mutants lists every held-out mutant, viable or not.
	Mutants() []heldout.Mutant
	// Run runs the observations, whose names are unique, against every
	// viable held-out mutant.
	Run(obs []killmatrix.Observation) (*killmatrix.Matrix, error)
}

// A HeldOutMutant is one mutant of an instructor's extra catalogue.
type HeldOutMutant = heldout.Mutant

// Options are what Grade needs from the grader's checkout.
type Options struct {
	// Lab is the lab graded, with its reference and mutants.
	Lab *lab.Lab
	// Observations are the lab's own, run once for the whole class.
	Observations []killmatrix.Observation
	// HeldOut is nil when the instructor keeps no extra mutants.
	HeldOut HeldOut
	Rubric  Rubric
	// Parallel is how many submissions are graded at once (default the
	// number of CPUs); Timeout and WorkRoot go to killmatrix.Build.
	Parallel int
	Timeout  time.Duration
	WorkRoot string
}

// A Row is one student's grade.
type Row struct {
	Student string `json:"student"`
	// Predicted and Right count prediction blocks filled and right.
	Predicted int `json:"predicted"`
	Right     int `json:"right"`
	// OwnObservations counts the student's observations that ran.
	OwnObservations int `json:"own_observations"`
	// OwnKills counts lab mutants, HeldOutKills held-out mutants, killed
	// by at least one of the student's valid observations.
	OwnKills     int `json:"own_kills"`
	HeldOutKills int `json:"held_out_kills"`
	// Invalid counts own observations that fail on the reference, Flaky
	// those whose result changed between runs, Timeouts those that timed
	// out on the reference or any mutant.
	Invalid  int `json:"invalid"`
	Flaky    int `json:"flaky"`
	Timeouts int `json:"timeouts"`
	// Flags say what could not be graded, and why.
	Flags []string `json:"flags"`
	Total float64  `json:"total"`

	// Killed and KilledHeldOut name the mutants counted above.
	Killed        []string `json:"killed"`
	KilledHeldOut []string `json:"killed_held_out"`
	// Report is the student's full report, for feedback and analytics.
	Report *report.Report `json:"-"`
}

// A Class is every row, with what the class as a whole shows.
type Class struct {
	Schema    string          `json:"schema"`
	Rubric    Rubric          `json:"rubric"`
	Mutants   int             `json:"mutants"`
	HeldOut   []HeldOutMutant `json:"held_out"`
	Rows      []Row           `json:"rows"`
	Analytics Analytics       `json:"analytics"`
	// LabElapsed is the one run of the lab's observations; Elapsed the
	// whole grading.
	LabElapsedMS int64 `json:"lab_elapsed_ms"`
	ElapsedMS    int64 `json:"elapsed_ms"`
}

// Grade grades every submission against the grader's reference and
// mutants. The lab's observations run once; each submission's own run on
// top of them, Parallel submissions at a time. A submission that cannot be
// graded in part is graded as far as it can be and flagged.
func Grade(subs []Submission, opt Options) (*Class, error) {
	start := time.Now()
	if opt.Parallel <= 0 {
		opt.Parallel = runtime.GOMAXPROCS(0)
	}
	build := killmatrix.Options{Timeout: opt.Timeout, Parallel: opt.Parallel, WorkRoot: opt.WorkRoot}
	lab := killmatrix.Build(opt.Lab, opt.Lab.Mutants, opt.Observations, build)
	if err := lab.Gate(); err != nil {
		return nil, fmt.Errorf("the grader's own lab is not sound, so no grade would be fair:\n%v", err)
	}
	c := &Class{Schema: Schema, Rubric: opt.Rubric, Mutants: len(opt.Lab.Mutants), HeldOut: []HeldOutMutant{}, Rows: make([]Row, len(subs)), LabElapsedMS: lab.Elapsed.Milliseconds()}
	// Every student's observations run against the held-out mutants in
	// one program run: one build, and all cores busy.
	var held *killmatrix.Matrix
	var heldErr error
	if opt.HeldOut != nil {
		var all []killmatrix.Observation
		for _, s := range subs {
			for _, o := range s.Observations {
				o.Name = heldOutName(s.Student, o.Name)
				all = append(all, o)
			}
		}
		if len(all) > 0 {
			held, heldErr = opt.HeldOut.Run(all)
		}
		c.HeldOut = opt.HeldOut.Mutants()
	}

	// Each submission's scripts run one at a time inside it; the class
	// runs Parallel submissions at once.
	build.Parallel = 1
	var wg sync.WaitGroup
	sem := make(chan struct{}, opt.Parallel)
	for i := range subs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			c.Rows[i] = gradeOne(subs[i], lab, held, heldErr, opt, build)
		}()
	}
	wg.Wait()
	c.Analytics = analyse(c, opt.Lab.Catalogue)
	c.ElapsedMS = time.Since(start).Milliseconds()
	return c, nil
}

// heldOutName names a student's observation uniquely within the class.
func heldOutName(student, observation string) string { return student + ":" + observation }

func gradeOne(s Submission, lab, held *killmatrix.Matrix, heldErr error, opt Options, build killmatrix.Options) (row Row) {
	row = Row{Student: s.Student, Flags: slices.Clone(s.Flags), Killed: []string{}, KilledHeldOut: []string{}}
	defer func() {
		// One bad submission never stops the class.
		if e := recover(); e != nil {
			row.Flags = append(row.Flags, fmt.Sprintf("grading stopped: %v", e))
		}
		row.Total = opt.Rubric.Total(row)
	}()

	known := predict.Known{}
	for _, m := range opt.Lab.Mutants {
		known.Mutants = append(known.Mutants, m.Name)
	}
	for _, o := range append(slices.Clone(opt.Observations), s.Observations...) {
		known.Observations = append(known.Observations, o.Name)
	}
	sheet, err := predict.ParseFiles(s.Worksheets, known)
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			row.Flags = append(row.Flags, "worksheet: "+line)
		}
		sheet = nil // graded as far as possible: no predictions
	}

	full := lab
	if len(s.Observations) > 0 {
		own := killmatrix.Build(opt.Lab, opt.Lab.Mutants, s.Observations, build)
		if full, err = killmatrix.Merge(lab, own); err != nil {
			row.Flags = append(row.Flags, err.Error())
			full = lab
		}
	}
	r := report.New(full, opt.Lab.Catalogue, sheet, nil)
	row.Report = r
	row.Predicted, row.Right = r.Score.Predicted, r.Score.Right
	row.OwnObservations, row.OwnKills = len(s.Observations), r.Score.OwnKills

	ownNames := map[string]bool{}
	for _, o := range s.Observations {
		ownNames[o.Name] = true
	}
	timedOut := map[string]bool{}
	for _, o := range full.Observations {
		if !ownNames[o.Name] {
			continue
		}
		if o.Status == outcome.Flaky {
			row.Flaky++
		}
		// One that timed out on the reference counts as a timeout, not
		// also as invalid: it is penalised once.
		switch {
		case o.Status == outcome.TimedOut:
			timedOut[o.Name] = true
		case o.Status == outcome.Broken:
			row.Invalid++
		}
	}
	for _, mu := range full.Mutants {
		for name := range ownNames {
			if mu.Cells[name].Status == outcome.TimedOut {
				timedOut[name] = true
			}
		}
		if slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return ownNames[k.Observation] }) {
			row.Killed = append(row.Killed, mu.Name)
		}
	}

	if heldErr != nil && len(s.Observations) > 0 {
		row.Flags = append(row.Flags, "held-out mutants: "+heldErr.Error())
	}
	if held != nil && len(s.Observations) > 0 {
		mine := map[string]string{} // class-wide name -> observation name
		for _, o := range s.Observations {
			mine[heldOutName(s.Student, o.Name)] = o.Name
		}
		for _, mu := range held.Mutants {
			if slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { _, ok := mine[k.Observation]; return ok }) {
				row.KilledHeldOut = append(row.KilledHeldOut, mu.Name)
			}
			for name, cell := range mu.Cells {
				if o, ok := mine[name]; ok && cell.Status == outcome.TimedOut {
					timedOut[o] = true
				}
			}
		}
		row.HeldOutKills = len(row.KilledHeldOut)
	}
	row.Timeouts = len(timedOut)
	return row
}

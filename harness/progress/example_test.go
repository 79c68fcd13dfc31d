package progress_test

import (
	"fmt"
	"os"
	"time"

	"idemlab/harness/progress"
)

// fakeClock returns a clock that stands still and a function that moves it
// on.
func fakeClock() (now func() time.Time, advance func(time.Duration)) {
	t := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time { return t }, func(d time.Duration) { t = t.Add(d) }
}

// Grading twelve submissions of 1.5 s each, in plain mode (as in a CI
// log): a line every five seconds, then the summary.
func Example() {
	now, advance := fakeClock()
	plain := false
	m := progress.New(os.Stdout, 12, progress.Options{
		Label:     "grade",
		Verb:      "grading",
		Terminal:  &plain,
		Now:       now,
		NoRefresh: true,
	})
	for i := 1; i <= 12; i++ {
		student := fmt.Sprintf("student%04d", i)
		m.Start(student)
		advance(1500 * time.Millisecond)
		m.Done(student)
	}
	m.Finish()
	// Output:
	// grade: 4/12 (33%), 6s elapsed, about 12s left
	// grade: 8/12 (66%), 12s elapsed, about 6s left
	// grade: 12/12 (100%), 18s elapsed
	// grade: 12/12 done in 18s
}

// A run in two stages whose total is known only in the second, with a
// line every 30 s and a message of the command's own.
func ExampleMeter_Stage() {
	now, advance := fakeClock()
	plain := false
	m := progress.New(os.Stdout, 0, progress.Options{
		Label:     "mutants",
		Interval:  30 * time.Second,
		Terminal:  &plain,
		Now:       now,
		NoRefresh: true,
	})
	m.Stage("building 156 mutants into one binary")
	advance(12 * time.Second)
	m.Stage("testing")
	m.SetTotal(156)
	for i := 1; i <= 156; i++ {
		advance(1500 * time.Millisecond)
		m.Done(fmt.Sprint(i))
		if i == 70 {
			m.Logf("mutant %d survived", i)
		}
	}
	m.Finish()
	// Output:
	// mutants: building 156 mutants into one binary, 0s elapsed
	// mutants: building 156 mutants into one binary, done in 12s
	// mutants: testing, 0s elapsed
	// mutants: testing, 20/156 (12%), 30s elapsed, about 3m20s left
	// mutants: testing, 40/156 (25%), 1m elapsed, about 2m50s left
	// mutants: testing, 60/156 (38%), 1m30s elapsed, about 2m20s left
	// mutant 70 survived
	// mutants: testing, 80/156 (51%), 2m elapsed, about 1m50s left
	// mutants: testing, 100/156 (64%), 2m30s elapsed, about 1m20s left
	// mutants: testing, 120/156 (76%), 3m elapsed, about 54s left
	// mutants: testing, 140/156 (89%), 3m30s elapsed, about 24s left
	// mutants: 156/156 done in 4m6s
}

// A build of 40 s that is no part of a counted run, in a CI log.
func ExampleDuring() {
	now, advance := fakeClock()
	plain := false
	opt := progress.Options{Label: "grade", Terminal: &plain, Now: now, NoRefresh: true}
	err := progress.During(os.Stdout, opt, "building 5 held-out mutants", func() error {
		advance(40 * time.Second)
		return nil
	})
	fmt.Println("error:", err)
	// Output:
	// grade: building 5 held-out mutants, 0s elapsed
	// grade: building 5 held-out mutants, done in 40s
	// error: <nil>
}

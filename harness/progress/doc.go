// Package progress reports the progress of a long run on stderr, the way
// users of cargo-mutants and go test -v expect: grading a class of 2,000
// submissions, judging 156 mutants, running benchmarks.
//
// # Use
//
// A command makes one Meter for its run, tells it when each item starts
// and is done, and finishes it:
//
//	m := progress.Stderr("grade", len(students), *quiet)
//	defer m.Finish()
//	for _, s := range students {
//		m.Start(s.Name)
//		grade(s)
//		m.Done(s.Name)
//	}
//
// Start is optional (Done alone counts the item) but lets the line name
// what is in progress. The methods may be called from many goroutines at
// once: with several items in progress the line names the most recently
// started ("grading student0121 and 3 more"), or counts them ("4 running")
// when they were started with an empty name. A nil *Meter does nothing, so
// library code can take a meter that its caller may leave out.
//
// Anything else the command prints to the same writer while the meter runs
// should go through Logf, which keeps it from being mixed into the
// terminal line.
//
// # The line
//
// Each line starts with the caller's label, then the count, the elapsed
// time, the estimate and what is in progress:
//
//	grade: 120/2000 (6%), 34s elapsed, about 8m50s left; grading student0121
//
// The estimate assumes the remaining items go at the average rate of those
// done so far; it is left out until a first item is done. Durations are
// whole seconds ("34s", "9m24s", "1h2m3s", zero tails dropped: "9m", "2h");
// estimates are rounded further, to ten seconds past a minute and to
// minutes past ten. When the total is unknown (0, until SetTotal) the
// line shows the count and the elapsed time only:
//
//	judge: 37 done, 1m6s elapsed; m038
//
// Finish prints the summary, with the time since New:
//
//	grade: 2000/2000 done in 9m24s
//
// A meter that counted nothing names its stage instead; [During] makes
// such a meter for one long step, a build say, that is no part of a
// counted run:
//
//	grade: building 5 held-out mutants, done in 40s
//
// # Stages
//
// Work done in steps, or whose total is not known at first, names its
// steps with Stage. The line then shows the stage after the label, and its
// elapsed time and estimate count from the stage's beginning (the count of
// items goes on across stages). A new stage ends the previous one with a
// line of its own:
//
//	m := progress.Stderr("mutants", 0, *quiet)
//	m.Stage("building 156 mutants into one binary")
//	build()
//	m.Stage("testing")
//	m.SetTotal(156)
//	// Start and Done for each mutant, then
//	m.Finish()
//
// prints, in plain mode,
//
//	mutants: building 156 mutants into one binary, 0s elapsed
//	mutants: building 156 mutants into one binary, done in 12s
//	mutants: testing, 0s elapsed
//	mutants: testing, 40/156 (25%), 1m elapsed, about 2m50s left; m041
//	mutants: 156/156 done in 4m6s
//
// # Modes
//
// A meter chooses how to draw from its writer when it is made:
//
//   - On a terminal (an *os.File whose descriptor is a terminal, with
//     TERM other than "dumb") it redraws one line in place: a carriage
//     return, the line, and ESC[K to erase what a longer line left. It
//     redraws at most every 100 ms (Options.Interval) and only when the
//     line changed, cutting the line to one column less than the width of
//     the terminal (asked at each redraw, 80 if it cannot be) so that it
//     never wraps. Lines from Stage, Logf and Finish clear it and stay.
//   - Elsewhere (a CI log, a pipe, a file) it prints a plain line at most
//     every 5 s (Options.Interval), and only when something other than
//     the time changed since the last line (an item started or done, the
//     total, the stage), so that a log gets at most a dozen lines a minute
//     whatever the pace of the items. It never writes a carriage return or
//     an escape sequence.
//   - With Options.Quiet (for a -q flag) it prints nothing at all, Logf
//     and Finish included.
//
// Options.Terminal overrides the choice, and Options.Width the width.
//
// # Goroutines and blocking
//
// Unless quiet, a meter runs one goroutine that looks again every
// interval, so that the elapsed time moves on a terminal and a change
// that came just after a line is printed even if no call follows.
// Finish stops it and waits for it to return; every meter must therefore
// be finished (defer m.Finish()). Options.NoRefresh starts none.
//
// Every method holds the meter's lock for as long as it takes to render a
// line and, at most once an interval, write it; writes are short, and
// their errors are dropped, since progress is best effort.
//
// # Tests
//
// Options.Now sets the clock, and Options.NoRefresh makes the output
// depend only on the calls and that clock, as in the example below.
package progress

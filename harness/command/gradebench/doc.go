// Command gradebench measures how fast a class is graded. In one run it
// writes a synthetic class (see classgen), grades it one submission at a
// time, then with submissions graded in parallel up to the number of CPUs,
// each submission in a worker of its own as grade does, and prints both
// rates and their ratio:
//
//	go run ./harness/cmd/gradebench
//	go run ./harness/cmd/gradebench -n 50
//
// Both runs first run the lab's own observations once, as grading always
// does; that run is timed and left out of the rates. Progress goes to
// stderr (-q for none). Numbers are only meaningful on an otherwise idle
// machine.
//
// # Flags
//
// -n sets the submissions in the class and -seed the seed of its mix (the
// same seed writes the same class); -no-sandbox runs the workers under the
// resource limits only, without bubblewrap, as grade -no-sandbox does; -q
// prints no progress. gradebench -h lists them with their defaults, on
// stdout.
//
// The two runs must grade alike: gradebench compares the sum of the totals
// of both and fails (FAIL) when they differ, since parallel grading must not
// change a grade. Like grade, it starts itself again as each submission's
// worker (gradebench worker JOB), which is not meant to be run by hand.
//
// # Exit status
//
// It exits 0 after printing both rates; 1 for a bad flag, an argument, or
// -n under 1 (-h prints the usage on stdout and exits 0), or when it runs
// outside a checkout; 2 when the two runs graded differently (the verdict
// is FAIL, printed on stdout); 4, as grade does, when the lab's own
// observations do not pass on the reference; and 70 when the class cannot
// be written or graded, with the error on stderr. These are the statuses of
// harness/exitcode, the README's "Exit statuses".
package main

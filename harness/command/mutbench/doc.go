// Command mutbench measures, in one run, how long judging every generated
// mutant of the reference takes in two ways:
//
//	go run ./harness/cmd/mutbench [-n 8] [-run REGEXP] [-parallel N] [-all] [-naive lab|observe] [-q]
//
// (a) idemlab mutate's way: generate the mutants, build them all into one
// binary, run the observations against all of them in process, each
// mutant's until its first kill (with -all, every observation on every
// mutant, as idemlab mutate -all does). Every mutant's copy carries a fresh
// nonce, so none is taken from the build cache: the build is timed as if
// every mutant were new (the dependencies, compiled by go test ./..., stay
// cached, as they would).
//
// (b) the naive way: for each mutant, write the mutated reference/store.go
// into a copy of the module and run go test -count=1 there, in one of two
// forms (-naive). Neither stops at the first failure, and go test's
// -failfast would not make it: the lab's test is one test, and the
// observations run as parallel subtests, all started before any fails.
//
//	lab      go test -count=1 -run '^TestLab$' ./mutants: the lab's gate,
//	         which fails when an observation fails on the (mutated)
//	         reference, and also judges the eight catalogue mutants
//	observe  go test -count=1 ./naive, a package added to the copy whose one
//	         test runs every observation against the reference package and
//	         nothing else: the leanest go test that does the job
//
// This is timed on a sample of -n mutants, evenly spread over the list, and
// extrapolated to all of them; the output says so.
//
// It prints both times and their ratio on stdout, progress on stderr (-q
// for none), and checks that both ways agree on which sampled mutants die:
// a FAIL line on stdout says when they do not.
//
// # Flags
//
// mutbench -h lists the flags with their defaults, on stdout: -n, the
// mutants timed the naive way; -run, a regexp of the mutant ids to
// benchmark (idemlab mutate -list shows them); -parallel and -timeout, as
// for idemlab mutate, in (a); -all, every observation on every mutant in
// (a); -naive lab or observe, the form of (b); -q, no progress.
//
// # Exit status
//
// It exits 0 when both ways agree on every sampled mutant; 1 for a usage
// error: a bad flag or value (-n under 1, a -naive other than lab or
// observe, a -run that does not compile or matches no mutant), an
// argument, or no checkout to run in (-h prints the usage on stdout and
// exits 0); 2 when the ways disagree on a sampled mutant (the verdict is
// FAIL, printed on stdout); and 70 when the bench fails on the way (the
// reference cannot be read, a build or a copy fails), with the error on
// stderr. These are the statuses of harness/exitcode, the
// README's "Exit statuses".
//
// # Examples
//
// A quick look, three mutants timed the naive way, the leanest form:
//
//	go run ./harness/cmd/mutbench -n 3 -naive observe
//
// Only the SQL operators' mutants, every observation on each:
//
//	go run ./harness/cmd/mutbench -run sql- -all
//
// The naive way runs one go test for each sampled mutant, so -n sets most
// of the time a run takes. Numbers are only meaningful on an otherwise idle
// machine.
package main

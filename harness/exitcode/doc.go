// Package exitcode holds the exit statuses every idemlab command uses, in
// the manner of cargo-mutants: each names one kind of result, so a script
// or CI can tell a surviving mutant from a broken lab or a typo in a flag.
//
// go run reports any non-zero status of the program it ran as its own
// status 1 (after printing "exit status N"); the statuses below are those
// of the commands themselves, as go install or go build leaves them.
//
// # The statuses
//
// [OK] (0) says everything the command checked holds; [Usage] (1) that
// something the user wrote is malformed and nothing was judged; [Survived]
// (2) that the command ran and found a problem (a surviving mutant, a
// report that does not match); [Timeout] (3) that nothing survived but
// something timed out; [Broken] (4) that the lab itself is broken;
// [Internal] (70, EX_SOFTWARE of sysexits.h) that the command failed in
// itself. When a run finds more than one of these, it reports the worst: a
// broken lab over a survivor, a survivor over a timeout.
//
// [Table] describes each status for people; the README's table of exit
// statuses is generated from it (see package internal/docgen), so the two
// cannot disagree.
//
// Every command under harness/cmd uses these statuses: idemlab, idemlab
// mutate, grade, checkreport, the benchmarks (whose FAIL verdict is
// Survived) and the generators. The one exception is a lab's own command
// that observations run (idem, lease; harness/command/labshell runs it
// from a shell): 0 on success, 1 when the operation fails, 2 for a usage
// error, a script's view of one call.
package exitcode

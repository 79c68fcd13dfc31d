// Package idem is the idempotency-key store lab's binding to the harness:
// the idem command, which observation scripts run and a person types at
// the idem program, against any implementation of the store (the
// reference or a mutant); and [API], the value that holds what each
// implementation provides. [Command] describes the command to the
// harness (see idemlab/harness/lab), [Run] runs one command line.
//
// # The observation language
//
// An observation is a testscript script (github.com/rogpeppe/go-internal/
// testscript): a file testdata/KIND/NAME.txtar, KIND happy, edge or
// student, named for the one behaviour it observes. It starts with a #
// comment saying what it observes and why; then comes one command a line;
// then, optionally, files of its own after lines such as "-- want.txt --".
// Every script runs in a fresh, empty work directory, against one
// implementation, so it starts with idem init:
//
//	# A finished key replays its response while it has not expired.
//	idem init
//	idem reserve k1 v1 10
//	idem finish k1 v1 '{"receipt":1}'
//	idem fetch k1 5
//	stdout '^\{"receipt":1\}$'
//
// The lines an observation uses:
//
//	idem CMD ARGS      the command must succeed
//	! idem CMD ARGS    the command must fail (be refused)
//	? idem CMD ARGS    the command may succeed or fail; its output is read either way
//	stdout 'REGEXP'    the last command's output matches (stderr: its error)
//	! stdout .         the last command printed nothing
//	cmp stdout FILE    the last command's output equals FILE, a file of the script
//
// A student's own observation (testdata/student/) may use only idem and
// testscript's checks and file commands (stdout, stderr, cmp, cmpenv,
// exists, grep, cp, mkdir, rm, mv, stdin, unquote); no condition such as
// [linux], no path outside its work directory, no variable but $WORK, and
// at most 400 lines. The harness refuses anything else before it runs
// (see idemlab/harness/submission), on the student's machine as in
// grading.
//
// # Evidence
//
// A mutant is killed by an observation that passes on the reference and
// fails on the mutant. The kind of evidence of a kill is read from the
// line that failed: an idem command that failed (or succeeded after !), or
// a stderr check, is error evidence; a check of the output of a command
// that reads state (idem rows, idem counts) is state evidence; a check of
// any other idem command's output is return evidence.
//
// # Output and arguments
//
// Output is stable so scripts can match it: reserve, finish and cycle
// print true or false; fetch prints the response as JSON, or null; expired
// and purge print a JSON array of ids; counts prints
// {"done":N,"pending":M}; rows prints one JSON object per stored row,
// ordered by id, read straight from the table, never through the
// implementation (an expiry of ±Inf or NaN as the string "Inf", "-Inf" or
// "NaN").
//
// idem refuses only what the store's API cannot carry, with a
// [*UsageError] naming the argument, before the store is opened: a limit
// that is not integer text, a time that is neither a decimal number nor
// NaN, Inf or -Inf, malformed JSON, a missing argument. Every integer
// limit (0, 101, -1) and every time reaches the store, so an observation
// sees the store's own checks (an error wrapping ErrInvalidLimit, or the
// time's).
//
// # Concurrency, deterministically
//
// Two commands make another client's write observable at a chosen point
// of an operation, every time, with no race: idem interleave runs writes
// once the operation's first query has been read (for a purge, between
// choosing its candidates and deleting them), through the store's driver
// seam (reference.Driver, pointed at idemlab/harness/sqlpause); idem
// between runs writes after a drain's first batch has committed, before
// its next one.
//
// # Commands
//
// The commands, generated from the table in idem.go (go generate ./...):
//   - init: Create the store; a no-op that keeps every row when it exists.
//   - reserve KEY DIGEST EXPIRES: Reserve KEY as pending with fingerprint DIGEST; prints true, or
//     false when KEY is already there.
//   - finish KEY DIGEST JSON: Record JSON as the response of pending KEY with fingerprint
//     DIGEST; prints true, or false when nothing changed.
//   - fetch KEY NOW: Print the response KEY replays at NOW, as JSON, or null.
//   - expired NOW [LIMIT]: Print the ids a purge at NOW would delete, as a JSON array.
//   - purge NOW [LIMIT]: Delete those rows, at most LIMIT; prints their ids as a JSON
//     array.
//   - drain NOW [LIMIT]: Purge the whole backlog at NOW in batches of LIMIT, each after the
//     last id deleted; prints one JSON object per batch, then
//     {"deleted":N,"batches":B}.
//   - counts: Print {"done":N,"pending":M}, both keys always present. (reads
//     state: a check of its output is state evidence)
//   - cycle KEY: Run the retention cycle on KEY; prints its result, true or false.
//   - rows: Print every stored row, one JSON object per line, ordered by id,
//     read from the table itself (never through the implementation).
//     (reads state: a check of its output is state evidence)
//   - between DRAIN [WRITE...]: Run DRAIN, a drain command line, and once its first batch has
//     committed, before any next one begins, each WRITE as another
//     client would, on a connection of its own: a moment when a drain
//     holds no lock. Prints what ran when, one a line: during:, the
//     drain itself, and after: for writes run after a drain that found
//     nothing to delete.
//   - interleave OP [WRITE...]: Run the command OP and, once its first query has been read (for a
//     purge: after choosing its candidates, before deleting them), each
//     WRITE as another client would, on a connection of its own; a WRITE
//     that finds the store locked waits and runs after OP. Each is one
//     quoted idem command line; prints what ran when, one a line:
//     during:, waits:, OP itself, after:.
//
// (end of the generated command list)
package idem

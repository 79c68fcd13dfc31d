// Command idem runs one store operation from the command line, against the
// reference or any mutant, so a student can poke an implementation by hand:
// the same idem command the observation scripts speak, one line at a time.
//
// # Synopsis
//
//	idem [-C DIR] [-lang LANG] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]
//	idem [-C DIR] [-lang LANG] [-heldout FILE] -list
//
// -lang chooses the language of usage and errors, en or zh-CN (by
// default the student's: their worksheet's, else their locale's).
// -impl chooses the implementation: reference (the default), a mutant by
// its name or by the label a worksheet shows (4_fetch), or, with -heldout,
// a held-out mutant; -list prints the implementations, the reference and
// each mutant by its neutral label (never its descriptive name, which
// says what it does). -db names the store file, relative to the current
// folder (store.db by default), so that successive commands work on one
// store. -heldout builds the held-out
// mutants of an instructor's catalogue first, which takes some seconds. -C
// changes to DIR before anything else, as go -C does.
//
// The commands and what each prints are those of the observation scripts,
// listed by idem -h and in the idem package's manual (go doc ./reference/idem); every
// argument is passed to the implementation as a script would pass it.
//
// # Exit status
//
// The exit status is 0 on success, 1 when the operation fails (the store's
// own error, printed on stderr) and 2 for a usage error (an unknown flag,
// command or implementation, a malformed argument), which touches nothing.
// These are idem's own statuses, a script's view of one command, not the
// statuses of the lab's other commands.
//
// # Examples
//
// A key reserved, finished and fetched at its expiry, on the reference and
// on the mutant of step 4:
//
//	go run ./harness/cmd/idem -db /tmp/s.db init
//	go run ./harness/cmd/idem -db /tmp/s.db reserve k1 v1 10
//	go run ./harness/cmd/idem -db /tmp/s.db finish k1 v1 '{"receipt":1}'
//	go run ./harness/cmd/idem -db /tmp/s.db fetch k1 10
//	go run ./harness/cmd/idem -db /tmp/s.db -impl 4_fetch fetch k1 10
//
// What the store holds, read from the table itself, and the names -impl
// takes:
//
//	go run ./harness/cmd/idem -db /tmp/s.db rows
//	go run ./harness/cmd/idem -list
package main

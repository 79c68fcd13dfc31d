// Package labshell runs one line of a lab's own command from a shell,
// against the reference or any mutant, so a student can poke an
// implementation by hand: the command the lab's observation scripts
// speak (idem for the idempotency-key store, lease for the lease lab),
// one line at a time. [Main] takes the registry of labs a binary has
// built in and lets -lab choose; [Run] takes one lab. The idem binary
// (harness/cmd/idem) is Main with the built-in labs.
//
// # Synopsis
//
//	idem [-C DIR] [-lang LANG] [-lab LAB] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]
//	idem [-C DIR] [-lang LANG] [-lab LAB] [-heldout FILE] -list
//
// The name is the lab's command's (idem, lease, ...), and the flags after
// -impl are that command's own (-db PATH for both built-in labs), passed
// on. -lab chooses the lab by name (idem -h lists them; the first is the
// default). -lang chooses the language of usage and errors, en or zh-CN
// (by default the student's: their worksheet's, else their locale's).
// -impl chooses the implementation: reference (the default), a mutant by
// its name or by the label a worksheet shows (4_fetch), or, with
// -heldout, a held-out mutant; -list prints the implementations, the
// reference and each mutant by its neutral label (never its descriptive
// name, which says what it does). -heldout builds the held-out mutants
// of an instructor's catalogue first, which takes some seconds. -C
// changes to DIR before anything else, as go -C does. The flags come
// before COMMAND, in any order, as -flag, --flag, -flag=value or -flag
// value.
//
// The commands and what each prints are those of the observation
// scripts, listed by -h and in the manual of the lab's command (go doc
// ./reference/idem, go doc ./labs/lease/reference/lease); every argument
// is passed to the implementation as a script would pass it.
//
// # Exit status
//
// The exit status is 0 on success, 1 when the operation fails (the
// store's own error, printed on stderr) and 2 for a usage error (an
// unknown flag, lab, command or implementation, a malformed argument),
// which touches nothing. These are a script's view of one command, not
// the statuses of the lab's other commands. A lab's command tells a
// malformed line from a failing operation by returning a [lab.Misuse].
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
//
// The lease lab's command, by the same binary:
//
//	go run ./harness/cmd/idem -lab lease -db /tmp/l.db init
//	go run ./harness/cmd/idem -lab lease -db /tmp/l.db claim k1 v1 w1 0 30
package labshell

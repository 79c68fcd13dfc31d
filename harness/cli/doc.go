// Package cli holds what the harness's commands share: finding the checkout
// they run against (-C DIR or the current folder), what it says of itself
// (its commit, its owner), repeatable flags, and the exit status a run's
// result calls for.
//
// # The checkout
//
// [Checkout] does what go -C does: it changes to the folder given before
// anything else, so that every file named on the command line is relative
// to it, and returns the module root found there or in a folder above it. A
// command calls it before it reads any file the user named. [Commit] is the
// checkout's commit, shortened, with "+dirty" when tracked files differ
// from it ("" outside git), and [Owner] is git's user.name, else $USER: a
// report says whose it is and of what.
//
// # Flags
//
// [Common] defines the flags every command that runs a lab shares (-format,
// -o, -json, -C, -q, -timeout, -parallel, -workdir); [Common.Writer] checks
// the format against the report writers. [Names] is a repeatable flag that
// refuses a name given twice, and [Bytes] a size written as a number of
// bytes or with KiB, MiB or GiB. [Parse] parses a flag set the way the go
// command does: -h or -help prints the usage on standard output, once, and
// reports done, so that the command exits 0; a bad flag prints flag's
// one-line error and where the usage is, not the whole usage. [TempDir]
// makes a command's work folder in the folder its -dir flag names, and
// says whether a failure is the flag's (usage) or the system's (internal).
//
// # Exit statuses
//
// [LabStatus] is the exit status a lab run calls for, from its kill matrix,
// in the terms of package internal/exitcode: broken when an observation of
// the lab's own (not a student's) does not count, survived when a mutant
// survived or could not be judged, timeout when one timed out, else ok.
//
// The package is internal: it is the commands' shared plumbing, not API.
package cli

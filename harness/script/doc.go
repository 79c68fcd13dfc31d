// Package script is the harness's model of an observation script: a
// testscript file (github.com/rogpeppe/go-internal/testscript), parsed once
// into its opening comment, its lines and the files of its archive, with
// every line split into words exactly as testscript will split it when the
// script runs.
//
// Two parts of the harness read scripts without running them, and both must
// see what testscript will do: package killmatrix reads the line a script
// failed at to tell the kind of evidence of a kill (a failed command, a
// check of a state-reading command's output, a check of any other output),
// and package submission lints a student's script before it runs. A linter
// that split words differently from the runner could be passed by a line it
// misread; so the splitting here follows testscript's own rules, which the
// package's tests pin one by one.
//
// # The model
//
// [Parse] returns a [Script]:
//
//   - Doc is the opening comment: the lines starting with # from the first
//     line on, their marks removed, joined by spaces. It says what the
//     observation observes and why; an observation must have one.
//   - Lines holds every line of the script section, blank and comment lines
//     included, so that Lines[i].N is i+1 and a line number in a failure is
//     an index here ([Script.Line]).
//   - Files are the archive's files after the script, each with the line of
//     its "-- name --" marker, counted from the top of the file.
//
// A [Line] is one line as testscript reads it: its [condition] prefixes, a
// "!" (the command must fail) or a "?" (it may fail), the command and its
// arguments, and Err, which says why the line cannot run as written (an
// unterminated quote, a prefix with no command after it). Each argument is
// a [Word]: its text with quotes removed, whether any part of it was
// quoted, and the variables testscript would expand in it.
//
// # Splitting
//
// Words are separated by spaces and tabs. A # outside quotes starts a
// comment, anywhere on a line. A single quote starts a quoted part, which
// ends at the next single quote; two single quotes inside a quoted part
// stand for one. Variables ($NAME, ${NAME}) are expanded outside quotes
// only, so Vars lists only the names written outside them; a word's Text
// keeps the variables as written ($WORK/x), since their values are known
// only when the script runs. [Line.Expand] returns the words as testscript
// will pass them to a command, variables expanded by a given lookup, and
// [Prefixes] reads the conditions, "!" and "?" off them as testscript's
// runLine does: after quotes are removed and variables expanded, so that a
// quoted '!' negates and '[x]' is a condition, as they are when the script
// runs. TestExpandMatchesTestscript and FuzzExpandMatchesTestscript feed
// the same lines to testscript itself and to this package and compare the
// words, the conditions and the "!" each reads.
//
// A line "-- --" makes go-internal's archive reader (v1.16.0) panic; Parse
// reads the script up to it and sets [Script].Err instead.
//
// # Invariants
//
// Parse never fails: whatever the text, every line is in Lines, and a line
// that testscript would reject carries its reason in Err, so that a caller
// can report it at its line. The parse is a pure function of the bytes, so
// a script parsed by the linter and by the kill matrix is the same script.
//
// # What it does not do
//
// The package runs nothing, expands variables only through the lookup it
// is given, and knows no command: which
// commands exist, which are allowed and which read state is for the lab
// (package lab) and the linter (package submission) to say.
package script

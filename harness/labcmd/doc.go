// Package labcmd holds what every lab's script command is made of, so that
// each lab writes only its own table: the parsers of the arguments a
// script writes as text ([ParseSeconds], [ParseInteger], [ParseJSON]),
// the [Seconds] type that prints a time as JSON, infinities included, and
// [Interleave], which runs an operation and, at the moment its first query
// has been read, other command lines as a second client would. The first
// lab's idem command (idemlab/reference/idem) and the lease lab's lease command
// (idemlab/labs/lease/reference/lease) are built on it.
//
// # Refuse only what the types cannot carry
//
// A lab's command refuses, before its store is touched, only text that
// the store's Go API cannot carry: a time that is not a decimal number (or
// NaN, Inf, -Inf), an integer that is not integer text or does not fit,
// text that is not exactly one JSON value. Every value the types can
// carry (a limit of 0, a time of NaN, a null response) is passed on, so
// that an observation sees the store's own checks. The parsers' errors
// say what was wanted; a command adds which argument it was.
//
// # Interleavings
//
// [Interleave] arms an idemlab/harness/sqlpause pause on the store's
// file, runs the operation, and when the operation's first SELECT has been
// read runs each other line through the command's own runner, on
// connections of its own. A line that finds the store locked is reported
// as waiting and run once the operation is over, as a client that waits
// for the lock would run; an operation that makes no query has every
// other line run after it. The result is one line per command run, in
// the order they ran: "during: LINE => OUT", "waits: LINE (the store is
// locked)", "LINE => OUT" for the operation, "after: LINE => OUT"; an
// error is written "=> error: " and its first line. [UseDriver] points an
// implementation's driver seam at sqlpause's driver once, which is
// transparent until a pause is armed.
package labcmd

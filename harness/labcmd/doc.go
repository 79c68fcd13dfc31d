// Package labcmd is the command kit: a lab declares its script command as
// a [Table] (its subcommands, each with typed parameters, their domains
// and input categories, and the store call it makes) and gets the rest:
// argument parsing, the store flag (-db PATH, or the table's own), misuse
// errors ([UsageError], a lab.Misuse that idemlab/harness/command/labshell
// words in the student's language with "did you mean"), JSON output
// ([Write]), the raw rows view ([RowsSub]), interleave and between where
// declared ([InterleaveSub], [BetweenSub]), and the usage and manual text
// ([Table.Command], the lab.Command the harness runs and the search draws
// from). A whole command in a page is ExampleTable, in this package's
// table_example_test.go (go doc prints no examples: read the file, or
// pkg.go.dev's page of the package).
//
// # Parameters
//
// A parameter's constructor names its parser: [Text] (any text), [Time]
// (seconds, ParseSeconds), [Number] (a quantity that is not a time,
// ParseNumber), [Int] and [Int64] (ParseInteger), [Count] (ParseCount)
// and [JSON] (ParseJSON); [Param.Optional] and [Param.Variadic] mark
// the last ones. Each argument is parsed once, before the store is
// touched, and read by the store call through [Call]'s typed accessors.
// Its lab.Domain says what the differential search draws, and its
// Categories the input categories a coverage table counts.
//
// # Parsers
//
// The parsers of the arguments a script writes as text ([ParseSeconds],
// [ParseNumber], [ParseInteger], [ParseCount], [ParseJSON]),
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

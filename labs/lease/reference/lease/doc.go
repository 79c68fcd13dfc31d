// Package lease is the lease lab's binding to the harness: the lease
// command, which observation scripts run against any implementation of
// the lease store (the reference or a mutant), and [API], the value that
// holds what each implementation provides. [Command] describes the
// command to the harness (see idemlab/harness/lab), [Run] runs one
// command line. It is to the second lab what idemlab/reference/idem is to the first,
// and depends on nothing of the first lab.
//
// # The observation language
//
// An observation is a testscript script, a file
// labs/lease/testdata/KIND/NAME.txtar, KIND happy, edge or student, named
// for the one behaviour it observes. It starts with a # comment saying
// what it observes and why, then one command a line, then optionally
// files of its own after lines such as "-- want-rows.jsonl --". Every
// script runs in a fresh, empty work directory against one
// implementation, so it starts with lease init:
//
//	# Long after its holder's lease lapsed, a worker with the same
//	# fingerprint takes the key over and is granted the next token.
//	lease init
//	lease claim k1 v1 A 0 10
//	lease takeover k1 v1 B 25 10
//	stdout '^2$'
//
// The lines are the first lab's: lease CMD must succeed, ! lease CMD must
// fail, ? lease CMD may do either; stdout, stderr, ! stdout . and
// cmp stdout FILE check the last command. A student's own observation may
// use only lease and testscript's checks and file commands (see
// idemlab/harness/submission).
//
// # Evidence
//
// The kind of evidence of a kill is read from the line that failed: a
// lease command that failed (or succeeded after !), or a stderr check, is
// error evidence; a check of the output of lease inspect or lease rows,
// which read state, is state evidence; a check of any other command's
// output is return evidence.
//
// # Output and arguments
//
// claim and takeover print a token (0 when nothing was granted); renew,
// finish, compensate and cycle print true or false; fetch prints the
// response as JSON, or null; abandoned prints a JSON array of ids;
// inspect prints {"status":S,"owner":O,"lease_until":T,"token":N}; rows
// prints one JSON object per stored row, ordered by id, read straight
// from the table, never through the implementation.
//
// lease refuses only what the store's API cannot carry, with a
// [*UsageError] naming the argument, before the store is opened: a time
// or ttl that is neither a decimal number nor NaN, Inf or -Inf, a token
// or limit that is not integer text, malformed JSON, a missing argument.
// Every other value reaches the store, so an observation sees the store's
// own checks: a NaN or infinite now, a ttl that is not positive and
// finite, a limit outside 1..100, a null response; and a token of 0 or
// below, which is no error but matches no row.
//
// # Two workers, one key, deterministically
//
// lease interleave runs an operation and, once its first query has been
// read, the other commands as a second worker would, each on a
// connection of its own, through the store's driver seam
// (reference.Driver, pointed at idemlab/harness/sqlpause). For a takeover
// that moment is between reading the lapsed lease and writing the new
// holder: the reference holds the write lock there, so the second worker
// waits and then sees the first one's result, every time, with no race
// left to luck.
//
// # From a shell
//
// A student runs one line by hand with the first lab's program, told the
// lab: go run ./harness/cmd/idem -lab lease -db /tmp/l.db claim k1 v1 A 0 10
// (see idemlab/harness/command/labshell). Its -h is [UsageIn] in the
// student's language: every command's and flag's doc and the notes have
// a Chinese text (each subcommand's Zh in the table, usageNotes), shown
// with -lang zh-CN, a Chinese locale or predictions in
// labs/lease/worksheet.zh-CN.md; labtest.Chinese checks that they do.
//
// # Commands
//
// The commands, generated from the table in lease.go (go generate ./...):
//   - init: Create the store; a no-op that keeps every row when it exists.
//   - claim KEY DIGEST OWNER NOW TTL: Claim KEY for OWNER with fingerprint DIGEST and a lease lapsing at
//     NOW+TTL; prints the token granted, 1, or 0 when KEY is already
//     there.
//   - renew KEY OWNER TOKEN NOW TTL: Renew the live lease OWNER holds on KEY with TOKEN to lapse at
//     NOW+TTL; prints true, or false when nothing changed.
//   - takeover KEY DIGEST OWNER NOW TTL: Take KEY over for OWNER once its lease has lapsed at NOW, with a
//     lease lapsing at NOW+TTL; prints the new token, or 0 when nothing
//     changed.
//   - finish KEY DIGEST TOKEN JSON: Record JSON as the response of pending KEY for the holder of
//     TOKEN; prints true, or false when nothing changed.
//   - fetch KEY: Print the answer a retry of KEY gets, the response of a done or
//     failed key as JSON, or null.
//   - abandoned NOW [LIMIT]: Print the ids of pending keys whose lease has lapsed at NOW,
//     oldest lapse first, at most LIMIT, as a JSON array.
//   - compensate KEY NOW JSON: Fail pending KEY whose lease has lapsed at NOW, with JSON as its
//     response, fencing its holder off; prints true, or false when
//     nothing changed.
//   - inspect KEY: Print KEY's state as
//     {"status":S,"owner":O,"lease_until":T,"token":N}, through the
//     implementation; an unknown key has status "" and zeros. (reads
//     state: a check of its output is state evidence)
//   - cycle KEY: Run the fencing cycle on KEY; prints its result, the stale
//     holder's finish, true or false.
//   - rows: Print every stored row, one JSON object per line, ordered by id,
//     read from the table itself (never through the implementation).
//     (reads state: a check of its output is state evidence)
//   - interleave OP [WRITE...]: Run the command OP and, once its first query has been read (for a
//     takeover: after reading the lapsed lease, before writing), each
//     WRITE as a second worker would, on a connection of its own; a
//     WRITE that finds the store locked waits and runs after OP. Each is
//     one quoted lease command line; prints what ran when, one a line:
//     during:, waits:, OP itself, after:.
//
// (end of the generated command list)
package lease

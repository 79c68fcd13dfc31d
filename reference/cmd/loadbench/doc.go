// Command loadbench measures what a backlog drain costs the reservations
// running beside it. It builds a store with a backlog of expired done rows,
// then measures Reserve latency twice on it for the same bounded time and
// number of calls: first alone, then while a Drain of the backlog runs in
// the same process. It prints p50, p99 and the slowest reserve of both side
// by side with the ratio of the p99s, then a verdict line:
//
//	go run ./harness/cmd/loadbench
//	go run ./harness/cmd/loadbench -dir /dev/shm -duration 5s
//
// The second measurement ends early when the drain does, so that every
// reserve it times began while the drain ran; the drain is cut short when
// the measurement ends. A backlog large enough for the drain to outlast the
// measurement (the default, on a quiet machine) measures the steady state;
// the line after the table says which way it went.
//
// # Flags
//
// loadbench -h lists the flags with their defaults, on stdout. They set the
// store (-dir, where it is built: the system's temporary folder by default,
// on disk, or /dev/shm for memory; -backlog, the expired done rows to
// drain), the measurement (-duration and -ops, the most time and the most
// reserves of each; -reservers, the goroutines reserving at once; -batch,
// the drain's batch, 1 to 100) and the verdict (-max-ratio, the most the
// p99 beside the drain may be as a multiple of the p99 alone; -max-latency,
// the most any one reserve may take).
//
// # Exit status
//
// It exits 0 when the verdict is PASS; 2 when it is FAIL: the p99 beside
// the drain is over -max-ratio times the p99 alone, a reserve took longer
// than -max-latency, a reserve failed, or the drain failed; 1 for a usage
// error: a bad flag or value (a -backlog, -duration, -ops, -reservers,
// -max-ratio or -max-latency that is not positive, a -batch outside 1 to
// 100, a -dir it cannot make its folder in) or an argument (-h prints the
// usage on stdout and exits 0); and 70 when the store cannot be made or
// its backlog built, with the error on stderr. These are the statuses of
// harness/exitcode, the README's "Exit statuses".
//
// # Examples
//
// A longer run in memory, with four clients reserving at once:
//
//	go run ./harness/cmd/loadbench -dir /dev/shm -duration 10s -reservers 4
//
// A small backlog the drain finishes within the measurement:
//
//	go run ./harness/cmd/loadbench -backlog 20000
//
// Numbers are only meaningful on an otherwise idle machine.
package main

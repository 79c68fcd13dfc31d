// Command purgebench measures the backlog drain at scale. In one run it
// builds two mixes of rows at several sizes, drains each at a fixed now in
// batches, and prints the drain time per row, the median batch time of the
// first and last tenth of the batches, and the rows it must not touch:
//
//	go run ./harness/cmd/purgebench
//	go run ./harness/cmd/purgebench -sizes 10000,100000 -dir /dev/shm
//
// While it works it reports progress on stderr (a line redrawn on a
// terminal, a line every few seconds in a log; none with -q): which mix and
// size it is building and draining, how many of the runs are done.
//
// The mixes: "expired" (50% done and expired, 10% pending of which half
// have an expiry long past, 40% done and live) and "live" (2% done and
// expired, 88% done and live, 10% pending, half of them long expired).
//
// # Flags
//
// purgebench -h lists the flags with their defaults, on stdout: -sizes, the
// store sizes in rows, comma-separated, smallest first, each at least 1000;
// -batch, the rows per drain batch (1 to 100); -dir, where the stores are
// built (the system's temporary folder by default, on disk); -seed, the
// seed of the row mix; -q, no progress.
//
// # Exit status
//
// It exits 0 when every check holds. It exits 2, after a FAIL line on
// stdout, when a pending or live row was deleted, when an expired done row
// was left, when the time per row at the largest size is over 1.5 times
// that at the smallest (the drain must be linear), or when, over at least
// 100 batches, the last tenth is over 1.5 times slower than the first. It
// exits 1 for a usage error: a bad flag or value (a size under 1000, a
// -batch outside 1 to 100, a -dir it cannot make its folder in) or an
// argument (-h prints the usage on stdout and exits 0); and 70 when a store
// cannot be built or drained, with the error on stderr. These are the
// statuses of harness/exitcode, the README's "Exit statuses".
//
// Numbers are only meaningful on an otherwise idle machine.
package main

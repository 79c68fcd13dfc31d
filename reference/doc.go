// Package reference is the correct idempotency-key store that the lab
// teaches: the implementation every observation must pass on, and the
// source that each mutant in idemlab/mutants copies with one broken snippet.
//
// A key is reserved as pending before work starts ([Reserve]) and becomes
// done, with its response stored as JSON, when the work ends ([Finish]). A
// done response replays ([Fetch]) while now < expires. A retention purge
// ([Purge]) deletes only rows that are done and expired, at most limit at a
// time, lowest ids first, in one transaction. A pending row is never purged,
// however old its expires: completion is read from status, never inferred
// from time. Deleting a row ends its guarantee, so the same key reserved
// again after a purge is a new request ([RetentionCycle] shows exactly that).
//
// No function reads the clock: callers pass expires and now as float
// seconds, which keeps every observation deterministic. Every function
// takes the store's file path and opens its own connection, so concurrent
// callers (goroutines or processes) share one file; a busy timeout and
// write-ahead logging keep them from failing with "database is locked".
//
// After a crash (the process killed at any moment, power aside), every
// operation has happened whole or not at all: each runs in one SQLite
// transaction, so a purge or a drain's batch is deleted entirely or not
// at all, a drain that dies keeps the batches it committed (its ids, in
// order, a prefix of the candidates) and loses at most the one under way,
// and every other row is as it was. The file passes SQLite's integrity
// check and the store works on: a drain run again deletes exactly the
// rest. TestDrainKilled (crash_test.go) proves this by killing a drain
// with SIGKILL at random moments, many times over, and checking each of
// those points; it does not cut power, so what an fsync skipped by the
// operating system may lose is not tested.
//
// What the store does not guarantee: exactly-once forever (after a purge a
// key is a new request, so retention must outlast every client's retry
// window), the recovery of abandoned pending rows (they stay until a later
// mechanism such as leases takes them over), and agreement between clocks
// of different callers.
package reference

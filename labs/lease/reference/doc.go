// Package reference is the correct lease store of the second lab: the
// implementation every observation of labs/lease/testdata must pass on,
// and the source each mutant in idemlab/labs/lease/mutants copies with one
// broken snippet. The contract is ../shared/LEASE-CONTRACT.md.
//
// The first lab's store leaves a key pending for ever when its worker dies
// mid-request. Here a worker [Claim]s a key and holds a lease on it, which
// lapses at lease_until = now + ttl, and a fencing token, 1. While the
// lease is live the holder may [Renew] it. Once now >= lease_until any
// worker doing the same request (the same fingerprint), the previous
// holder included, may [Takeover] the key, which raises the token by one.
// Only the holder of the current token may [Finish] the key: a holder that
// paused past its lease and wakes after a takeover is refused, whatever
// the clock says. Work whose lease has lapsed can be found ([Abandoned],
// oldest lapse first) and given a definite answer ([Compensate]: the key
// becomes failed and its token is raised, so no holder can finish it), and
// a retry then gets that answer ([Fetch]), never an endless "in progress".
// [Inspect] reads a key's state; [FencingCycle] shows fencing in one call.
//
// Time decides who may renew, take over or compensate; only the token
// decides who may write. At now == lease_until exactly the lease has
// lapsed: renewal is refused and takeover allowed.
//
// No function reads the clock: callers pass now and ttl as float seconds,
// which keeps every observation deterministic. Every function takes the
// store's file path and opens its own connection. Each test-and-write is
// one statement, or (Takeover) one immediate transaction that holds the
// write lock from its first read, so two workers racing for one key
// cannot both win.
//
// Refused input is checked before the store is opened, in this order: the
// limit (outside 1..100 wraps [ErrInvalidLimit]), the time (NaN or
// infinite), the ttl (not a positive finite number, or now + ttl not a
// finite time after now), the response (nil, or not JSON-encodable). A
// refused call reads and changes nothing. A token of 0 or below is not an
// error: it matches no row.
//
// What the store does not guarantee: a stale holder's side effects outside
// the store are not undone by a refused finish; a lease is not a lock on
// time (correctness rests on the token); tokens are per row, which is
// sound only because rows are never deleted here (a store that purges
// must draw tokens from a store-wide counter); the caller's clock may be
// skewed; and compensation decides that lapsed work failed, even if it in
// fact completed somewhere.
package reference

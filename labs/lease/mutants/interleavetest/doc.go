// Package interleavetest holds one long test of the lease lab, apart
// from labs/lease/mutants so that a student's quick loop, go test
// ./labs/lease/mutants, stays quick: TestTakeoverInterleavingsAreDeterministic
// builds the generated mutant whose Takeover reads the lapsed lease before
// its transaction begins, and runs a thousand copies of each observation
// where two workers race for one key (edge/takeover_race_has_one_winner
// and edge/stale_finish_during_takeover_is_fenced_off) against it and the
// reference. Every copy must pass on the reference, twice, and on the
// build's control copy, and fail on the mutant at the same line: lease
// interleave makes the second worker act at exactly the point between the
// takeover's read and its write, so the observations are deterministic,
// not races won by luck.
//
// It runs with go test ./... (and so in CI), and alone with
//
//	go test ./labs/lease/mutants/interleavetest
//
// and go test -short skips it. The package has no code of its own.
package interleavetest

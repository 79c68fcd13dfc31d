// Package interleavetest holds one long test of the lab, apart from the
// mutants package so that a student's quick loop, go test ./mutants, stays
// quick: TestPurgeInterleavingIsDeterministic builds the generated mutant
// whose Purge selects its candidates before its transaction begins, and
// runs a thousand copies of edge/purge_selects_in_its_transaction against
// it and the reference (about 20 s on two cores). Every copy must pass on
// the reference, twice, and on the build's control copy, and fail on the
// mutant: idem interleave makes the other client write at exactly the
// point between the purge's select and its deletes, so the observation is
// deterministic, not a race won by luck.
//
// It runs with go test ./... (and so in CI), and alone with
//
//	go test ./mutants/interleavetest
//
// and go test -short skips it. The package has no code of its own.
package interleavetest

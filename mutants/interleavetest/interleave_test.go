package interleavetest_test

import (
	"testing"

	"idemlab/harness/labtest"
	"idemlab/mutants"
)

// TestPurgeInterleavingIsDeterministic: a thousand copies of
// edge/purge_selects_in_its_transaction pass on the reference every time
// and fail, at the same line, on the generated mutant whose Purge selects
// its candidates before its transaction begins: its purge deletes the row
// the other client reserved meanwhile, so what ran when differs (see
// idemlab/harness/labtest).
func TestPurgeInterleavingIsDeterministic(t *testing.T) {
	labtest.InterleavingsAreDeterministic(t, mutants.Lab(), "Purge", 1000,
		labtest.Race{Observation: "purge_selects_in_its_transaction", FailsAt: "cmp stdout want-interleave.txt"})
}

package interleavetest_test

import (
	"testing"

	"idemlab/harness/labtest"
	"idemlab/labs/lease/mutants"
)

// TestTakeoverInterleavingsAreDeterministic shows that the two-worker
// observations are not races won by luck: a thousand copies of each, run
// against the generated mutant whose Takeover reads the lapsed lease
// before Begin and the reference beside it, pass on the reference every
// time and fail on the mutant at the same line (see idemlab/harness/labtest).
func TestTakeoverInterleavingsAreDeterministic(t *testing.T) {
	labtest.InterleavingsAreDeterministic(t, mutants.Lab(), "Takeover", 1000,
		labtest.Race{Observation: "takeover_race_has_one_winner", FailsAt: `stdout '^after: takeover k1 v1 C 10 10 => 0$'`},
		labtest.Race{Observation: "stale_finish_during_takeover_is_fenced_off", FailsAt: `stdout '^after: finish k1 v1 1 \{"receipt":1\} => false$'`})
}

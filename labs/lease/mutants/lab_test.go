package mutants_test

import (
	"testing"

	"idemlab/harness/labtest"
	"idemlab/labs/lease/mutants"
)

// TestLab is the lab's gate, the check CI relies on (a subtest per
// mutant, named for its ID); see idemlab/harness/labtest's Gate.
// Step 1's mutant, whose lease is born lapsed, is the only one a
// happy-path observation kills: the contract's one happy path that shows
// its mutant.
func TestLab(t *testing.T) { labtest.Gate(t, mutants.Lab(), labtest.GateOptions{HappySteps: []int{1}}) }

// The student's quick loop: predictions judged, own observations named.
func TestPredictions(t *testing.T)         { labtest.Predictions(t, mutants.Lab()) }
func TestStudentObservations(t *testing.T) { labtest.StudentObservations(t, mutants.Lab()) }

// TestExampleWorksheet: the filled example in mutants/testdata/answers
// (predictions right and wrong on purpose, an observation that kills and
// one that expects a mutant's behaviour) is judged as expected.json there
// says; go test -run TestExampleWorksheet -update rewrites it.
func TestExampleWorksheet(t *testing.T) { labtest.ExampleWorksheet(t, mutants.Lab()) }

// TestChecks: the lab's own soundness (its clause table, generated
// copies, value, wheats, hand-written mutants' reasons, Chinese usage).
func TestChecks(t *testing.T) { labtest.Checks(t, mutants.Lab()) }

// TestInterleaveIgnoresScheduling: the edge observations that race two
// workers (the takeover race, the stale finish, the cycle) print the same
// interleaving with every call and connection slow and the scheduler
// starved; see idemlab/harness/labtest.
func TestInterleaveIgnoresScheduling(t *testing.T) {
	labtest.InterleaveIgnoresScheduling(t, mutants.Lab(), 3)
}

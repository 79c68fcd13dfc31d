package mutants_test

import (
	"testing"

	"idemlab/harness/labtest"
	"idemlab/mutants"
)

// TestLab is the lab's gate, the check CI relies on (a subtest per
// mutant, named for its ID); see idemlab/harness/labtest's Gate.
func TestLab(t *testing.T) { labtest.Gate(t, mutants.Lab(), labtest.GateOptions{}) }

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

// TestInterleaveIgnoresScheduling: the edge observations that interleave
// a second client print the same with every call and connection slow and
// the scheduler starved; see idemlab/harness/labtest.
func TestInterleaveIgnoresScheduling(t *testing.T) {
	labtest.InterleaveIgnoresScheduling(t, mutants.Lab(), 3)
}

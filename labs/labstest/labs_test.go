package labstest_test

import (
	"testing"

	"idemlab/harness/lab"
	"idemlab/harness/labtest"
	"idemlab/labs"
)

// TestMain lets this test binary be the grading worker of every lab.
func TestMain(m *testing.M) { labtest.Main(m, labs.Builtin) }

// everyLab runs check on each built-in lab, a subtest named for it.
func everyLab(t *testing.T, check func(*testing.T, *lab.Lab)) {
	for _, e := range labs.Builtin {
		t.Run(e.Name, func(t *testing.T) { check(t, e.Lab()) })
	}
}

func TestKillReport(t *testing.T)            { everyLab(t, labtest.KillReport) }
func TestHeldOutExample(t *testing.T)        { everyLab(t, labtest.HeldOutExample) }
func TestGradeShardedAndMerged(t *testing.T) { everyLab(t, labtest.GradeShardedAndMerged) }
func TestSearch(t *testing.T)                { everyLab(t, labtest.Search) }
func TestGeneratedMutants(t *testing.T)      { everyLab(t, labtest.GeneratedMutants) }

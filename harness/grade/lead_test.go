package grade_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
	"idemlab/harness/internal/testfs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/mutants"
)

// TestActualEvidenceFollowsTheLead: the evidence a wrong killer's row
// says the mutant really showed (PredictionVerdict.Actual, which the
// dashboard's confusion matrix counts) is the lead killer's, the one the
// lessons show first (the intended killer: purge_keeps_old_pending, a
// printed value), not the first killer in the matrix's order, by name
// (cycle_purges_other_rows_expired_by_10, a state read), as it was
// before (finding 7 of issue 30).
func TestActualEvidenceFollowsTheLead(t *testing.T) {
	all, err := labrun.LabObservations(mutants.Lab(), root)
	if err != nil {
		t.Fatal(err)
	}
	opt := options(t) // the intended killers, and one that sorts first
	i := slices.IndexFunc(all, func(o killmatrix.Observation) bool { return o.Name == "edge/cycle_purges_other_rows_expired_by_10" })
	opt.Observations = append(slices.Clone(opt.Observations), all[i])
	slices.SortFunc(opt.Observations, func(a, b killmatrix.Observation) int { return strings.Compare(a.Name, b.Name) })
	class := t.TempDir()
	testfs.Write(t, class, map[string]string{
		"s/worksheet.md":          prediction("6_purge", "student/reserve", "error"),
		"s/student/reserve.txtar": reserveTrue,
	})
	got := row(t, gradeClass(t, class, opt), "s").Predictions
	want := []grade.PredictionVerdict{{Mutant: "6_purge_deletes_pending", Miss: grade.MissKiller, Evidence: "error", Actual: "return"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the row's verdicts (-want +got):\n%s", diff)
	}
}

package report

import (
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
)

// TestSharedConcealedCountsOnlyWhereItPasses: a student's broken
// observation is told how many not-yet-predicted mutants it passes on,
// counting those it does pass on, not every survivor (a Chinese student's
// observation that failed everywhere read 它在 1 个你尚未预测的变异体上通过).
func TestSharedConcealedCountsOnlyWhereItPasses(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	for _, tc := range []struct {
		name   string
		shared []Misconception
		want   int
	}{
		{"fails everywhere", []Misconception{}, 0},
		{"passes on the survivor", []Misconception{{Mutant: "8_cycle_purges_too_early"}}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Report{Meta: Meta{Lang: i18n.English},
				Mutants: []Mutant{
					{MutantRow: killmatrix.MutantRow{Name: "8_cycle_purges_too_early", Outcome: outcome.Survived}, Label: "8_cycle", Origin: OriginLab, shown: true},
					{MutantRow: killmatrix.MutantRow{Name: "7_counts_hides_pending", Outcome: outcome.Killed}, Label: "7_counts", Origin: OriginLab, shown: true},
				},
				Uncounted: []Uncounted{{Observation: "student/x", Status: outcome.Broken, Message: "no match", SharedWith: tc.shared}},
			}
			v := r.For(Student)
			if got := v.Uncounted[0].SharedConcealed; got != tc.want {
				t.Errorf("SharedConcealed = %d, want %d", got, tc.want)
			}
			var b strings.Builder
			v.uncounted(&b)
			if said := strings.Contains(b.String(), "you have not predicted yet"); said != (tc.want > 0) {
				t.Errorf("the text says it passes on a concealed mutant: %v, want %v:\n%s", said, tc.want > 0, b.String())
			}
		})
	}
}

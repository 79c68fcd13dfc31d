package labrun_test

import (
	"testing"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
)

// TestGateLinesInTheStudentsLanguage: the lines a lab's gate test logs
// under go test -v are worded in the student's language.
func TestGateLinesInTheStudentsLanguage(t *testing.T) {
	m := &killmatrix.Matrix{Observations: make([]killmatrix.ObservationRow, 3), Elapsed: 1500 * time.Millisecond}
	for _, c := range []struct {
		lang                i18n.Lang
		summary, clauseLine string
	}{
		{i18n.English, "0 mutants: 0 killed, 0 survived, 0 timeout, 0 invalid; 3 observations in 1.5s", "4 clauses, 3 observations"},
		{i18n.Chinese, "0 个变异体：0 个被杀死，0 个存活，0 个超时，0 个无效；3 个观测，用时 1.5s", "4 条契约条款，3 个观测"},
	} {
		if got := labrun.GateSummary(c.lang, m); got != c.summary {
			t.Errorf("%s: GateSummary = %q, want %q", c.lang, got, c.summary)
		}
		if got := labrun.ClauseCount(c.lang, 4, 3); got != c.clauseLine {
			t.Errorf("%s: ClauseCount = %q, want %q", c.lang, got, c.clauseLine)
		}
	}
}

package grade

import (
	"regexp"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/report"
)

// TestWorkerFlagsAreWorded: every flag a grading worker's sandbox gives a
// submission, which its student reads in their feedback, is worded in
// Chinese with no English sentence left, and in English as it is.
func TestWorkerFlagsAreWorded(t *testing.T) {
	g := &grader{opt: Options{Budgets: DefaultBudgets}}
	english := regexp.MustCompile(`\b[A-Za-z]{3,}\s+[A-Za-z]{3,}\b`)
	code := regexp.MustCompile("`[^`]*`")
	for _, res := range []sandbox.Result{
		{OverWall: true},
		{OverOutput: true},
		{Signal: "killed", ExitCode: -1},
		{ExitCode: 3, Stderr: []byte("panic: something went wrong\n")},
		{Stdout: []byte("not json")},
	} {
		flag := g.outcome(res).flag
		if flag == "" {
			t.Fatalf("%+v: no flag", res)
		}
		if got := report.Flag(i18n.English, flag); got != flag {
			t.Errorf("English %q, want the flag %q", got, flag)
		}
		zh := report.Flag(i18n.Chinese, flag)
		if w := english.FindString(code.ReplaceAllString(zh, "")); w != "" {
			t.Errorf("%q worded %q keeps English %q", flag, zh, w)
		}
	}
}

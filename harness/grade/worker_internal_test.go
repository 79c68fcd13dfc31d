package grade

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/harness/submission"
)

// TestWorkerFlagsAreWorded: every flag a grading worker's sandbox gives a
// submission (and a few the grader gives it), which its student reads in
// their feedback, is worded in Chinese with no English sentence left,
// and in English as it is.
func TestWorkerFlagsAreWorded(t *testing.T) {
	g := &grader{opt: Options{Budgets: DefaultBudgets}}
	english := regexp.MustCompile(`\b[A-Za-z]{3,}\s+[A-Za-z]{3,}\b`)
	code := regexp.MustCompile("`[^`]*`")
	over := &workResult{OverOutput: &overOutput{File: "student/big.txtar", Bytes: 3 << 20, Total: 5 << 20}}
	data, err := over.encode(0)
	if err != nil {
		t.Fatal(err)
	}
	flags := []string{}
	for _, res := range []sandbox.Result{
		{Stdout: data},
		{OverWall: true},
		{OverOutput: true},
		{Signal: "killed", ExitCode: -1},
		{ExitCode: 3, Stderr: []byte("panic: something went wrong\n")},
		{Stdout: []byte("not json")},
	} {
		flags = append(flags, g.outcome(res).flag)
	}
	// And the flags of a worksheet with no predictions and of a name too
	// long, which the feedback words the same way.
	flags = append(flags, "no predictions: worksheet.md holds no filled prediction block to grade",
		submission.QuoteName("student/"+strings.Repeat("x", 200)+".txtar")+": a name of more than 64 characters; not read")
	for _, flag := range flags {
		if flag == "" {
			t.Fatalf("no flag among %q", flags)
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

// TestOverOutputNamesTheLargest: a result over the worker's output budget
// is sent back as the observation that weighs the most in it, and its
// flag names that observation and the budget.
func TestOverOutputNamesTheLargest(t *testing.T) {
	big := killmatrix.Result{Status: outcome.Fail, Log: string(make([]byte, 4000))}
	small := killmatrix.Result{Status: outcome.Pass}
	res := &workResult{Own: &killmatrix.Matrix{
		Observations: []killmatrix.ObservationRow{
			{Observation: killmatrix.Observation{Name: "student/a", File: "student/a.txtar"}, Reference: small},
			{Observation: killmatrix.Observation{Name: "student/b", File: "student/b.txtar"}, Reference: small},
		},
		Mutants: []killmatrix.MutantRow{{Name: "1_m", Cells: map[string]killmatrix.Result{"student/a": small, "student/b": big}}},
	}}
	whole, err := res.encode(0)
	if err != nil {
		t.Fatal(err)
	}
	if kept, _ := res.encode(int64(len(whole))); string(kept) != string(whole) {
		t.Errorf("a result within its budget was not sent as it is")
	}
	data, err := res.encode(1024)
	if err != nil {
		t.Fatal(err)
	}
	g := &grader{opt: Options{Budgets: Budgets{Output: 1024}}}
	got := g.outcome(sandbox.Result{Stdout: data}).flag
	want := "its observations' results exceeded the budget of 1 KiB, student/b.txtar's the largest (" + approx(res.weights()["student/b.txtar"]) + " of " + approx(int64(len(whole))) + "); its own observations count nothing"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("flag (-want +got):\n%s", diff)
	}
	if len(data) > 1024 {
		t.Errorf("the over-budget result is %d bytes, over its budget of 1024", len(data))
	}
}

// TestTimeoutFlagSaysWhereAndBudget: an observation that timed out on the
// reference is flagged with its place and the budget it ran past, and the
// feedback words it from the report.
func TestTimeoutFlagSaysWhereAndBudget(t *testing.T) {
	r := &report.Report{Uncounted: []report.Uncounted{
		{Observation: "student/slow", Status: outcome.TimedOut, Pos: "student/slow.txtar:3"},
		{Observation: "student/hung", Status: outcome.TimedOut},
	}}
	var row Row
	row.uncounted(r, 300*time.Millisecond)
	want := []string{
		"timeout: student/slow did not finish on the reference within its budget of 300ms (student/slow.txtar:3)",
		"timeout: student/hung did not finish on the reference within its budget of 300ms (student/hung.txtar)",
	}
	if diff := cmp.Diff(want, row.Flags); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
	for _, f := range row.Flags {
		if !isWorded(f) {
			t.Errorf("%q is not worded from the report in the feedback", f)
		}
	}
}

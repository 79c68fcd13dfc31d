package submission_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// TestLintRefusesBadPattern: a check whose pattern is not a regular
// expression (a typo: an unclosed parenthesis) is refused before it runs,
// at its file:line, saying so in English and Chinese; it ran, failed alike
// on the reference and every mutant, and was told as a broken observation
// that "asserts something the contract does not say".
func TestLintRefusesBadPattern(t *testing.T) {
	type said struct{ En, Zh string }
	got := map[string]said{}
	for name, script := range map[string]string{
		"stdout": "# doc\nidem init\nidem reserve a d 10\nstdout (true\n",
		"stderr": "# doc\nidem init\n! idem reserve a d x\nstderr -count=1 'bad[ '\n",
		"grep":   "# doc\nidem init\ngrep 'a**' want.txt\n-- want.txt --\na\n",
		"valid":  "# doc\nidem init\nidem reserve a d 10\nstdout '^(true)$'\n",
	} {
		o, err := killmatrix.New(killmatrix.KindStudent, "x", "student/x.txtar", []byte(script))
		if err != nil {
			t.Fatal(err)
		}
		if err := submission.Lint(mutants.Lab(), o, submission.DefaultLimits); err != nil {
			got[name] = said{report.Refusal(i18n.English, err.Error()), report.Refusal(i18n.Chinese, err.Error())}
		}
	}
	want := map[string]said{
		"stdout": {
			`student/x.txtar:4: stdout's argument 1: "(true" is not a regular expression: missing closing ) in "(true"`,
			`student/x.txtar:4: stdout 的第 1 个参数："(true" 不是有效的正则表达式：缺少右圆括号 )（出错处："(true"）`,
		},
		"stderr": {
			`student/x.txtar:4: stderr's argument 2: "bad[ " is not a regular expression: missing closing ] in "[ "`,
			`student/x.txtar:4: stderr 的第 2 个参数："bad[ " 不是有效的正则表达式：缺少右方括号 ]（出错处："[ "）`,
		},
		"grep": {
			`student/x.txtar:3: grep's argument 1: "a**" is not a regular expression: invalid nested repetition operator in "**"`,
			`student/x.txtar:3: grep 的第 1 个参数："a**" 不是有效的正则表达式：重复运算符嵌套无效（出错处："**"）`,
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("refusals, in English and Chinese (-want +got):\n%s", diff)
	}
}

package report_test

import (
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/report"
)

// TestLabProblemInChinese: a lab observation that fails on the reference,
// what a student reads after breaking the reference in a throwaway copy
// as the worksheets' "Beyond the eight" asks, is told in the report's
// language, its failure worded too; the English text, and the report's
// problems as JSON keeps them, are the English sentence.
func TestLabProblemInChinese(t *testing.T) {
	const english = "observation edge/c is broken on the reference: testdata/edge/b.txtar:7: no match for `^null$` found in stdout"
	r := report.New(matrix(), catalogue(), nil, nil)
	if len(r.Problems) != 1 || r.Problems[0] != english {
		t.Fatalf("problems %q, want [%q]", r.Problems, english)
	}
	for _, c := range []struct {
		lang      i18n.Lang
		want, not string
	}{
		{i18n.English, "PROBLEM " + english + "\n", "实验"},
		{i18n.Chinese, "问题 实验自己的观测 edge/c 在参考实现上的结果为“有误”：testdata/edge/b.txtar:7: stdout 中没有与 `^null$` 匹配的内容\n", "on the reference"},
	} {
		r.Localize(c.lang)
		var b strings.Builder
		if err := r.Text(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) || strings.Contains(b.String(), c.not) {
			t.Errorf("%s: the text report lacks %q or holds %q:\n%s", c.lang, c.want, c.not, b.String())
		}
	}
	if r.Problems[0] != english {
		t.Errorf("after Localize, problems %q; want the English sentence kept", r.Problems)
	}
}

package report_test

import (
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
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

// TestObservationBrokenOnAWheat: an observation that passes on the
// reference and fails on a wheat is told as failing on that wheat, a
// correct store written apart from the reference, with its failure there,
// in both languages: a lab's own as a problem, a student's as uncounted.
func TestObservationBrokenOnAWheat(t *testing.T) {
	m := matrix()
	failed := m.Observations[2].Reference
	wheat := func(o *killmatrix.ObservationRow) {
		o.Reference, o.Wheat, o.OnWheat = killmatrix.Result{Status: outcome.Pass}, "ledger", &failed
	}
	wheat(&m.Observations[2])
	own := killmatrix.ObservationRow{Observation: killmatrix.Observation{Name: "student/d", Kind: killmatrix.KindStudent, File: "student/d.txtar"}, Status: outcome.Broken}
	wheat(&own)
	m.Observations = append(m.Observations, own)
	r := report.New(m, catalogue(), nil, nil)
	const english = "observation edge/c is broken on wheat ledger: testdata/edge/b.txtar:7: no match for `^null$` found in stdout"
	if len(r.Problems) != 1 || r.Problems[0] != english {
		t.Fatalf("problems %q, want [%q]", r.Problems, english)
	}
	if len(r.Uncounted) != 1 || r.Uncounted[0].Wheat != "ledger" || r.Uncounted[0].Pos != failed.Pos {
		t.Fatalf("uncounted %+v, want student/d on wheat ledger at %s", r.Uncounted, failed.Pos)
	}
	for _, c := range []struct {
		lang       i18n.Lang
		want       []string
		notWanting string
	}{
		{i18n.English, []string{
			"PROBLEM observation edge/c is broken on the wheat ledger, a correct store written apart from the reference: testdata/edge/b.txtar:7:",
			"broken: student/d passes on the reference but fails on the wheat ledger, another correct store written apart from it",
		}, "实验"},
		{i18n.Chinese, []string{
			"问题 实验自己的观测 edge/c 在独立于参考实现编写的另一个正确实现 ledger 上的结果为“有误”：testdata/edge/b.txtar:7: stdout 中没有与 `^null$` 匹配的内容",
			"有误：student/d 在参考实现上通过，却在独立于参考实现编写的另一个正确实现 ledger 上失败",
		}, "on the wheat"},
	} {
		r.Localize(c.lang)
		var b strings.Builder
		if err := r.Text(&b); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: the text report lacks %q:\n%s", c.lang, w, b.String())
			}
		}
		if strings.Contains(b.String(), c.notWanting) {
			t.Errorf("%s: the text report holds %q:\n%s", c.lang, c.notWanting, b.String())
		}
	}
}

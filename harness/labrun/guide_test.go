package labrun_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/report"
	"idemlab/mutants"
)

func TestReadGuide(t *testing.T) {
	got := labrun.ReadGuide([]byte("# 标题\n\n- `happy/a`：第一个。\n* `edge/b_c`: second\n- not an entry\n- `student/x`\n"))
	want := map[string]string{"happy/a": "第一个。", "edge/b_c": "second"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadGuide (-want +got):\n%s", diff)
	}
}

// TestChineseDocsFromTheGuide: a Chinese report gives each lab
// observation whose doc it shows the lab's Chinese guide entry (the HTML
// hover and the JSON doc were English after predicting), an English one
// keeps the English comment, and a student's view with mutants still
// concealed shows neither.
func TestChineseDocsFromTheGuide(t *testing.T) {
	const name = "happy/counts_done_row"
	run := func(v report.View) *report.Report {
		t.Helper()
		plan, err := labrun.Prepare(labrun.Config{Lab: mutants.Lab(), Root: "../..", Worksheets: []string{}, View: v})
		if err != nil {
			t.Fatal(err)
		}
		res, err := plan.Run()
		if err != nil {
			t.Fatal(err)
		}
		return res.Report
	}
	doc := func(r *report.Report) string {
		for _, o := range r.Observations {
			if o.Name == name {
				return o.Doc
			}
		}
		t.Fatalf("no observation %s", name)
		return ""
	}
	i18ntest.Set(t, i18n.English)
	r := run(report.Instructor)
	en, zh := doc(r), r.Docs[name]["zh-CN"]
	if !strings.HasPrefix(zh, "一个请求完成之后") {
		t.Fatalf("the guide's entry for %s is %q", name, zh)
	}
	r.Localize(i18n.Chinese)
	if got := doc(r); got != zh {
		t.Errorf("Chinese report: doc %q, want the guide's %q", got, zh)
	}
	r.Localize(i18n.English)
	if got := doc(r); got != en || en == zh {
		t.Errorf("English report: doc %q, want the file's English comment %q", got, en)
	}
	s := run(report.Student)
	s.Localize(i18n.Chinese)
	for _, o := range s.Observations {
		if o.Kind != killmatrix.KindStudent && o.Doc != "" {
			t.Errorf("student's view, nothing predicted: %s shows its doc %q", o.Name, o.Doc)
		}
	}
}

package dashboard_test

import (
	"bytes"
	"strings"
	"testing"

	"idemlab/harness/dashboard"
	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/mutants"
)

// TestWrite writes pages for classes at the edges: empty, nobody graded,
// and a student whose observation name is markup. Each is one page with
// its five charts, no script and nothing a browser would fetch, and the
// student's name is text.
func TestWrite(t *testing.T) {
	hostile := grade.Row{Student: "mallory", Graded: true, Total: -3, Lang: "zh-CN",
		OwnKillers: []grade.OwnKiller{{Mutant: "7_counts_hides_pending", Observations: []string{`student/<script>alert(1)</script>`}}}}
	for _, tc := range []struct {
		name  string
		class *grade.Class
		lang  i18n.Lang
		want  []string
	}{
		{"empty", &grade.Class{}, "", []string{"0 students, 0 of them graded"}},
		{"nobody graded", &grade.Class{Rows: []grade.Row{{Student: "bob"}}}, i18n.English, []string{"1 students, 0 of them graded"}},
		{"markup in a name, in the class's language", &grade.Class{Rows: []grade.Row{hostile}}, "", []string{"班级概览", "student/&lt;script&gt;alert(1)&lt;/script&gt; ×1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := dashboard.Write(&b, tc.class, mutants.Lab().Catalogue, dashboard.Options{Lang: tc.lang}); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			for _, w := range tc.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			if n := strings.Count(page, "<figure data-chart="); n != 5 {
				t.Errorf("%d charts, want 5", n)
			}
			for _, bad := range []string{"<script", "http://", "https://", "src=", "url("} {
				if strings.Contains(page, bad) {
					t.Errorf("the page holds %q", bad)
				}
			}
		})
	}
}

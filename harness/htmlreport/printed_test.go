package htmlreport_test

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/htmlreport"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestBrokenShowsWhatItPrinted: a student's observation that fails on the
// reference (broken) shows the student what it printed there, the lab
// commands it ran at their lines with each one's output, in the text,
// JSON and HTML views of the student's report, in English and Chinese
// (issue 30: a broken observation was judged without showing what it
// actually printed).
func TestBrokenShowsWhatItPrinted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "student")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const script = "# A new key is reserved.\nidem init\nidem reserve k1 fp 100\nstdout '^flase$'\n"
	if err := os.WriteFile(filepath.Join(dir, "typo.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := killmatrix.Load(killmatrix.KindStudent, filepath.Join(dir, "typo.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	l := mutants.Lab()
	m := killmatrix.Build(l, nil, []killmatrix.Observation{o}, killmatrix.Options{WorkRoot: t.TempDir()})
	full := report.New(m, l.Catalogue, nil, nil)
	if len(full.Uncounted) != 1 || full.Uncounted[0].Status != outcome.Broken {
		t.Fatalf("uncounted %+v, want student/typo broken", full.Uncounted)
	}
	for _, c := range []struct {
		lang           i18n.Lang
		heading, since string
	}{
		{i18n.English, "what it printed on the reference", "no match for"},
		{i18n.Chinese, "它在参考实现上的输出", "未找到"},
	} {
		t.Run(string(c.lang), func(t *testing.T) {
			r := full.For(report.Student)
			r.Localize(c.lang)
			var text bytes.Buffer
			if err := r.Text(&text); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{c.heading, "2: idem init", "3: idem reserve k1 fp 100", "→ true"} {
				if !strings.Contains(text.String(), want) {
					t.Errorf("the text report does not show %q:\n%s", want, text.String())
				}
			}
			var js bytes.Buffer
			if err := r.JSON(&js); err != nil {
				t.Fatal(err)
			}
			var back report.Report
			if err := json.Unmarshal(js.Bytes(), &back); err != nil {
				t.Fatal(err)
			}
			if len(back.Uncounted) != 1 || len(back.Uncounted[0].Printed) != 2 || back.Uncounted[0].Printed[1].Stdout != "true\n" || back.Uncounted[0].Printed[1].Line != 3 {
				t.Errorf("the JSON report's uncounted_observations: %+v, want what idem init and idem reserve printed", back.Uncounted)
			}
			var page bytes.Buffer
			if err := htmlreport.Write(&page, r); err != nil {
				t.Fatal(err)
			}
			own := html.UnescapeString(page.String())
			if i := strings.Index(own, `id="own"`); i >= 0 {
				own = own[i:]
			}
			for _, want := range []string{c.heading, "<code>idem reserve k1 fp 100</code></td><td><code>true</code>"} {
				if !strings.Contains(own, want) {
					t.Errorf("the HTML report's own observations do not show %q:\n%s", want, own)
				}
			}
		})
	}
}

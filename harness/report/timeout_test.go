package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"idemlab/harness/htmlreport"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

// TestSlowOwnObservationIsATimeout: a student's observation that does
// not finish on the reference is called a timeout in the JSON, the text
// (grid and list) and the HTML, in both languages, and never blamed on its
// assertion.
func TestSlowOwnObservationIsATimeout(t *testing.T) {
	// A reference whose fetch of the key "slow" never returns, so that one
	// observation hangs and every other behaves.
	api := mutants.Lab().Reference.Value.(idem.API)
	fetch := api.Fetch
	api.Fetch = func(path, key string, now float64) (any, error) {
		if key == "slow" {
			select {}
		}
		return fetch(path, key, now)
	}
	l := *mutants.Lab()
	l.Reference = lab.Impl{Name: "reference", Value: api}
	dir := t.TempDir()
	text := []byte("# hangs\nidem init\nidem fetch slow 5\nstdout null\n")
	slow, err := killmatrix.New(killmatrix.KindStudent, "slow", "testdata/student/slow.txtar", text)
	if err != nil {
		t.Fatal(err)
	}
	slow.Run = filepath.Join(dir, "slow.txtar")
	if err := os.WriteFile(slow.Run, text, 0o644); err != nil {
		t.Fatal(err)
	}
	m := killmatrix.Build(&l, l.Mutants[:1], []killmatrix.Observation{slow}, killmatrix.Options{Timeout: 300 * time.Millisecond, WorkRoot: dir})
	r := report.New(m, l.Catalogue, nil, nil)
	if len(r.Uncounted) != 1 || r.Uncounted[0].Status != outcome.TimedOut {
		t.Fatalf("uncounted = %+v, want the slow observation as a timeout", r.Uncounted)
	}
	var js bytes.Buffer
	if err := r.JSON(&js); err != nil {
		t.Fatal(err)
	}
	var back report.Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Uncounted[0].Status != "timeout" {
		t.Errorf("JSON says %q (%v), want timeout", back.Uncounted[0].Status, err)
	}
	for _, lang := range i18n.Langs {
		shown := r.For(report.Instructor)
		shown.Localize(lang)
		var text, page bytes.Buffer
		if err := shown.Text(&text); err != nil {
			t.Fatal(err)
		}
		if err := htmlreport.Write(&page, shown); err != nil {
			t.Fatal(err)
		}
		timeout := lang.T("outcome.timeout", nil)
		for what, out := range map[string]string{"text": text.String(), "HTML": page.String()} {
			if !strings.Contains(out, timeout) {
				t.Errorf("%s %s does not call the slow observation a %s:\n%s", lang, what, timeout, out)
			}
			for _, line := range strings.Split(out, "\n") {
				for _, wrong := range []string{">" + lang.T("outcome.broken", nil) + "<", "fails on the reference", "asserts something", "参考实现上失败"} {
					if strings.Contains(line, "student/slow") && strings.Contains(line, wrong) {
						t.Errorf("%s %s blames the slow observation (%q): %s", lang, what, wrong, line)
					}
				}
			}
		}
	}
}

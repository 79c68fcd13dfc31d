package report_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
	leasemutants "idemlab/labs/lease/mutants"
)

// TestLeaseStoreErrorsAreWordedAgain runs, on the lease lab's reference,
// one observation for each error its store gives a bad call, takes the
// message the student reads, and checks that report.Failure words it in
// Chinese with no English word left but the command's own and its
// function's name, and names no cycle of the first lab's (保留周期, its
// retention cycle) where the lease lab's fencing cycle failed.
func TestLeaseStoreErrorsAreWordedAgain(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, script string }{
		{"nan_now", "lease init\nlease claim k1 v1 A NaN 10\n"},
		{"zero_ttl", "lease init\nlease claim k1 v1 A 0 0\n"},
		{"inf_ttl", "lease init\nlease claim k1 v1 A 0 -Inf\n"},
		{"overflow", "lease init\nlease claim k1 v1 A 1e308 1.7e308\n"},
		{"nil_response", "lease init\nlease claim k1 v1 A 0 10\nlease finish k1 v1 1 null\n"},
		{"limit", "lease init\nlease abandoned 10 101\n"},
		{"bad_json", "lease init\nlease claim k1 v1 A 0 10\nlease finish k1 v1 1 '{bad'\n"},
		{"cycle_key", "lease init\nlease claim k1 v1 A 0 10\nlease cycle k1\n"},
	}
	var obs []killmatrix.Observation
	for _, c := range cases {
		text := []byte("# fails: " + c.name + "\n" + c.script)
		o, err := killmatrix.New(killmatrix.KindStudent, c.name, "testdata/student/"+c.name+".txtar", text)
		if err != nil {
			t.Fatal(err)
		}
		o.Run = filepath.Join(dir, c.name+".txtar")
		if err := os.WriteFile(o.Run, text, 0o644); err != nil {
			t.Fatal(err)
		}
		obs = append(obs, o)
	}
	m := killmatrix.Build(leasemutants.Lab(), nil, obs, killmatrix.Options{WorkRoot: dir})
	code := regexp.MustCompile("\"[^\"]*\"|'[^']*'|\\S*[/.$]\\S*|\\blease( [a-z]+)*\\b|\\b(Claim|Finish|Abandoned|FencingCycle|NaN|Inf|Err[A-Z][A-Za-z]*)\\b|\\bnow\\b|\\bttl\\b|\\bnull\\b|\\bJSON\\b")
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, o := range m.Observations {
		msg := o.Reference.Message
		if msg == "" {
			t.Errorf("%s passes on the reference; want it to fail", o.Name)
			continue
		}
		if got := report.Failure(i18n.English, msg); got != msg {
			t.Errorf("%s: English %q, want the store's own %q", o.Name, got, msg)
		}
		zh := report.Failure(i18n.Chinese, msg)
		if w := english.FindString(code.ReplaceAllString(zh, "")); w != "" {
			t.Errorf("%s: Chinese %q keeps the English word %q (from %q)", o.Name, zh, w, msg)
		}
		if strings.Contains(zh, "保留周期") {
			t.Errorf("%s: Chinese %q names the first lab's retention cycle (from %q)", o.Name, zh, msg)
		}
	}
}

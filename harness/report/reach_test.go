package report_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestSurvivorNoObservationReaches: a survivor whose every cell was taken
// from the reference (no observation calls what it changes) says so in
// the text, in both languages; a survivor an observation does reach does
// not.
func TestSurvivorNoObservationReaches(t *testing.T) {
	l := mutants.Lab()
	obs, err := killmatrix.Discover(filepath.Join("..", "..", "testdata"), killmatrix.KindHappy)
	if err != nil {
		t.Fatal(err)
	}
	unreached, reached := l.Reference, l.Reference
	unreached.Name, unreached.Entries = "4_fetch_replays_at_expiry", []string{"NoSuchFunction"}
	reached.Name, reached.Entries = "5_expired_descending", nil
	m := killmatrix.Build(l, []lab.Impl{unreached, reached}, obs, killmatrix.Options{})
	for _, lang := range i18n.Langs {
		shown := report.New(m, l.Catalogue, nil, nil).For(report.Instructor)
		shown.Localize(lang)
		var text bytes.Buffer
		if err := shown.Text(&text); err != nil {
			t.Fatal(err)
		}
		line := lang.T("text.not-reached", nil)
		out := text.String()
		at, first, second := strings.Index(out, line), strings.Index(out, label(t, unreached.Name)+" "), strings.Index(out, label(t, reached.Name)+" ")
		if strings.Count(out, line) != 1 || at < first || at > second {
			t.Errorf("%s: want %q once, under %s and not under %s:\n%s", lang, line, unreached.Name, reached.Name, out)
		}
	}
}

// label is the lab mutant's label, which the text's list shows.
func label(t *testing.T, name string) string {
	m, ok := mutants.Lab().Catalogue.Lookup(name)
	if !ok {
		t.Fatalf("no mutant %s", name)
	}
	return m.ID()
}

package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
)

// TestFared: the mark on a predicted killer's cell says how the whole
// prediction fared, and keeps a right killer with the wrong evidence
// apart from a killer that did not kill; the legend names all three.
func TestFared(t *testing.T) {
	tests := []struct {
		name     string
		killer   string
		evidence killmatrix.Evidence
		fared    string
		row      string // the predicted killer's grid row
	}{
		{"right", "edge/b", killmatrix.EvidenceReturn, report.FaredRight, `(?m)^edge/b\s+\S+\s+K✓\s+\.\s*$`},
		{"right killer, wrong evidence", "edge/b", killmatrix.EvidenceState, report.FaredKillerRight, `(?m)^edge/b\s+\S+\s+K~\s+\.\s*$`},
		{"killer that passed", "happy/a", killmatrix.EvidenceReturn, report.FaredWrong, `(?m)^happy/a\s+\S+\s+\.✗\s+\.\s*$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := report.New(matrix(), catalogue(), predicting("1_one", tt.killer, tt.evidence), nil)
			if diff := cmp.Diff(tt.fared, r.Verdicts[0].Fared()); diff != "" {
				t.Errorf("Fared (-want +got):\n%s", diff)
			}
			for _, lang := range i18n.Langs {
				r.Localize(lang)
				var b bytes.Buffer
				if err := r.Text(&b); err != nil {
					t.Fatal(err)
				}
				if !regexp.MustCompile(tt.row).MatchString(b.String()) {
					t.Errorf("%s report lacks a row matching %s:\n%s", lang, tt.row, b.String())
				}
				if !strings.Contains(b.String(), "✓/~/✗ ") {
					t.Errorf("%s legend does not name ✓/~/✗:\n%s", lang, b.String())
				}
			}
		})
	}
	if got := (report.Verdict{}).Fared(); got != "" {
		t.Errorf("an unjudged verdict fared %q, want \"\"", got)
	}
}

package report_test

import (
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/report"
)

// TestNothingPredictedNamesTheStudentsWorksheetFirst: the skip of
// TestPredictions points the student at the worksheet in their language
// first.
func TestNothingPredictedNamesTheStudentsWorksheetFirst(t *testing.T) {
	tests := []struct {
		lang  i18n.Lang
		first string
	}{
		{i18n.English, "fill a prediction block in labs/lease/worksheet.md (or labs/lease/worksheet.zh-CN.md)"},
		{i18n.Chinese, "请在 labs/lease/worksheet.zh-CN.md（或 labs/lease/worksheet.md）"},
	}
	for _, tt := range tests {
		r := report.New(matrix(), catalogue(), nil, nil)
		r.Worksheets = []string{"labs/lease/worksheet.md", "labs/lease/worksheet.zh-CN.md"}
		r.QuickLoop = "go test ./labs/lease/mutants"
		r.Localize(tt.lang)
		if got := r.NothingPredicted(); !strings.Contains(got, tt.first) {
			t.Errorf("%s: %q does not say %q", tt.lang, got, tt.first)
		}
	}
}

package htmlreport_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/htmlreport"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// TestPredictedCellSaysHowThePredictionFared: a predicted killer's cell
// is marked by how the whole prediction fared, with a mark, a class and a
// title of its own for a right killer with the wrong evidence; the legend
// explains all three marks, in each language.
func TestPredictedCellSaysHowThePredictionFared(t *testing.T) {
	tests := []struct {
		name     string
		killer   string
		evidence killmatrix.Evidence
		fared    string
		mark     string
		title    map[i18n.Lang]string
	}{
		{"right", "edge/b", killmatrix.EvidenceReturn, htmlreport.PredictedRight, "K✓",
			map[i18n.Lang]string{i18n.English: "the whole prediction right", i18n.Chinese: "整条预测正确"}},
		{"right killer, wrong evidence", "edge/b", killmatrix.EvidenceState, htmlreport.PredictedKillerRight, "K~",
			map[i18n.Lang]string{i18n.English: "it killed the mutant, but the evidence", i18n.Chinese: "它确实杀死了变异体，但证据"}},
		{"killer that passed", "happy/a", killmatrix.EvidenceReturn, htmlreport.PredictedWrong, "·✗",
			map[i18n.Lang]string{i18n.English: "it did not kill the mutant", i18n.Chinese: "它没有杀死变异体"}},
	}
	for _, tt := range tests {
		for _, lang := range i18n.Langs {
			t.Run(tt.name+"/"+string(lang), func(t *testing.T) {
				sheet := &predict.Sheet{Predictions: []predict.Prediction{{Mutant: "1_one", Wrote: "1_one", Killer: tt.killer, Evidence: tt.evidence, Reason: "r", Pos: "w.md:3"}}, Unfilled: []string{}}
				r := report.New(matrix(), catalogue(), sheet, nil)
				r.Localize(lang)
				doc := render(t, r)
				got, _ := cells(doc)
				c := got[pair{tt.killer, "1_one"}][0]
				gotCell := []any{c["data-predicted"], strings.Contains(c["class"], "p-"+tt.fared), strings.Contains(c["title"], tt.title[lang])}
				if diff := cmp.Diff([]any{tt.fared, true, true}, gotCell); diff != "" {
					t.Errorf("cell: data-predicted, has class p-%s, title says %q (-want +got):\n%s\ntitle: %s", tt.fared, tt.title[lang], diff, c["title"])
				}
				if !strings.Contains(doc, ">"+tt.mark+"</td>") {
					t.Errorf("no cell marked %s", tt.mark)
				}
				legend := section(t, doc, `<div class="legend">`, "div")
				for _, want := range []string{"K✓", "K~", "·✗", tt.title[lang]} {
					if !strings.Contains(legend, want) {
						t.Errorf("legend lacks %q:\n%s", want, legend)
					}
				}
			})
		}
	}
}

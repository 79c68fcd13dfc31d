package report_test

import (
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
)

// TestScoreLineLeavesOutAfterReveal: a right prediction recorded after its
// answer was shown scores nothing, so the score line does not count it
// among the right ones, and says so, in English and Chinese; recorded
// before (or with no history), it counts.
func TestScoreLineLeavesOutAfterReveal(t *testing.T) {
	for _, c := range []struct {
		recorded, en, zh string
	}{
		{"before", "predictions: 1/", "预测：1/"},
		{"", "predictions: 1/", "预测：1/"},
		{"after", "predictions: 0/2 right (1 recorded); own observations kill 0/2 mutants (0 written, 0 count); 1 more right, recorded after its answer was shown: it scores nothing",
			"预测：0/2 正确（已记录 1 个）；你自己的观测杀死了 0/2 个变异体（共编写 0 个，其中 0 个计入）；另有 1 个正确，但记录于答案显示之后：不得分"},
	} {
		r := report.New(matrix(), catalogue(), predicting("1_one", "edge/b", killmatrix.EvidenceReturn), nil)
		if len(r.Verdicts) != 1 || !r.Verdicts[0].Right {
			t.Fatalf("verdicts %+v, want one right", r.Verdicts)
		}
		r.Verdicts[0].Recorded = c.recorded
		for lang, want := range map[i18n.Lang]string{i18n.English: c.en, i18n.Chinese: c.zh} {
			r.Localize(lang)
			if got := r.ScoreLine(); !strings.HasPrefix(got, want) {
				t.Errorf("recorded %q, %s: score line %q, want it to start %q", c.recorded, lang, got, want)
			}
		}
	}
}

// TestRevealSaysAnswersAreShown: in the -reveal view (and the
// instructor's) every answer is shown, so the note on the mutants not
// predicted yet says a prediction now comes after its answer, not that a
// prediction reveals it; the student's view keeps the latter.
func TestRevealSaysAnswersAreShown(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	full := report.New(matrix(), catalogue(), predicting("1_one", "edge/b", killmatrix.EvidenceReturn), nil)
	for view, want := range map[report.View]string{
		report.Student: "a prediction reveals how its mutant dies",
		report.Reveal:  "their answers are shown in this report",
	} {
		for lang, w := range map[i18n.Lang]string{i18n.English: want, i18n.Chinese: map[report.View]string{report.Student: "做出预测之后，才会显示", report.Reveal: "它们的答案已在本报告中显示"}[view]} {
			r := full.For(view)
			r.Localize(lang)
			var b strings.Builder
			if err := r.Text(&b); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s view, %s: the text lacks %q:\n%s", view, lang, w, b.String())
			}
		}
	}
}

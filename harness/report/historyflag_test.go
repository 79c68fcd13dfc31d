package report_test

import (
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/report"
)

// TestHistoryFlagsAreWorded: the flags grading raises about a student's
// prediction history reach a Chinese student's feedback in Chinese.
func TestHistoryFlagsAreWorded(t *testing.T) {
	for _, c := range []struct{ flag, want string }{
		{"history: none handed in, so whether the predictions of 1_init, 7_counts came before their answers were shown is not known",
			"预测历史：没有交上来，所以无法知道 1_init, 7_counts 的预测是否在答案揭晓之前写下"},
		{"history: it does not record them, so whether the predictions of 4_fetch came before their answers were shown is not known",
			"预测历史：其中没有记录这些预测，所以无法知道 4_fetch 的预测是否在答案揭晓之前写下"},
	} {
		if got := report.Flag(i18n.Chinese, c.flag); got != c.want {
			t.Errorf("Flag(zh-CN, %q) = %q, want %q", c.flag, got, c.want)
		}
		if got := report.Flag(i18n.English, c.flag); got != c.flag {
			t.Errorf("Flag(en, %q) = %q, want it unchanged", c.flag, got)
		}
	}
}

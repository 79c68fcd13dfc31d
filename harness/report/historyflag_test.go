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
		{"history: none handed in: the predictions of 1_init, 7_counts count as after their answers",
			"预测历史：没有交上来，1_init, 7_counts 的预测按答案揭晓之后计"},
		{"history: tampered (worksheet.history.json:4: 7_counts_hides_pending: its answer revealed 2099-01-01T00:00:00Z, after the grading (2026-12-03T19:20:34Z)): the predictions of 7_counts count as after their answers",
			"预测历史被篡改（worksheet.history.json:4: 7_counts_hides_pending: its answer revealed 2099-01-01T00:00:00Z, after the grading (2026-12-03T19:20:34Z)）：7_counts 的预测按答案揭晓之后计"},
		{"history: unreadable (worksheet.history.json:2: unexpected end of file): the predictions of 4_fetch count as after their answers",
			"预测历史无法读取（worksheet.history.json:2: unexpected end of file）：4_fetch 的预测按答案揭晓之后计"},
		{"history: worksheet.md:1: 7_counts's prediction is not in worksheet.history.json, which shows its answer at 2026-12-01T10:00:00Z by prediction: counts as after it",
			"预测历史：worksheet.md:1：worksheet.history.json 中没有 7_counts 的这个预测，而它记录该答案已于 2026-12-01T10:00:00Z 由 prediction 揭晓：按揭晓之后计"},
		{"history: worksheet.zh-CN.md:3: 4_fetch's prediction is not in worksheet.history.json: counts as after it",
			"预测历史：worksheet.zh-CN.md:3：worksheet.history.json 中没有 4_fetch 的这个预测：按揭晓之后计"},
		{"history: worksheet.history.json:4: 1_init, 7_counts: answers shown by the instructor's view (instructor), not the student's (a history from the course's template?): counted as after",
			"预测历史：worksheet.history.json:4：1_init, 7_counts：答案由教师视图（instructor）而不是学生揭晓（这份历史记录是随课程模板来的吗？）：按揭晓之后计"},
		{"history: worksheet.history.json:4: 7_counts: answers shown by reveal before the first prediction the history records (2026-12-02T09:00:00Z): counted as after",
			"预测历史：worksheet.history.json:4：7_counts：答案由 reveal 揭晓，早于历史记录中的第一个预测（2026-12-02T09:00:00Z）：按揭晓之后计"},
	} {
		if got := report.Flag(i18n.Chinese, c.flag); got != c.want {
			t.Errorf("Flag(zh-CN, %q) = %q, want %q", c.flag, got, c.want)
		}
		if got := report.Flag(i18n.English, c.flag); got != c.flag {
			t.Errorf("Flag(en, %q) = %q, want it unchanged", c.flag, got)
		}
	}
}

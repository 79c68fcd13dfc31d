package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/textwidth"
)

// TestLessonLabelsAlign: a lesson's labels (预测：, 参考实现：, ...) are
// padded to the same display width in both languages, so the values after
// them start in one column on a terminal, where a Chinese character takes
// two; padded by runes, the Chinese ones were 1 to 3 columns off.
func TestLessonLabelsAlign(t *testing.T) {
	ids := []string{"lesson.label.predicted", "lesson.label.actual", "lesson.label.wrong", "lesson.label.hint", "lesson.label.reference", "lesson.label.mutant"}
	for _, l := range []i18n.Lang{i18n.English, i18n.Chinese} {
		got, want := map[string]int{}, map[string]int{}
		for _, id := range ids {
			got[l.T(id, nil)], want[l.T(id, nil)] = textwidth.Width(label(l, id)), 10
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: display width of each padded label (-want +got):\n%s", l, diff)
		}
	}
}

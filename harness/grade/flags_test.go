package grade_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/testfs"
)

// TestFlagsNameTheirFile: a worksheet that is empty, or whose blocks are
// all unfilled, is flagged as a missing one is; a file whose name is too
// long is flagged with its name shortened, the reason kept whole.
func TestFlagsNameTheirFile(t *testing.T) {
	class := t.TempDir()
	long := strings.Repeat("x", 200)
	testfs.Write(t, class, map[string]string{
		"empty/worksheet.md":                  "",
		"unfilled/worksheet.md":               "# Worksheet\n\n```prediction\nmutant: 7_counts\n```\n",
		"none/student/counts.txtar":           countsOnePending,
		"longname/worksheet.md":               prediction("7_counts_hides_pending", "edge/counts_sees_pending", "state"),
		"longname/student/" + long + ".txtar": countsOnePending,
	})
	c := gradeClass(t, class, options(t))
	got := map[string][]string{}
	for _, r := range c.Rows {
		got[r.Student] = r.Flags
	}
	want := map[string][]string{
		"empty":    {"no predictions: worksheet.md holds no filled prediction block to grade"},
		"unfilled": {"no predictions: worksheet.md holds no filled prediction block to grade"},
		"none":     {"no worksheet: no predictions to grade"},
		"longname": {
			"student/" + long[:45] + "…" + long[:20] + ".txtar: a name of more than 64 characters; not read",
			"history: none handed in: the predictions of 7_counts count as after their answers",
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
}

package report_test

import (
	"os"
	"path/filepath"
	"testing"

	"idemlab/harness/report"
)

// TestInputsLeavesCallerSliceAlone: Inputs appends its own paths without
// writing into spare capacity of the caller's slice.
func TestInputsLeavesCallerSliceAlone(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"mutants", "reference", "harness"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	all := []string{"worksheet.md", "keep-me-1", "keep-me-2"}
	if _, err := report.Inputs(root, testLayout, all[:1]); err != nil {
		t.Fatal(err)
	}
	if all[1] != "keep-me-1" || all[2] != "keep-me-2" {
		t.Errorf("caller's slice became %q", all)
	}
}

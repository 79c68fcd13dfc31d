package grade_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
	"idemlab/harness/internal/testfs"
)

// TestNameCollisions: names equal once case is folded or Unicode is
// normalised are each flagged, and each gets an output name of its own,
// distinct however the file system compares names.
func TestNameCollisions(t *testing.T) {
	class := t.TempDir()
	nfc, nfd := "Jos\u00e9", "Jose\u0301"
	testfs.Write(t, class, map[string]string{
		"Alice/worksheet.md":  "# a\n",
		"alice/worksheet.md":  "# a\n",
		nfc + "/worksheet.md": "# j\n",
		nfd + "/worksheet.md": "# j\n",
		"bob/worksheet.md":    "# b\n",
	})
	entries, err := grade.ReadClass(class, nil)
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{}
	flags := map[string]string{}
	for _, e := range entries {
		outputs[e.Student] = e.Output
		flags[e.Student] = strings.Join(e.Flags, " | ")
	}
	want := map[string]string{"Alice": "Alice~1", "alice": "alice~2", nfd: nfd + "~1", nfc: nfc + "~2", "bob": "bob"}
	if diff := cmp.Diff(want, outputs); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	for student, flag := range map[string]string{
		"Alice": `the name "Alice" is the same as "alice" once case is folded and Unicode normalised (NFC); its files are written as Alice~1`,
		nfd:     `the name "Jose\u0301" is the same as "Jos\u00e9" once case is folded`,
		nfc:     `the name "Jos\u00e9" is the same as "Jose\u0301" once case is folded`,
		"bob":   "",
	} {
		if got := flags[student]; flag == "" && got != "" || !strings.HasPrefix(got, flag) {
			t.Errorf("%+q flagged %q, want %q", student, got, flag)
		}
	}
	seen := map[string]bool{}
	for _, out := range outputs {
		k := strings.ToLower(out)
		if seen[k] {
			t.Errorf("two outputs are %q once case is folded", k)
		}
		seen[k] = true
	}
}

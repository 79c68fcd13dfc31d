package grade_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
)

// TestCSVCellsAreNotFormulas: class folders a student named as
// spreadsheet formulas are listed by ReadClass (not graded, flagged),
// and -format csv writes their names, and the flags that begin with
// them, as text: a single quote before each, as OWASP's CSV injection
// guidance says; a total stays a number, negative or not.
func TestCSVCellsAreNotFormulas(t *testing.T) {
	class := t.TempDir()
	names := []string{`=HYPERLINK("evil.example","x")`, "+1+1", "-2+3", "@SUM(A1)"}
	for _, name := range names {
		if err := os.Mkdir(filepath.Join(class, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := grade.ReadClass(class, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &grade.Class{Rubric: grade.DefaultRubric}
	for i, e := range entries {
		c.Rows = append(c.Rows, grade.Row{Student: e.Student, Flags: e.Flags, Total: float64(-i)})
	}
	var b bytes.Buffer
	if err := c.CSV(&b); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	for _, r := range recs[1:] {
		got = append(got, []string{r[0], r[len(r)-2][:2], r[len(r)-1]})
	}
	want := [][]string{ // name, the flag's start, total
		{"'+1+1", "'+", "0"},
		{"'-2+3", "'-", "-1"},
		{`'=HYPERLINK("evil.example","x")`, "'=", "-2"},
		{"'@SUM(A1)", "'@", "-3"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CSV cells (-want +got):\n%s", diff)
	}
}

package csvsafe_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/csvsafe"
)

// TestCell: every character OWASP's guidance names is neutralised with a
// single quote at a cell's start and after a ';'; numbers and plain text
// are left alone.
func TestCell(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"},
		{"+1+1", "'+1+1"},
		{"-1+1", "'-1+1"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"\n=1", "'\n=1"},
		{"alice", "alice"},
		{"王伟", "王伟"},
		{"", ""},
		{"-1", "-1"},
		{"2.5", "2.5"},
		{"-0.5", "-0.5"},
		{"1e5", "1e5"},
		{"x;=1", "x;'=1"},
		{"x;\"+1", "x;'\"+1"},
		{"x; =1", "x; =1"},
		{"a; not read", "a; not read"},
		{"'=1", "'=1"},
	} {
		if got := csvsafe.Cell(tc.in); got != tc.want {
			t.Errorf("Cell(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriterReadsBack: what the writer writes, encoding/csv reads back
// as the same cells, made safe.
func TestWriterReadsBack(t *testing.T) {
	records := [][]string{
		{"student", "flags", "total"},
		{"=HYPERLINK(\"http://evil\")", "=HYPERLINK(\"http://evil\") is a file, not a submission folder; not graded", "0"},
		{"+1+1", "a, b", "-1"},
		{"line\nbreak", "quote \"q\"", "2.5"},
	}
	var b bytes.Buffer
	w := csvsafe.NewWriter(&b)
	for _, r := range records {
		w.Write(r)
	}
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"student", "flags", "total"},
		{"'=HYPERLINK(\"http://evil\")", "'=HYPERLINK(\"http://evil\") is a file, not a submission folder; not graded", "0"},
		{"'+1+1", "a, b", "-1"},
		{"line\nbreak", "quote \"q\"", "2.5"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
}

// FuzzWriter: whatever the cells, the file reads back with encoding/csv
// as one record of as many cells, each the cell made safe by Cell; no cell
// a comma reader sees, and nothing after a ';' a semicolon locale splits
// at, begins a formula.
func FuzzWriter(f *testing.F) {
	for _, s := range []string{"=1+1", "+1", "-1", "@x", "\t=1", "\r=1", "a;=1", "a,\"=1", "ok", "", "-2.5", "x;\"\"@1"} {
		f.Add(s, s+"tail")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		var out bytes.Buffer
		w := csvsafe.NewWriter(&out)
		w.Write([]string{a, b, "2"})
		if err := w.Error(); err != nil {
			t.Fatal(err)
		}
		line := out.String()
		got, err := csv.NewReader(strings.NewReader(line)).ReadAll()
		if err != nil {
			t.Fatalf("%q does not read back: %v", line, err)
		}
		// encoding/csv reads a quoted "\r\n" as "\n", as RFC 4180 allows.
		crlf := strings.NewReplacer("\r\n", "\n")
		if diff := cmp.Diff([][]string{{crlf.Replace(csvsafe.Cell(a)), crlf.Replace(csvsafe.Cell(b)), "2"}}, got); diff != "" {
			t.Fatalf("%q read back (-want +got):\n%s", line, diff)
		}
		for i, cell := range got[0] {
			if cell != crlf.Replace([]string{a, b, "2"}[i]) && !strings.HasPrefix(cell, "'") && !strings.Contains(cell, ";'") {
				t.Errorf("cell %d %q changed without a quote: %q", i, []string{a, b}[i], cell)
			}
			if formula(cell) && csvsafe.Cell(cell) != cell {
				t.Errorf("cell %d %q begins a formula", i, cell)
			}
		}
		for _, piece := range strings.Split(line, ";")[1:] {
			if formula(strings.TrimLeft(piece, `"`)) {
				t.Errorf("%q: a semicolon locale sees a cell %q that begins a formula", line, piece)
			}
		}
	})
}

func formula(s string) bool { return s != "" && strings.ContainsRune("=+-@\t\r\n", rune(s[0])) }

package labtest

import (
	"slices"
	"strings"
	"testing"

	"idemlab/harness/lab"
)

// Checks runs the checks of a lab's own soundness that need nothing but
// the lab, each a subtest named for it: its clause table (Clauses), its
// generated copies (CopiesAreFresh), its value against its files (Sound),
// its observations on each wheat (Wheats),
// its hand-written mutants' reasons (HandWritten) and, for a lab with a
// Chinese worksheet, its Chinese usage (Chinese) and its Chinese guide to
// its observations (ChineseGuide). A lab's test calls it in one line;
// go test -run 'TestChecks/Sound' runs one.
func Checks(t *testing.T, l *lab.Lab) {
	t.Helper()
	for _, c := range []struct {
		name  string
		check func(*testing.T, *lab.Lab)
	}{
		{"Clauses", Clauses}, {"CopiesAreFresh", CopiesAreFresh}, {"Sound", Sound}, {"Wheats", Wheats},
		{"HandWritten", HandWritten}, {"Chinese", Chinese}, {"ChineseGuide", ChineseGuide},
	} {
		if (c.name == "Chinese" || c.name == "ChineseGuide") && !hasChinese(l) {
			continue // a lab in English alone needs no Chinese
		}
		t.Run(c.name, func(t *testing.T) { c.check(t, l) })
	}
}

// hasChinese reports whether one of l's worksheets is Chinese.
func hasChinese(l *lab.Lab) bool {
	return slices.ContainsFunc(l.Layout.Worksheets, func(w string) bool { return strings.HasSuffix(w, ".zh-CN.md") })
}

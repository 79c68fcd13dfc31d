package gendocs

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/exitcode"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
)

// TestExitStatuses: the command line's statuses; -h writes nothing.
func TestExitStatuses(t *testing.T) {
	run := func(args []string, stdout, stderr io.Writer) int {
		return Main(lab.Only(counter.Lab()), args, stdout, stderr)
	}
	clitest.Check(t, run, append(clitest.Flags("gendocs"),
		clitest.Case{Args: []string{"README.md"}, Status: exitcode.Usage, Stderr: "usage: gendocs"},
	)...)
}

// TestEveryCommandHasUsage: every command in harness/cmd has its -h output
// in its manual or the README, by an entry of Usages.
func TestEveryCommandHasUsage(t *testing.T) {
	shown := map[string]bool{}
	for _, u := range Usages {
		shown[u.Main] = true
	}
	entries, err := os.ReadDir("../../cmd")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "internal" && !shown["harness/cmd/"+e.Name()] {
			t.Errorf("harness/cmd/%s is not in Usages: no manual shows its -h output", e.Name())
		}
	}
}

// TestOptionalWorksheetMayBeAbsent: a lab without worksheet.zh-CN.md
// (optional) gets its English worksheet's fields region and no region in
// the absent file, so go generate ./... does not fail on it.
func TestOptionalWorksheetMayBeAbsent(t *testing.T) {
	c := *counter.Lab()
	l := &c
	l.Layout.Worksheets = []string{"labs/c/worksheet.md", "labs/c/worksheet.zh-CN.md"}
	root := t.TempDir()
	en := filepath.Join(root, filepath.FromSlash(l.Layout.Worksheets[0]))
	if err := os.MkdirAll(filepath.Dir(en), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(en, []byte("<!-- begin fields -->\n<!-- end fields -->\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := TableRegions(lab.Only(l), root)
	if err != nil {
		t.Fatal(err)
	}
	var sawEnglish bool
	for _, r := range rs {
		if r.File == l.Layout.Worksheets[1] {
			t.Errorf("a region in the absent %s", r.File)
		}
		sawEnglish = sawEnglish || r.File == l.Layout.Worksheets[0]
	}
	if !sawEnglish {
		t.Errorf("no region in %s", l.Layout.Worksheets[0])
	}
}

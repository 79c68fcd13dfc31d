package idemlab

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"idemlab/harness/coverage"
	"idemlab/harness/exitcode"
)

// TestCoverageCommand: idemlab coverage prints each lab's table, as text
// and as JSON, and exits 2 while a cell is a hole; every parameter
// category and state the lab declares is a cell, and the lab's own
// observations cover some of each subcommand's.
func TestCoverageCommand(t *testing.T) {
	for _, name := range []string{"idemstore", "lease"} {
		t.Run(name, func(t *testing.T) {
			var out, stderr bytes.Buffer
			status := Main(labs, []string{"coverage", "-lab", name, "-json"}, &out, &stderr)
			var tab coverage.Table
			if err := json.Unmarshal(out.Bytes(), &tab); err != nil {
				t.Fatalf("idemlab coverage -json: %v\n%s%s", err, out.String(), stderr.String())
			}
			covered, open, holes := tab.Counts()
			want := map[bool]int{true: exitcode.Survived, false: exitcode.OK}[holes > 0]
			if status != want {
				t.Errorf("exit %d with %d holes, want %d: %s", status, holes, want, stderr.String())
			}
			if tab.Lab != name || covered == 0 || covered+open+holes != len(tab.Cells) {
				t.Errorf("table of %s: %d cells, %d covered, %d open, %d holes", tab.Lab, len(tab.Cells), covered, open, holes)
			}
			states := 0
			for _, c := range tab.Cells {
				if c.Subcommand == "" {
					states++
				}
			}
			if states == 0 {
				t.Errorf("no state cells in %s's table", name)
			}
			out.Reset()
			Main(labs, []string{"coverage", "-lab", name}, &out, &stderr)
			if !strings.HasPrefix(out.String(), "coverage of lab "+name+": ") {
				t.Errorf("text table starts %q", strings.SplitN(out.String(), "\n", 2)[0])
			}
		})
	}
	var out, stderr bytes.Buffer
	if status := run([]string{"coverage", "extra"}, &out, &stderr); status != exitcode.Usage || !strings.Contains(stderr.String(), `unexpected argument "extra"`) {
		t.Errorf("idemlab coverage extra: exit %d, %q; want a usage error", status, stderr.String())
	}
}

package main

import (
	"io"
	"strings"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/gendocs"
	"idemlab/harness/internal/docgen"
)

// TestFresh fails when a region generated from a table in code (a
// worksheet's field reference, the README's budgets, exit statuses and
// the default lab's command table, each lab command's command list) has
// drifted from it, for the built-in labs. Each command's usage region is
// checked by its binary's own test.
func TestFresh(t *testing.T) {
	rs, err := gendocs.TableRegions(builtin.Labs, "../../..")
	if err != nil {
		t.Fatal(err)
	}
	stale, err := docgen.Stale("../../..", rs)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("stale: run go generate ./...\n  %s", strings.Join(stale, "\n  "))
	}
}

// TestUsageInDoc: gendocs's manual shows its -h output as it is.
func TestUsageInDoc(t *testing.T) {
	run := func(args []string, stdout, stderr io.Writer) int {
		return gendocs.Main(builtin.Labs, args, stdout, stderr)
	}
	clitest.UsageInDoc(t, "../../command/gendocs/doc.go", "gendocs", run)
}

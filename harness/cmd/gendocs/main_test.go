package main

import (
	"os"
	"strings"
	"testing"

	"idemlab/harness/cli/clitest"
	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/exitcode"
	"idemlab/harness/internal/docgen"
)

// TestFresh fails when a region generated from a table in code (a
// worksheet's field reference, the README's budgets, exit statuses and
// idem commands, idem's command list) has drifted from it. Each command's
// usage region is checked by the command's own tests.
func TestFresh(t *testing.T) {
	rs, err := tableRegions(builtin.Labs, "../../..")
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

// TestExitStatuses: the command line's statuses; -h writes nothing.
func TestExitStatuses(t *testing.T) {
	clitest.Check(t, run, append(clitest.Flags("gendocs"),
		clitest.Case{Args: []string{"README.md"}, Status: exitcode.Usage, Stderr: "usage: gendocs"},
	)...)
}

// TestUsageInREADME: the README shows gendocs's -h output as it is.
func TestUsageInREADME(t *testing.T) {
	clitest.UsageInREADME(t, "../../../README.md", "gendocs", run)
}

// TestEveryCommandHasUsage: every command in harness/cmd has its -h output
// in the README, by a region in Usages.
func TestEveryCommandHasUsage(t *testing.T) {
	shown := map[string]bool{}
	for _, u := range Usages {
		shown[u.Main] = true
	}
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "internal" && !shown["harness/cmd/"+e.Name()] {
			t.Errorf("harness/cmd/%s is not in Usages: the README does not show its -h output", e.Name())
		}
	}
}

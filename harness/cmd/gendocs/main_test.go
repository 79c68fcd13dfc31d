package main

import (
	"strings"
	"testing"

	"idemlab/harness/internal/docgen"
	"idemlab/mutants"
)

// TestFresh fails when a region generated from a table in code (a
// worksheet's field reference, the README's budgets, exit statuses and
// idem commands, idem's command list) has drifted from it. Each command's
// usage region is checked by the command's own tests.
func TestFresh(t *testing.T) {
	stale, err := docgen.Stale("../../..", tableRegions(mutants.Lab()))
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("stale: run go generate ./...\n  %s", strings.Join(stale, "\n  "))
	}
}

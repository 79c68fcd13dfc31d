package main

import (
	"bytes"
	"testing"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/labshell"
	"idemlab/harness/internal/docgen"
)

// TestUsageInREADME: the README shows idem's -h output, in English, as
// this binary prints it.
func TestUsageInREADME(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := labshell.Main(builtin.Labs, []string{"-lang", "en", "-h"}, &stdout, &stderr); status != 0 {
		t.Fatalf("-h: exit %d: %s", status, stderr.String())
	}
	if msg := docgen.CheckUsage("../../../README.md", "idem", stdout.String()); msg != "" {
		t.Error(msg)
	}
}

package main

import (
	"bytes"
	"testing"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/idemlab"
	"idemlab/harness/internal/docgen"
)

// TestUsageInREADME: the README shows idemlab's and idemlab mutate's -h
// output as this binary prints them.
func TestUsageInREADME(t *testing.T) {
	for name, args := range map[string][]string{"idemlab": {"-h"}, "mutate": {"mutate", "-h"}} {
		var stdout, stderr bytes.Buffer
		if status := idemlab.Main(builtin.Labs, args, &stdout, &stderr); status != 0 {
			t.Fatalf("%q: exit %d", args, status)
		}
		if msg := docgen.CheckUsage("../../../README.md", name, stdout.String()); msg != "" {
			t.Error(msg)
		}
	}
}

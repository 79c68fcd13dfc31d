package idemlab

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
)

// TestSubcommandAfterFlags: a subcommand is found after flags, as go -C
// DIR test finds test, the flags before it kept; a word that is a flag's
// value is never taken for it.
func TestSubcommandAfterFlags(t *testing.T) {
	type split struct {
		Sub  string
		Rest []string
	}
	for _, tc := range []struct {
		args []string
		want split
	}{
		{[]string{"mutate", "-lab", "lease"}, split{"mutate", []string{"-lab", "lease"}}},
		{[]string{"-lab", "lease", "mutate"}, split{"mutate", []string{"-lab", "lease"}}},
		{[]string{"-lab=lease", "-q", "mutate", "-list"}, split{"mutate", []string{"-lab=lease", "-q", "-list"}}},
		{[]string{"-C", "..", "-instructor", "search", "-mutant", "1_init"}, split{"search", []string{"-C", "..", "-instructor", "-mutant", "1_init"}}},
		{[]string{"-seed", "3", "search"}, split{"search", []string{"-seed", "3"}}},
		// A flag's value named mutate is a value, not the subcommand.
		{[]string{"-run", "mutate"}, split{"", []string{"-run", "mutate"}}},
		{[]string{"-q", "extra", "mutate"}, split{"", []string{"-q", "extra", "mutate"}}},
		{[]string{"--", "mutate"}, split{"", []string{"--", "mutate"}}},
		{[]string{"-instructor"}, split{"", []string{"-instructor"}}},
	} {
		sub, rest := splitSubcommand(labs, tc.args)
		if diff := cmp.Diff(tc.want, split{sub, rest}); diff != "" {
			t.Errorf("splitSubcommand(%q) (-want +got):\n%s", tc.args, diff)
		}
	}
}

// TestMutateAfterLab: idemlab -lab lease mutate -list is idemlab mutate
// -lab lease -list, where it answered unexpected argument "mutate".
func TestMutateAfterLab(t *testing.T) {
	var before, after, stderr bytes.Buffer
	if status := Main(labs, []string{"-lab", "lease", "mutate", "-list", "-json"}, &before, &stderr); status != exitcode.OK {
		t.Fatalf("-lab lease mutate: status %d: %s", status, stderr.String())
	}
	if status := Main(labs, []string{"mutate", "-lab", "lease", "-list", "-json"}, &after, &stderr); status != exitcode.OK {
		t.Fatalf("mutate -lab lease: status %d: %s", status, stderr.String())
	}
	if before.Len() == 0 || !bytes.Contains(before.Bytes(), []byte("store.go")) {
		t.Errorf("-lab lease mutate -list -json printed no mutant list:\n%s", before.String())
	}
	if diff := cmp.Diff(after.String(), before.String()); diff != "" {
		t.Errorf("the list (-mutate -lab lease +-lab lease mutate):\n%s", diff)
	}
}

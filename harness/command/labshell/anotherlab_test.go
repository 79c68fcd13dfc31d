package labshell

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/labrun/testdata/counter"
)

// TestAnotherLab runs the counter lab's own command, ctr, through Run,
// as a lab that no binary has built in would be run: its flags are passed
// on, -impl chooses a mutant by label, -list names them, and a malformed
// line is a usage error with ctr's usage, not an operation failure.
func TestAnotherLab(t *testing.T) {
	l := counter.Lab()
	file := filepath.Join(t.TempDir(), "n")
	for _, tc := range []struct {
		name           string
		args           []string
		status         int
		stdout, stderr string // exact, and a substring ("" for none)
	}{
		{"list", []string{"-list"}, 0, "reference\n1_limit\n2_result\n3_save\n", ""},
		{"inc", []string{"-f", file, "inc"}, 0, "1\n", ""},
		{"inc again, flag after -impl", []string{"-impl", "reference", "-f=" + file, "inc"}, 0, "2\n", ""},
		{"get", []string{"--f", file, "get"}, 0, "2\n", ""},
		{"a mutant by its label", []string{"-impl", "2_result", "-f", file, "inc"}, 0, "2\n", ""},
		{"reset", []string{"-f", file, "reset"}, 0, "", ""},
		{"get after reset", []string{"-f", file, "get"}, 0, "0\n", ""},
		{"unknown subcommand", []string{"-f", file, "dec"}, 2, "", "ctr: unknown command \"dec\"; did you mean \"inc\"?\nusage: ctr [-f FILE] COMMAND [ARGS]"},
		{"operation fails", []string{"-f", t.TempDir(), "get"}, 1, "", "ctr: "},
		{"an argument too many", []string{"-f", file, "inc", "x"}, 2, "", "ctr inc: unexpected argument \"x\"\nusage: ctr [-f FILE] inc\n"},
		{"an empty file", []string{"-f=", "get"}, 2, "", "ctr: flag -f: empty FILE\nusage: ctr [-f FILE] COMMAND [ARGS]"},
		{"unknown impl", []string{"-impl", "9_nope", "get"}, 2, "", `ctr: unknown implementation "9_nope"; ctr -list shows the names`},
		{"unknown flag", []string{"-db", "x", "get"}, 2, "", "ctr: unknown flag \"-db\"\nusage: ctr [-C DIR] [-lang LANG] [-heldout FILE] [-impl NAME] [-f FILE] COMMAND [ARGS]"},
		{"the lab by name", []string{"-lab", "counter", "-f", file, "get"}, 0, "0\n", ""},
		{"another lab", []string{"-lab", "idemstore", "get"}, 2, "", `no lab called "idemstore"; the labs are counter`},
		{"help", []string{"-h"}, 0, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := Run(l, tc.args, &stdout, &stderr)
			if status != tc.status {
				t.Errorf("exit status %d, want %d (stderr %q)", status, tc.status, stderr.String())
			}
			if tc.name == "help" {
				if !strings.HasPrefix(stdout.String(), "usage: ctr ") || !strings.Contains(stdout.String(), "  inc ") || strings.Contains(stdout.String(), "-lab") {
					t.Errorf("-h printed:\n%s\nwant ctr's usage with its subcommands, and no -lab for a lab alone", stdout.String())
				}
				return
			}
			if diff := cmp.Diff(tc.stdout, stdout.String()); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if tc.stderr == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr = %q, want %q", stderr.String(), tc.stderr)
			}
		})
	}
}

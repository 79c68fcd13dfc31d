package mutagen

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/search"
)

// TestMainModes runs the generated program's main function in this process,
// with the counter lab's mutants and a control, as the program built by
// Build runs it: each of its three modes, and its usage errors.
func TestMainModes(t *testing.T) {
	l := counter.Lab()
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	observations := filepath.Join(root, filepath.FromSlash(l.Layout.Observations))
	unreadable := t.TempDir() // its one observation is a folder
	if err := os.MkdirAll(filepath.Join(unreadable, "edge", "x.txtar"), 0o755); err != nil {
		t.Fatal(err)
	}
	mutants := append([]lab.Impl{{Name: controlName, Value: l.Reference.Value}}, l.Mutants...)
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		// check reads the standard output; wantStderr is a part of the
		// standard error.
		check      func(t *testing.T, stdout []byte)
		wantStderr string
	}{
		{name: "impl runs one command line", args: []string{"-impl", "2_inc_returns_old_value", "--", "inc"},
			check: equals("0\n")},
		{name: "impl reads what the line before saved", args: []string{"-impl", "1_inc_passes_max", "--", "get"},
			check: equals("1\n")},
		{name: "impl whose operation fails", args: []string{"-impl", "1_inc_passes_max", "--", "-f", "no/such/folder/c", "inc"},
			wantStatus: 1, check: equals(""), wantStderr: "ctr: "},
		{name: "impl of no such mutant", args: []string{"-impl", "9_nothing", "--", "inc"},
			wantStatus: 2, check: equals(""), wantStderr: `mutrun: no mutant "9_nothing"`},
		{name: "impl of the control", args: []string{"-impl", controlName, "--", "inc"},
			wantStatus: 2, check: equals(""), wantStderr: "mutrun: no mutant"},
		{name: "search finds each difference", args: []string{"-search", "2_inc_returns_old_value,3_inc_saves_old_value", "-programs", "200"},
			check: searched("2_inc_returns_old_value", "3_inc_saves_old_value")},
		{name: "search with too many seeds", args: []string{"-search", "2_inc_returns_old_value", "-seeds", "1,2"},
			wantStatus: 2, check: equals(""), wantStderr: "mutrun: -seeds: 2 values for 1 mutants"},
		{name: "search of no such mutant", args: []string{"-search", "9_nothing"},
			wantStatus: 2, check: equals(""), wantStderr: `mutrun: no mutant "9_nothing"`},
		{name: "matrix of every mutant", args: []string{"-dir", observations, "-kinds", "happy,edge", "-progress"},
			check: matrix(map[string]outcome.Mutant{controlName: outcome.Survived,
				"1_inc_passes_max": outcome.Killed, "2_inc_returns_old_value": outcome.Killed, "3_inc_saves_old_value": outcome.Killed}),
			wantStderr: progressDone + "3_inc_saves_old_value"},
		{name: "matrix of an unreadable observation", args: []string{"-dir", unreadable, "-kinds", "edge"},
			wantStatus: 2, check: equals(""), wantStderr: "is a folder"},
		{name: "unknown flag", args: []string{"-nosuch"}, wantStatus: 2, check: equals(""), wantStderr: "flag provided but not defined: -nosuch"},
	}
	t.Chdir(t.TempDir()) // -impl runs in the current folder
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := Main(l, mutants, tc.args, &stdout, &stderr); got != tc.wantStatus {
				t.Fatalf("Main(%q) = %d, want %d; stderr:\n%s", tc.args, got, tc.wantStatus, stderr.String())
			}
			tc.check(t, stdout.Bytes())
			if !strings.Contains(stderr.String(), tc.wantStderr) {
				t.Errorf("stderr = %q, want it to hold %q", stderr.String(), tc.wantStderr)
			}
		})
	}
}

func equals(want string) func(*testing.T, []byte) {
	return func(t *testing.T, got []byte) {
		t.Helper()
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("stdout (-want +got):\n%s", diff)
		}
	}
}

// searched checks that the output is a search result for each of names,
// in order, each of which found a difference.
func searched(names ...string) func(*testing.T, []byte) {
	return func(t *testing.T, out []byte) {
		t.Helper()
		var res []search.Result
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		var got []string
		for _, r := range res {
			if r.Found() {
				got = append(got, r.Other)
			}
		}
		if diff := cmp.Diff(names, got); diff != "" {
			t.Errorf("mutants a search told apart (-want +got):\n%s", diff)
		}
	}
}

// matrix checks the kill matrix's outcome of each mutant.
func matrix(want map[string]outcome.Mutant) func(*testing.T, []byte) {
	return func(t *testing.T, out []byte) {
		t.Helper()
		var m killmatrix.Matrix
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		got := map[string]outcome.Mutant{}
		for _, r := range m.Mutants {
			got[r.Name] = r.Outcome
			for _, c := range r.Cells {
				if c.Log != "" || c.Steps != nil {
					t.Errorf("%s: a cell keeps its transcript, which the program must not pass back", r.Name)
				}
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("outcomes (-want +got):\n%s", diff)
		}
	}
}

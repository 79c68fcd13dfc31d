package coverage_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/coverage"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/script"
)

// kv is a small lab: kv put KEY VALUE, kv get KEY, kv race 'LINE', with
// KEY's categories ordinary and empty and a state "a key put twice".
func kv() *lab.Lab {
	key := lab.Param{Name: "KEY", Domain: lab.Domain{Kind: lab.Text, Categories: []lab.Category{
		{Name: "ordinary", Match: func(v string) bool { return v != "" && strings.ToLower(v) == v }},
		{Name: "empty", Values: []string{""}},
	}}}
	value := lab.Param{Name: "VALUE", Domain: lab.Domain{Kind: lab.Text}}
	line := lab.Param{Name: "LINE", Domain: lab.Domain{Kind: lab.Line, Lines: []string{"put", "get"}}}
	twice := lab.State{Name: "a key put twice", Holds: func(lines []lab.ScriptLine) bool {
		seen := map[string]bool{}
		for _, l := range lines {
			if l.Sub == "put" && len(l.Args) > 0 {
				if seen[l.Args[0]] {
					return true
				}
				seen[l.Args[0]] = true
			}
		}
		return false
	}}
	return &lab.Lab{Name: "kv", Commands: []lab.Command{{Name: "kv",
		Subcommands: []lab.Subcommand{
			{Name: "put", Args: "KEY VALUE", Params: []lab.Param{key, value}},
			{Name: "get", Args: "KEY", Params: []lab.Param{key}},
			{Name: "race", Args: "LINE", Params: []lab.Param{line}},
		},
		States: []lab.State{twice},
	}}}
}

func obs(name, text string) killmatrix.Observation {
	return killmatrix.Observation{Name: name, Script: script.Parse([]byte(text))}
}

// TestBuild: a use is pinned when the next command checks output, or a
// later check follows a lab command that sees what it stored; a Line
// argument is read as a line of its own; a state is pinned by any check
// after it; open reasons fill only cells no observation covers, and a
// reason for a covered cell is stale.
func TestBuild(t *testing.T) {
	o := []killmatrix.Observation{
		obs("edge/get_checked", "kv put k v\nkv get k\nstdout v\n"),
		obs("edge/put_unchecked", "kv put '' v\n"),
		obs("edge/race_nested", "kv race 'put k v'\nstdout done\n"),
		obs("edge/put_twice", "kv put k v\nkv put k w\nkv get k\nstdout w\n"),
	}
	open := map[coverage.Key]string{
		{Subcommand: "get", Param: "KEY", Category: "empty"}:    "the contract is silent on an empty key",
		{Subcommand: "put", Param: "KEY", Category: "ordinary"}: "stale: covered",
	}
	got := coverage.Build(kv(), o, open)
	want := &coverage.Table{Lab: "kv", Cells: []coverage.Cell{
		{Command: "kv", Subcommand: "put", Param: "KEY", Category: "ordinary", Pinned: []string{"edge/get_checked", "edge/put_twice", "edge/race_nested"}},
		{Command: "kv", Subcommand: "put", Param: "KEY", Category: "empty", Unpinned: []string{"edge/put_unchecked"}},
		{Command: "kv", Subcommand: "get", Param: "KEY", Category: "ordinary", Pinned: []string{"edge/get_checked", "edge/put_twice"}},
		{Command: "kv", Subcommand: "get", Param: "KEY", Category: "empty", Open: "the contract is silent on an empty key"},
		{Command: "kv", Category: "a key put twice", Pinned: []string{"edge/put_twice"}},
	}, Stale: []coverage.Key{{Subcommand: "put", Param: "KEY", Category: "ordinary"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Build (-want +got):\n%s", diff)
	}
	if covered, open, holes := got.Counts(); covered != 3 || open != 1 || holes != 1 {
		t.Errorf("Counts: %d covered, %d open, %d holes; want 3, 1, 1", covered, open, holes)
	}
	var b strings.Builder
	if err := got.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"coverage of lab kv: 5 cells, 3 covered by an observation that pins its result, 1 open with a reason, 1 holes",
		"HOLE (used, but no check pins the result: edge/put_unchecked)",
		"open: the contract is silent on an empty key",
		"stale: put KEY [ordinary] is open",
	} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("text lacks %q:\n%s", w, b.String())
		}
	}
}

// TestReadOpen: the open-cell file's mistakes are named by file and line.
func TestReadOpen(t *testing.T) {
	cells := coverage.Build(kv(), nil, nil).Cells
	tests := []struct{ name, data, err string }{
		{"missing file", "", ""},
		{"good", `{"open": [{"subcommand": "get", "param": "KEY", "category": "empty", "reason": "silent"}]}`, ""},
		{"unknown cell", "{\"open\": [\n  {\"subcommand\": \"del\", \"param\": \"KEY\", \"category\": \"empty\", \"reason\": \"r\"}\n]}", "coverage.json:2: del KEY [empty]: no such cell"},
		{"no reason", "{\"open\": [\n\n  {\"category\": \"a key put twice\"}\n]}", "coverage.json:3: state [a key put twice]: no reason"},
		{"twice", "{\"open\": [\n  {\"category\": \"a key put twice\", \"reason\": \"r\"},\n  {\"category\": \"a key put twice\", \"reason\": \"r\"}\n]}", "coverage.json:3: state [a key put twice]: named twice"},
		{"unknown field", "{\"open\": [\n  {\"category\": \"a key put twice\", \"why\": \"r\"}\n]}", "coverage.json:2: unknown field \"why\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "coverage.json")
			if tt.data != "" {
				if err := os.WriteFile(file, []byte(tt.data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := coverage.ReadOpen(file, cells)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("error %v, want one with %q", err, tt.err)
			}
		})
	}
}

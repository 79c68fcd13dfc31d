package mutagen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
)

var knownMutants = []mutagen.Mutant{
	{ID: "store.go:10:go-drop-err-check", File: "store.go", Line: 10, Operator: "go-drop-err-check"},
	{ID: "store.go:20:sql-gt-to-ge", File: "store.go", Line: 20, Operator: "sql-gt-to-ge"},
	{ID: "store.go:40:go-drop-err-check", File: "store.go", Line: 40, Operator: "go-drop-err-check"},
}

func TestParseEquivalent(t *testing.T) {
	data := `{
  "version": 1,
  "ci_programs": 300,
  "equivalent": [
    {"id": "store.go:10:go-drop-err-check", "reason": "unreachable", "search": {"seed": 7, "programs": 10000}},
    {"id": "store.go:20:sql-gt-to-ge", "reason": "no key sorts below the cursor"}
  ]
}
`
	got, err := mutagen.ParseEquivalent("eq.json", []byte(data), knownMutants)
	if err != nil {
		t.Fatal(err)
	}
	want := &mutagen.Equivalents{Version: 1, CIPrograms: 300, Equivalent: []mutagen.Equivalent{
		{ID: "store.go:10:go-drop-err-check", Reason: "unreachable", Search: &mutagen.SearchRecord{Seed: 7, Programs: 10000}, Pos: "eq.json:5"},
		{ID: "store.go:20:sql-gt-to-ge", Reason: "no key sorts below the cursor", Pos: "eq.json:6"},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseEquivalent (-want +got):\n%s", diff)
	}
	// Format writes the file back as it was read.
	again, err := mutagen.ParseEquivalent("eq.json", got.Format(), knownMutants)
	if err != nil {
		t.Fatalf("%v\n%s", err, got.Format())
	}
	if diff := cmp.Diff(got, again); diff != "" {
		t.Errorf("read back from Format (-read +again):\n%s", diff)
	}
	if q, ok := got.Lookup("store.go:20:sql-gt-to-ge"); !ok || q.Pos != "eq.json:6" {
		t.Errorf("Lookup = %+v, %v", q, ok)
	}
	if _, ok := got.Lookup("store.go:11:go-negate-if"); ok {
		t.Error("Lookup found a mutant that is not listed")
	}
	empty, err := mutagen.ParseEquivalent("eq.json", []byte(`{"version": 1, "equivalent": []}`), nil)
	if err != nil || len(empty.Equivalent) != 0 {
		t.Errorf("empty list: %+v, %v", empty, err)
	}
}

func TestParseEquivalentErrors(t *testing.T) {
	tests := []struct {
		name string
		data string
		want []string // each a line of the error
	}{
		{
			name: "an array, as a course author first wrote it",
			data: "[]",
			want: []string{`eq.json:1: want an object, {"version": 1, "equivalent": []} to start (harness/schemas/equivalents.schema.json)`},
		},
		{
			name: "unknown mutant id, the nearest not yet listed suggested",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"id\": \"store.go:10:go-drop-err-check\", \"reason\": \"a\"},\n  {\"id\": \"store.go:11:go-drop-err-check\", \"reason\": \"moved\"}\n]}",
			want: []string{`eq.json:3: unknown mutant id "store.go:11:go-drop-err-check" (did the reference move? the nearest mutant of that operator is "store.go:40:go-drop-err-check"; idemlab mutate -list shows them all)`},
		},
		{
			name: "unknown mutant id, no operator like it",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"id\": \"store.go:11:sql-asc-to-desc\", \"reason\": \"moved\"}\n]}",
			want: []string{`eq.json:2: unknown mutant id "store.go:11:sql-asc-to-desc" (idemlab mutate -list shows them)`},
		},
		{
			name: "missing reason",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"id\": \"store.go:10:go-drop-err-check\"},\n  {\"id\": \"store.go:20:sql-gt-to-ge\", \"reason\": \"  \"}\n]}",
			want: []string{
				`eq.json:2: mutant "store.go:10:go-drop-err-check": missing reason: say why no observation can tell it from the reference`,
				`eq.json:3: mutant "store.go:20:sql-gt-to-ge": missing reason: say why no observation can tell it from the reference`,
			},
		},
		{
			name: "duplicate id",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"id\": \"store.go:10:go-drop-err-check\", \"reason\": \"a\"},\n\n  {\"id\": \"store.go:10:go-drop-err-check\", \"reason\": \"b\"}\n]}",
			want: []string{`eq.json:4: mutant "store.go:10:go-drop-err-check" listed twice (first at eq.json:2)`},
		},
		{
			name: "missing id",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"reason\": \"a\"}\n]}",
			want: []string{`eq.json:2: entry 1: missing id`},
		},
		{
			name: "unknown field in an entry",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"id\": \"store.go:10:go-drop-err-check\", \"why\": \"a\"}\n]}",
			want: []string{`eq.json:2: entry 1: json: unknown field "why"`},
		},
		{
			name: "a search of no programs",
			data: "{\"version\": 1, \"equivalent\": [\n  {\"id\": \"store.go:10:go-drop-err-check\", \"reason\": \"a\", \"search\": {\"seed\": 1, \"programs\": 0}}\n]}",
			want: []string{`eq.json:2: mutant "store.go:10:go-drop-err-check": search.programs 0: a recorded search ran 1 program or more`},
		},
		{
			name: "a negative CI budget",
			data: `{"version": 1, "ci_programs": -5, "equivalent": []}`,
			want: []string{`eq.json:1: ci_programs -5: want a number of programs, 1 or more`},
		},
		{
			name: "wrong version",
			data: `{"version": 2, "equivalent": []}`,
			want: []string{`eq.json:1: version 2, want 1`},
		},
		{
			name: "not JSON",
			data: "{\"version\": 1,\n \"equivalent\": [}\n",
			want: []string{`eq.json:2: invalid character '}' looking for beginning of value`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := mutagen.ParseEquivalent("eq.json", []byte(tt.data), knownMutants)
			if err == nil {
				t.Fatalf("ParseEquivalent = %+v, want an error", got)
			}
			if diff := cmp.Diff(tt.want, strings.Split(err.Error(), "\n")); diff != "" {
				t.Errorf("error lines (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEquivalentFileIsCurrent: the checked-in list names mutants the
// reference still has. A change to reference/store.go that moves lines
// fails here; update the ids in mutants/equivalent.json (idemlab mutate
// -list shows the new ones).
func TestEquivalentFileIsCurrent(t *testing.T) {
	src, cat := reference(t)
	ms, err := mutagen.GenerateAll(cat.Reference, src)
	if err != nil {
		t.Fatal(err)
	}
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(mutagen.EquivalentFile)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mutagen.ParseEquivalent(mutagen.EquivalentFile, data, ms); err != nil {
		t.Errorf("%v", err)
	}
}

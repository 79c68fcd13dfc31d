package mutation_test

import (
	"bytes"
	"encoding/json"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/mutation"
)

// catalogueFile and registryFile are where the tests' catalogue and its
// generated registry are, relative to the module root.
const (
	catalogueFile = "mutants/catalogue.json"
	registryFile  = "mutants/" + mutation.RegistryFile
)

// validCatalogue is a well-formed catalogue whose mutant objects start on
// lines 5 and 15.
const validCatalogue = `{
  "version": 1,
  "reference": "reference/store.go",
  "mutants": [
    {
      "name": "1_returns_two",
      "step": 1,
      "function": "F",
      "idea": "return value",
      "old": "return 1",
      "new": "return 2",
      "killer": "edge/f_returns_one",
      "hint": "Call F and look at what comes back."
    },
    {
      "name": "12_x_y",
      "step": 12,
      "function": "G",
      "idea": "second idea",
      "old": "func G()",
      "new": "func G( )",
      "killer": "happy/g_runs",
      "hint": "Call G."
    }
  ]
}
`

func TestParseValid(t *testing.T) {
	got, err := mutation.Parse("cat.json", []byte(validCatalogue))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	want := &mutation.Catalogue{
		Version:   mutation.Version,
		Reference: "reference/store.go",
		Mutants: []mutation.Mutant{
			{
				Name:     "1_returns_two",
				Step:     1,
				Function: "F",
				Idea:     mutation.Text{"en": "return value"},
				Old:      "return 1",
				New:      "return 2",
				Killer:   "edge/f_returns_one",
				Hint:     mutation.Text{"en": "Call F and look at what comes back."},
				Pos:      "cat.json:5",
			},
			{
				Name:     "12_x_y",
				Step:     12,
				Function: "G",
				Idea:     mutation.Text{"en": "second idea"},
				Old:      "func G()",
				New:      "func G( )",
				Killer:   "happy/g_runs",
				Hint:     mutation.Text{"en": "Call G."},
				Pos:      "cat.json:15",
			},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", diff)
	}

	m, ok := got.Lookup("12_x_y")
	if !ok || m.Pos != "cat.json:15" {
		t.Errorf(`Lookup("12_x_y") = %+v, %v; want the second mutant`, m, ok)
	}
	if _, ok := got.Lookup("3_absent"); ok {
		t.Error(`Lookup("3_absent") found a mutant`)
	}
}

// mutantObject renders a valid mutant as a one-line JSON object, after
// edit (if not nil) has changed its fields.
func mutantObject(t *testing.T, name string, step int, edit func(map[string]any)) string {
	t.Helper()
	f := map[string]any{
		"name":     name,
		"step":     step,
		"function": "Fetch",
		"idea":     "replay boundary",
		"old":      "AND expires > ?",
		"new":      "AND expires >= ?",
		"killer":   "edge/fetch_at_expiry_is_nil",
		"hint":     "Fetch at expiry.",
	}
	if edit != nil {
		edit(f)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// catalogueOf returns a catalogue holding objs, one per line: objs[i]
// starts on line 5+i.
func catalogueOf(objs ...string) string {
	return "{\n" +
		"  \"version\": 1,\n" +
		"  \"reference\": \"reference/store.go\",\n" +
		"  \"mutants\": [\n" +
		strings.Join(objs, ",\n") + "\n" +
		"  ]\n" +
		"}\n"
}

func without(keys ...string) func(map[string]any) {
	return func(f map[string]any) {
		for _, k := range keys {
			delete(f, k)
		}
	}
}

func set(key string, val any) func(map[string]any) {
	return func(f map[string]any) { f[key] = val }
}

func TestParseErrors(t *testing.T) {
	ok := func(name string, step int) string { return mutantObject(t, name, step, nil) }
	tests := []struct {
		name string
		data string
		line int
		want string // substring of the message after "cat.json:LINE: "
	}{
		{
			name: "syntax error",
			data: "{\n  \"version\": 1,\n  \"reference\": \"x\",\n  \"mutants\" [\n  ]\n}\n",
			line: 4,
			want: "invalid character '[' after object key",
		},
		{
			name: "syntax error in a mutant",
			data: catalogueOf(ok("1_a", 1), `{"name": "2_b",, "step": 2}`),
			line: 6,
			want: "invalid character ','",
		},
		{
			name: "empty file",
			data: "",
			line: 1,
			want: "unexpected end of file",
		},
		{
			name: "truncated",
			data: "{\n  \"version\": 1,\n",
			line: 3,
			want: "unexpected end of file",
		},
		{
			name: "wrong version",
			data: strings.Replace(catalogueOf(ok("1_a", 1)), `"version": 1`, `"version": 2`, 1),
			line: 1,
			want: "version 2, want 1",
		},
		{
			name: "missing version",
			data: strings.Replace(catalogueOf(ok("1_a", 1)), `"version": 1,`, ``, 1),
			line: 1,
			want: "version 0, want 1",
		},
		{
			name: "version of the wrong type",
			data: strings.Replace(catalogueOf(ok("1_a", 1)), `"version": 1`, `"version": "1"`, 1),
			line: 2,
			want: "version: want int, got JSON string",
		},
		{
			name: "missing reference",
			data: strings.Replace(catalogueOf(ok("1_a", 1)), `"reference": "reference/store.go",`, ``, 1),
			line: 1,
			want: `missing "reference"`,
		},
		{
			name: "empty mutants",
			data: catalogueOf(),
			line: 1,
			want: "no mutants declared",
		},
		{
			name: "no mutants key",
			data: "{\"version\": 1, \"reference\": \"x\"}\n",
			line: 1,
			want: "no mutants declared",
		},
		{
			name: "missing old",
			data: catalogueOf(mutantObject(t, "1_a", 1, without("old"))),
			line: 5,
			want: `mutant "1_a": missing old`,
		},
		{
			name: "missing several fields",
			data: catalogueOf(ok("1_a", 1), mutantObject(t, "2_b", 2, without("function", "old"))),
			line: 6,
			want: `mutant "2_b": missing function, old`,
		},
		{
			name: "blank field counts as missing",
			data: catalogueOf(mutantObject(t, "1_a", 1, set("function", "  "))),
			line: 5,
			want: `missing function`,
		},
		{
			name: "name with capitals and a hyphen",
			data: catalogueOf(ok("1_a", 1), mutantObject(t, "2_Fetch-Replays", 2, nil)),
			line: 6,
			want: `mutant name "2_Fetch-Replays"`,
		},
		{
			name: "name without step number",
			data: catalogueOf(mutantObject(t, "fetch_replays", 1, nil)),
			line: 5,
			want: `mutant name "fetch_replays"`,
		},
		{
			name: "name with only digits after the step",
			data: catalogueOf(mutantObject(t, "1_2", 1, nil)),
			line: 5,
			want: `mutant name "1_2"`,
		},
		{
			name: "step not matching the name",
			data: catalogueOf(ok("1_a", 1), mutantObject(t, "3_b", 4, nil)),
			line: 6,
			want: `mutant "3_b": name must start with its step number 4`,
		},
		{
			name: "step is a prefix of the name's number",
			data: catalogueOf(mutantObject(t, "12_b", 1, nil)),
			line: 5,
			want: `name must start with its step number 1`,
		},
		{
			name: "step zero",
			data: catalogueOf(mutantObject(t, "0_b", 0, nil)),
			line: 5,
			want: `mutant "0_b": step 0, want a worksheet step of 1 or more`,
		},
		{
			name: "duplicate name",
			data: catalogueOf(ok("1_a", 1), ok("2_b", 2), ok("1_a", 1)),
			line: 7,
			want: `mutant "1_a" declared twice (first at cat.json:5)`,
		},
		{
			name: "unknown mutant field",
			data: catalogueOf(ok("1_a", 1), mutantObject(t, "2_b", 2, func(f map[string]any) {
				f["hnit"] = f["hint"]
			})),
			line: 6,
			want: `json: unknown field "hnit"`,
		},
		{
			name: "step of the wrong type",
			data: catalogueOf(ok("1_a", 1), mutantObject(t, "2_b", 2, set("step", "2"))),
			line: 6,
			want: "mutant 2: json: cannot unmarshal string into Go struct field Mutant.step of type int",
		},
		{
			name: "mutant that is not an object",
			data: catalogueOf(ok("1_a", 1), `"2_b"`),
			line: 6,
			want: "mutant 2: json: cannot unmarshal string",
		},
		{
			name: "old equals new",
			data: catalogueOf(mutantObject(t, "1_a", 1, set("new", "AND expires > ?"))),
			line: 5,
			want: `mutant "1_a": old and new are the same text`,
		},
		{
			name: "killer without kind",
			data: catalogueOf(mutantObject(t, "1_a", 1, set("killer", "fetch_at_expiry_is_nil"))),
			line: 5,
			want: `mutant "1_a": killer "fetch_at_expiry_is_nil", want kind/name`,
		},
		{
			name: "hint on two lines",
			data: catalogueOf(mutantObject(t, "1_a", 1, set("hint", "one\ntwo"))),
			line: 5,
			want: `mutant "1_a": hint must be one line`,
		},
		{
			name: "trailing object",
			data: catalogueOf(ok("1_a", 1)) + "\n{}\n",
			line: 9,
			want: "unexpected data after the catalogue object",
		},
		{
			name: "newline inside a string is reported on its own line",
			data: "{\n  \"version\": 1,\n  \"reference\": \"x\n\"\n}\n",
			line: 3,
			want: "invalid character",
		},
		{
			name: "unknown top-level field is reported on its line",
			data: strings.Replace(catalogueOf(ok("1_a", 1)), `"reference":`, `"refrence": "x", "reference":`, 1),
			line: 3,
			want: `unknown field "refrence"`,
		},
		{
			name: "two mutants with one package name",
			data: catalogueOf(ok("1_fetch_x", 1), ok("1_fetchx", 1)),
			line: 6,
			want: `package name "m1fetchx" is also 1_fetch_x's`,
		},
		{
			name: "trailing garbage",
			data: catalogueOf(ok("1_a", 1)) + "x\n",
			line: 8,
			want: "unexpected data after the catalogue object",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := mutation.Parse("cat.json", []byte(tt.data))
			if err == nil {
				t.Fatalf("Parse succeeded (%d mutants); want an error at line %d\n%s", len(c.Mutants), tt.line, tt.data)
			}
			if c != nil {
				t.Errorf("Parse returned a partial catalogue along with %v", err)
			}
			prefix := "cat.json:" + itoa(tt.line) + ": "
			if msg := err.Error(); !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, tt.want) {
				t.Errorf("Parse error = %q\nwant prefix %q and substring %q\ncatalogue:\n%s", msg, prefix, tt.want, tt.data)
			}
		})
	}
}

// TestParseKeysLikeEncodingJSON: the "mutants" key is matched as
// encoding/json matches it (any case, last one wins), and each mutant's
// line is still right.
func TestParseKeysLikeEncodingJSON(t *testing.T) {
	ok := func(name string, step int) string { return mutantObject(t, name, step, nil) }
	for name, data := range map[string]string{
		"another case": strings.Replace(catalogueOf(ok("1_a", 1)), `"mutants"`, `"Mutants"`, 1),
		"twice":        strings.Replace(catalogueOf(ok("1_a", 1)), `"mutants": [`, `"mutants": [], "mutants": [`, 1),
	} {
		t.Run(name, func(t *testing.T) {
			c, err := mutation.Parse("cat.json", []byte(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Mutants) != 1 || c.Mutants[0].Pos != "cat.json:5" {
				t.Errorf("got %d mutants, first at %q; want 1 at cat.json:5", len(c.Mutants), c.Mutants[0].Pos)
			}
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestApply(t *testing.T) {
	src := []byte("a := 1\nb := 2\na = b\n")
	m := mutation.Mutant{Name: "1_x", Pos: "cat.json:5"}

	m.Old, m.New = "b := 2", "b := 3"
	got, err := mutation.Apply(src, m)
	if err != nil {
		t.Fatalf("Apply once: %v", err)
	}
	if want := "a := 1\nb := 3\na = b\n"; string(got) != want {
		t.Errorf("Apply once = %q, want %q", got, want)
	}
	if string(src) != "a := 1\nb := 2\na = b\n" {
		t.Errorf("Apply changed its input: %q", src)
	}

	for _, tc := range []struct {
		old  string
		want []string
	}{
		{"c := 3", []string{`cat.json:5: mutant "1_x"`, "does not occur"}},
		{"a ", []string{`cat.json:5: mutant "1_x"`, "occurs 2 times"}},
	} {
		m.Old, m.New = tc.old, "z"
		got, err := mutation.Apply(src, m)
		if err == nil {
			t.Errorf("Apply(old %q) = %q, want an error", tc.old, got)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Apply(old %q) error = %q, want it to contain %q", tc.old, err, w)
			}
		}
	}
}

const fakeReference = "package reference\n\nfunc F() int { return 1 }\n"

func fakeMutant() mutation.Mutant {
	return mutation.Mutant{
		Name:     "4_fetch_replays_at_expiry",
		Step:     4,
		Function: "F",
		Idea:     mutation.Text{"en": "return value"},
		Old:      "return 1",
		New:      "return 2",
		Killer:   "edge/f_returns_one",
		Hint:     mutation.Text{"en": "Call F."},
		Pos:      "cat.json:5",
	}
}

func TestRender(t *testing.T) {
	m := fakeMutant()
	out, err := mutation.Render([]byte(fakeReference), m)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	s := string(out)
	if !strings.HasPrefix(s, mutation.GeneratedHeader+"\n") {
		t.Errorf("Render output does not start with the generated header:\n%s", s)
	}
	if !strings.Contains(s, "\npackage m4fetchreplaysatexpiry\n") {
		t.Errorf("Render output lacks the package clause %q:\n%s", "package m4fetchreplaysatexpiry", s)
	}
	if strings.Contains(s, "package reference") {
		t.Errorf("Render output keeps the reference package clause:\n%s", s)
	}
	if !strings.Contains(s, "func F() int { return 2 }") {
		t.Errorf("Render output lacks the replacement:\n%s", s)
	}
	formatted, err := format.Source(out)
	if err != nil {
		t.Fatalf("format.Source: %v", err)
	}
	if !bytes.Equal(formatted, out) {
		t.Errorf("Render output is not gofmt'd:\n%s", cmp.Diff(string(formatted), s))
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "store.go", out, parser.ParseComments)
	if err != nil {
		t.Fatalf("Render output does not parse: %v", err)
	}
	if f.Name.Name != "m4fetchreplaysatexpiry" {
		t.Errorf("package name = %q, want m4fetchreplaysatexpiry", f.Name.Name)
	}
	if f.Doc == nil {
		t.Fatal("Render output has no package comment")
	}
	doc := f.Doc.Text()
	for _, w := range []string{
		"Package m4fetchreplaysatexpiry is mutant 4_fetch_replays_at_expiry",
		"worksheet step 4",
		`"return value"`,
		"return 1",
		"return 2",
	} {
		if !strings.Contains(doc, w) {
			t.Errorf("package comment lacks %q:\n%s", w, doc)
		}
	}
	if strings.Contains(doc, "Code generated") {
		t.Errorf("generated header is part of the package comment:\n%s", doc)
	}

	// A multi-line snippet keeps every line in the comment and still
	// renders gofmt'd Go.
	m2 := m
	m2.Old = "func F() int { return 1 }"
	m2.New = "func F() int {\n\treturn 1 + 1\n}"
	out2, err := mutation.Render([]byte(fakeReference), m2)
	if err != nil {
		t.Fatalf("Render multi-line: %v", err)
	}
	if formatted, err := format.Source(out2); err != nil || !bytes.Equal(formatted, out2) {
		t.Errorf("multi-line Render output is not gofmt'd (err %v):\n%s", err, out2)
	}
	if !strings.Contains(string(out2), "//\t\treturn 1 + 1\n") {
		t.Errorf("multi-line snippet is not in the comment:\n%s", out2)
	}

	// A generated mutant is on no worksheet step, and its comment says none.
	m3 := m
	m3.Step = 0
	out3, err := mutation.Render([]byte(fakeReference), m3)
	if err != nil {
		t.Fatalf("Render step 0: %v", err)
	}
	if s := string(out3); strings.Contains(s, "worksheet step") || !strings.Contains(s, "broken (\"return value\").") {
		t.Errorf("step 0: the comment names a worksheet step, or lacks the idea:\n%s", s)
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name string
		ref  string
		edit func(*mutation.Mutant)
		want []string
	}{
		{
			name: "reference with package comment",
			ref:  "// Package reference is the store.\npackage reference\n\nfunc F() int { return 1 }\n",
			want: []string{"reference source", "package comment"},
		},
		{
			name: "reference with a build constraint before the package clause",
			ref:  "//go:build linux\n\npackage reference\n\nfunc F() int { return 1 }\n",
			want: []string{"reference source", "comments before the package clause"},
		},
		{
			name: "reference that does not parse",
			ref:  "func F() int { return 1 }\n",
			want: []string{"reference source"},
		},
		{
			name: "replacement makes invalid Go",
			ref:  fakeReference,
			edit: func(m *mutation.Mutant) { m.New = "return (" },
			want: []string{`cat.json:5: mutant "4_fetch_replays_at_expiry" does not parse`},
		},
		{
			name: "old does not occur",
			ref:  fakeReference,
			edit: func(m *mutation.Mutant) { m.Old = "return 3" },
			want: []string{`mutant "4_fetch_replays_at_expiry"`, "does not occur"},
		},
		{
			name: "old only in the package clause",
			ref:  fakeReference,
			edit: func(m *mutation.Mutant) { m.Old = "package reference" },
			want: []string{"does not occur"},
		},
		{
			name: "old occurs twice",
			ref:  "package reference\n\nfunc F() int { return 1 }\n\nfunc G() int { return 1 }\n",
			want: []string{`mutant "4_fetch_replays_at_expiry"`, "occurs 2 times"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := fakeMutant()
			if tt.edit != nil {
				tt.edit(&m)
			}
			out, err := mutation.Render([]byte(tt.ref), m)
			if err == nil {
				t.Fatalf("Render succeeded, want an error:\n%s", out)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Render error = %q, want it to contain %q", err, w)
				}
			}
		})
	}
}

// TestRenderDeletion: an empty New deletes the snippet, the form a
// dropped conjunct takes.
func TestRenderDeletion(t *testing.T) {
	m := fakeMutant()
	m.Old, m.New = " + 0", ""
	out, err := mutation.Render([]byte("package reference\n\nfunc F() int { return 1 + 0 }\n"), m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "func F() int { return 1 }") {
		t.Errorf("deletion not applied:\n%s", out)
	}
}

// TestStaleKeepsWantedFolders: when the reference file is renamed, the
// old generated copy is stale but the folder, which holds a wanted copy,
// is not, and a hand-written file beside it is never listed.
func TestStaleKeepsWantedFolders(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"mutants/1_a/kv.go":       mutation.GeneratedHeader + "\n\npackage a\n",
		"mutants/1_a/store.go":    mutation.GeneratedHeader + "\n\npackage a\n",
		"mutants/1_a/notes.go":    "package a\n",
		"mutants/[odd]*/store.go": mutation.GeneratedHeader + "\n\npackage odd\n",
	})
	stale, err := mutation.Stale(root, "mutants", map[string][]byte{"mutants/1_a/kv.go": nil})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mutants/1_a/store.go", "mutants/[odd]*/store.go"}, stale); diff != "" {
		t.Errorf("Stale (-want +got):\n%s", diff)
	}
}

func TestPackage(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"4_fetch_replays_at_expiry", "m4fetchreplaysatexpiry"},
		{"12_x_y", "m12xy"},
		{"1_init", "m1init"},
		{"3_v2_store", "m3v2store"},
	} {
		if got := (mutation.Mutant{Name: tc.name}).Package(); got != tc.want {
			t.Errorf("Mutant{Name: %q}.Package() = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// writeFiles writes files (slash-separated paths relative to root).
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fakeModule writes a tiny module with a reference and a two-mutant
// catalogue into a temporary directory and returns its root.
func fakeModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	cat := catalogueOf(
		mutantObject(t, "1_returns_two", 1, func(f map[string]any) { f["old"], f["new"] = "return 1", "return 2" }),
		mutantObject(t, "2_returns_zero", 2, func(f map[string]any) { f["old"], f["new"] = "return 1", "return 0" }),
	)
	writeFiles(t, root, map[string]string{
		"go.mod":                 "module idemlab\n\ngo 1.26\n",
		"reference/store.go":     fakeReference,
		catalogueFile:            strings.Replace(cat, `"reference": "reference/store.go",`, `"reference": "reference/store.go", "api": "idemlab/fake.API",`, 1),
		"mutants/mutants.go":     "package mutants\n",
		"mutants/hand/helper.go": "package hand\n",
	})
	return root
}

func TestGenerateAndStale(t *testing.T) {
	root := fakeModule(t)
	cat, err := mutation.Load(root, catalogueFile)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got, want := cat.Mutants[1].Pos, catalogueFile+":6"; got != want {
		t.Errorf("Load: second mutant at %q, want %q", got, want)
	}
	files, err := mutation.Generate(root, catalogueFile, cat)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	wantNames := []string{
		"mutants/1_returns_two/store.go",
		"mutants/2_returns_zero/store.go",
		registryFile,
	}
	sort.Strings(wantNames)
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Fatalf("Generate files (-want +got):\n%s", diff)
	}
	for _, m := range cat.Mutants {
		want, err := mutation.Render([]byte(fakeReference), m)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(files["mutants/"+m.Name+"/store.go"])); diff != "" {
			t.Errorf("Generate copy of %s differs from Render (-render +generate):\n%s", m.Name, diff)
		}
	}
	reg := string(files[registryFile])
	if !strings.HasPrefix(reg, mutation.GeneratedHeader+"\n") {
		t.Errorf("registry lacks the generated header:\n%s", reg)
	}
	for _, w := range []string{
		"package mutants",
		// The lab package of the module the harness is built in.
		strconv.Quote(reflect.TypeFor[lab.Impl]().PkgPath()),
		`m1returnstwo "idemlab/mutants/1_returns_two"`,
		`m2returnszero "idemlab/mutants/2_returns_zero"`,
		`{Name: "1_returns_two", Value: api.API{`,
		"F: m2returnszero.F,",
		// Both change F, so only an observation that calls F can tell.
		`}, Entries: []string{"F"}},`,
	} {
		if !strings.Contains(reg, w) {
			t.Errorf("registry lacks %q:\n%s", w, reg)
		}
	}
	if strings.Index(reg, `"1_returns_two"`) > strings.Index(reg, `"2_returns_zero"`) {
		t.Errorf("registry is not in catalogue order:\n%s", reg)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "registry_gen.go", files[registryFile], 0); err != nil {
		t.Errorf("registry does not parse: %v", err)
	}

	// Before anything is written, nothing is stale: the hand-written
	// folder has no generated header.
	stale, err := mutation.Stale(root, "mutants", files)
	if err != nil {
		t.Fatalf("Stale: %v", err)
	}
	if len(stale) != 0 {
		t.Errorf("Stale before writing = %q, want none", stale)
	}

	// Write the generated files, a leftover generated folder and another
	// hand-written one.
	written := map[string]string{}
	for name, data := range files {
		written[name] = string(data)
	}
	written["mutants/9_old/store.go"] = mutation.GeneratedHeader + "\n\npackage old\n"
	written["mutants/handmade/store.go"] = "// A hand-written store.\npackage handmade\n"
	written["mutants/notgo/README"] = mutation.GeneratedHeader + "\n"
	writeFiles(t, root, written)

	stale, err = mutation.Stale(root, "mutants", files)
	if err != nil {
		t.Fatalf("Stale: %v", err)
	}
	if diff := cmp.Diff([]string{"mutants/9_old/store.go"}, stale); diff != "" {
		t.Errorf("Stale (-want +got):\n%s", diff)
	}

	// A mutant dropped from the catalogue makes its folder stale.
	cat.Mutants = cat.Mutants[:1]
	files, err = mutation.Generate(root, catalogueFile, cat)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	stale, err = mutation.Stale(root, "mutants", files)
	if err != nil {
		t.Fatalf("Stale: %v", err)
	}
	if diff := cmp.Diff([]string{"mutants/2_returns_zero/store.go", "mutants/9_old/store.go"}, stale); diff != "" {
		t.Errorf("Stale after dropping a mutant (-want +got):\n%s", diff)
	}
}

// TestRegistryEntries: a registry entry's Entries are written as they
// are, nil (unknown) left out and empty kept, so that the kill matrix
// tells the two apart.
func TestRegistryEntries(t *testing.T) {
	for _, tc := range []struct {
		name    string
		entries []string
		want    string
	}{
		{"unknown", nil, `F: mF, }},`},
		{"nothing reaches", []string{}, `F: mF, }, Entries: []string{}},`},
		{"two", []string{"F", "G"}, `F: mF, }, Entries: []string{"F", "G"}},`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := mutation.Registry{Package: "p", API: "example.com/api.API", Fields: []mutation.Field{{Name: "F"}},
				Entries: []mutation.Entry{{Name: "m", Ref: "m", Entries: tc.entries}}}
			src, err := reg.Source()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(strings.Fields(string(src)), ""); !strings.Contains(got, strings.Join(strings.Fields(tc.want), "")) {
				t.Errorf("registry lacks %s:\n%s", tc.want, src)
			}
		})
	}
	ref := []byte(fakeReference)
	mutated := []byte(strings.Replace(fakeReference, "return 1", "return 2", 1))
	if got := mutation.Reach(ref, mutated, []mutation.Field{{Name: "F"}}); !cmp.Equal(got, []string{"F"}) {
		t.Errorf("Reach of a change to F = %q, want [F]", got)
	}
	if got := mutation.Reach(ref, []byte("package reference\nfunc {"), []mutation.Field{{Name: "F"}}); got != nil {
		t.Errorf("Reach of a mutant that does not parse = %q, want nil (unknown)", got)
	}
}

func TestGenerateErrors(t *testing.T) {
	root := fakeModule(t)
	cat, err := mutation.Load(root, catalogueFile)
	if err != nil {
		t.Fatal(err)
	}

	bad := *cat
	bad.Mutants = slices.Clone(cat.Mutants)
	bad.Mutants[1].Old = "return 7"
	if _, err := mutation.Generate(root, catalogueFile, &bad); err == nil ||
		!strings.Contains(err.Error(), catalogueFile+":6: mutant \"2_returns_zero\"") ||
		!strings.Contains(err.Error(), "does not occur") {
		t.Errorf("Generate with a mutant that does not apply: error %v, want one naming %s:6 and the mutant", err, catalogueFile)
	}

	missing := *cat
	missing.Reference = "reference/gone.go"
	if _, err := mutation.Generate(root, catalogueFile, &missing); err == nil {
		t.Error("Generate with a missing reference file succeeded")
	}

	if _, err := mutation.Stale(t.TempDir(), "mutants", nil); err == nil {
		t.Error("Stale without a mutants folder succeeded")
	}
	if _, err := mutation.Load(t.TempDir(), catalogueFile); err == nil {
		t.Error("Load without a catalogue succeeded")
	}
}

func TestModuleRoot(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"go.mod": "module example\n"})
	nested := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(nested, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{root, nested} {
		got, err := mutation.ModuleRoot(dir)
		if err != nil {
			t.Fatalf("ModuleRoot(%s): %v", dir, err)
		}
		if got != root {
			t.Errorf("ModuleRoot(%s) = %s, want %s", dir, got, root)
		}
	}

	// A relative directory is resolved against the working directory:
	// this package's folder is inside the idemlab module.
	got, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatalf(`ModuleRoot("."): %v`, err)
	}
	if _, err := os.Stat(filepath.Join(got, "go.mod")); err != nil || !filepath.IsAbs(got) {
		t.Errorf(`ModuleRoot(".") = %s, want an absolute directory holding go.mod`, got)
	}

	outside := t.TempDir()
	for d := outside; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			t.Skipf("%s has a go.mod above it; cannot test a directory outside any module", outside)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if got, err := mutation.ModuleRoot(outside); err == nil {
		t.Errorf("ModuleRoot(%s) = %s, want an error outside any module", outside, got)
	} else if !strings.Contains(err.Error(), "no go.mod at or above "+outside) {
		t.Errorf("ModuleRoot(%s) error = %q, want it to name the directory", outside, err)
	}
}

func TestRealCatalogue(t *testing.T) {
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := mutation.Load(root, catalogueFile)
	if err != nil {
		t.Fatalf("Load(%s): %v", root, err)
	}
	if cat.Reference != "reference/store.go" {
		t.Errorf("reference = %q, want reference/store.go", cat.Reference)
	}
	if len(cat.Mutants) == 0 {
		t.Fatal("the lab's catalogue declares no mutants")
	}
	packages := map[string]string{}
	for i, m := range cat.Mutants {
		if m.Step != i+1 {
			t.Errorf("mutant %d (%s) has step %d, want %d", i+1, m.Name, m.Step, i+1)
		}
		if !strings.HasPrefix(m.Pos, catalogueFile+":") {
			t.Errorf("mutant %s at %q, want a position in %s", m.Name, m.Pos, catalogueFile)
		}
		p := m.Package()
		if prev, dup := packages[p]; dup {
			t.Errorf("mutants %s and %s share the package name %q", prev, m.Name, p)
		}
		packages[p] = m.Name
	}
	files, err := mutation.Generate(root, catalogueFile, cat)
	if err != nil {
		t.Fatalf("Generate on the real catalogue: %v", err)
	}
	if len(files) != len(cat.Mutants)+1 {
		t.Errorf("Generate wrote %d files, want %d", len(files), len(cat.Mutants)+1)
	}
}

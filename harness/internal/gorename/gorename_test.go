package gorename_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/gorename"
)

// storePath is the reference file the mutants are made from.
const storePath = "../../../reference/store.go"

// extraImports are the packages the cases below import.
var extraImports = []string{"database/sql", "net/url", "strings"}

// importer is built once for every test: the reference's imports and the
// cases'.
var importer = sync.OnceValues(func() (*gorename.Importer, error) {
	src, err := os.ReadFile(storePath)
	if err != nil {
		return nil, err
	}
	paths, err := gorename.ImportPaths(src)
	if err != nil {
		return nil, err
	}
	return gorename.NewImporter(".", append(paths, extraImports...)...)
})

// renamer returns a Renamer with the shared importer, whose type errors
// are collected in *errs when errs is not nil.
func renamer(t testing.TB, errs *[]string) *gorename.Renamer {
	t.Helper()
	imp, err := importer()
	if err != nil {
		t.Fatal(err)
	}
	r := &gorename.Renamer{Importer: imp}
	if errs != nil {
		r.TypeError = func(err error) { *errs = append(*errs, err.Error()) }
	}
	return r
}

func TestPrefix(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{{
		name: "declarations and uses",
		src: `package store

const Limit = 10

var ErrLimit = errorf("limit")

type row struct{ id string }

func (r row) key() string { return r.id }

func Check(n int) error {
	if n > Limit {
		return ErrLimit
	}
	return nil
}

func errorf(s string) error { return nil }
`,
		want: `package main

const m1_Limit = 10

var m1_ErrLimit = m1_errorf("limit")

type m1_row struct{ id string }

func (r m1_row) key() string { return r.id }

func m1_Check(n int) error {
	if n > m1_Limit {
		return m1_ErrLimit
	}
	return nil
}

func m1_errorf(s string) error { return nil }
`,
	}, {
		name: "a local that shadows, a selector, a field key, strings and comments keep their names; map and array keys do not",
		src: `package store

// open opens; "open" in SQL is left alone.
func open(path string) string { return "SELECT open FROM t" }

type conf struct{ open int }

func Use(db struct{ open func() }) int {
	db.open()
	c := conf{open: 1}
	open := c.open
	m := map[string]int{Name: open}
	return m[Name] + []int{Size: 1}[Size]
}

const Name, Size = "n", 0
`,
		want: `package main

// open opens; "open" in SQL is left alone.
func m1_open(path string) string { return "SELECT open FROM t" }

type m1_conf struct{ open int }

func m1_Use(db struct{ open func() }) int {
	db.open()
	c := m1_conf{open: 1}
	open := c.open
	m := map[string]int{m1_Name: open}
	return m[m1_Name] + []int{m1_Size: 1}[m1_Size]
}

const m1_Name, m1_Size = "n", 0
`,
	}, {
		name: "a named map type keyed by the file's constant, the old code's compile error",
		src: `package store

type index map[string]int

const key = "k"

var m = index{key: 1}
`,
		want: `package main

type m1_index map[string]int

const m1_key = "k"

var m1_m = m1_index{m1_key: 1}
`,
	}, {
		name: "an imported named map type and an alias of a map, keyed by the file's constant",
		src: `package store

import "net/url"

type set = map[string]bool

const Name = "n"

var q = url.Values{Name: {"x"}}

var s = set{Name: true}
`,
		want: `package main

import "net/url"

type m1_set = map[string]bool

const m1_Name = "n"

var m1_q = url.Values{m1_Name: {"x"}}

var m1_s = m1_set{m1_Name: true}
`,
	}, {
		name: "a struct literal of an imported type whose field is named like the file's constant",
		src: `package store

import "database/sql"

const Name, Value = "n", 1

var arg = sql.NamedArg{Name: Name, Value: Value}
`,
		want: `package main

import "database/sql"

const m1_Name, m1_Value = "n", 1

var m1_arg = sql.NamedArg{Name: m1_Name, Value: m1_Value}
`,
	}, {
		name: "elided literal types: a map's keys are renamed, a struct's are not",
		src: `package store

type conf struct{ Name string }

const Name = "n"

var maps = []map[string]int{{Name: 1}}

var confs = map[string][]*conf{Name: {{Name: Name}}}
`,
		want: `package main

type m1_conf struct{ Name string }

const m1_Name = "n"

var m1_maps = []map[string]int{{m1_Name: 1}}

var m1_confs = map[string][]*m1_conf{m1_Name: {{Name: m1_Name}}}
`,
	}, {
		name: "a type parameter whose core type is a map, and one that shadows a type",
		src: `package store

type row struct{}

const Name = "n"

func fill[M ~map[string]int, row any](r row) M { return M{Name: 1} }
`,
		want: `package main

type m1_row struct{}

const m1_Name = "n"

func m1_fill[M ~map[string]int, row any](r row) M { return M{m1_Name: 1} }
`,
	}, {
		name: "methods, interface methods, method expressions, init, labels, blanks, imports and a local type",
		src: `package store

import str "strings"

type Closer interface{ Close() error }

type file struct{ c Closer }

func (f *file) Close() error { return nil }

var Close = (*file).Close

var _ = Close

func init() {}

func loop(str2 string) string {
	type file struct{ n int }
Close:
	for {
		break Close
	}
	return str.ToUpper(str2) + fmt(file{n: 1}.n)
}

func fmt(int) string { return "" }
`,
		want: `package main

import str "strings"

type m1_Closer interface{ Close() error }

type m1_file struct{ c m1_Closer }

func (f *m1_file) Close() error { return nil }

var m1_Close = (*m1_file).Close

var _ = m1_Close

func init() {}

func m1_loop(str2 string) string {
	type file struct{ n int }
Close:
	for {
		break Close
	}
	return str.ToUpper(str2) + m1_fmt(file{n: 1}.n)
}

func m1_fmt(int) string { return "" }
`,
	}, {
		name: "embedding an imported type named like the file's constant",
		src: `package store

import "database/sql"

const DB = 1

type conn struct{ *sql.DB }

var n = conn{DB: nil}.DB
`,
		want: `package main

import "database/sql"

const m1_DB = 1

type m1_conn struct{ *sql.DB }

var m1_n = m1_conn{DB: nil}.DB
`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs []string
			got, _, err := renamer(t, &errs).Prefix([]byte(tt.src), "main", "m1_")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("Prefix (-want +got):\n%s", diff)
			}
			if len(errs) > 0 {
				t.Errorf("type errors in the input: %v", errs)
			}
		})
	}
}

// TestPrefixDoesNotTypeCheck renames what it can in files a mutant could
// leave behind, and reports the type errors without stopping.
func TestPrefixDoesNotTypeCheck(t *testing.T) {
	tests := []struct {
		name, src, want string
		wantErrs        []string
	}{{
		name: "an undefined name and an unused variable",
		src: `package store

const Limit = 10

func f() int {
	unused := 1
	return Limt + Limit
}
`,
		want: `package main

const m1_Limit = 10

func m1_f() int {
	unused := 1
	return Limt + m1_Limit
}
`,
		wantErrs: []string{"6:2: declared and not used: unused", "7:9: undefined: Limt"},
	}, {
		name: "a type mismatch and an unused import",
		src: `package store

import "strings"

const Limit = 10

var s string = Limit + len(m)

var m = map[string]int{Name: 1}

const Name = "n"
`,
		want: `package main

import "strings"

const m1_Limit = 10

var m1_s string = m1_Limit + len(m1_m)

var m1_m = map[string]int{m1_Name: 1}

const m1_Name = "n"
`,
		wantErrs: []string{
			`3:8: "strings" imported and not used`,
			"7:16: cannot use Limit + len(m) (value of type int) as string value in variable declaration",
		},
	}, {
		name: "a literal of an undefined type keeps its keys",
		src: `package store

const Name = "n"

var m = undefined{Name: Name}
`,
		want: `package main

const m1_Name = "n"

var m1_m = undefined{Name: m1_Name}
`,
		wantErrs: []string{"5:9: undefined: undefined"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs []string
			got, _, err := renamer(t, &errs).Prefix([]byte(tt.src), "main", "m1_")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("Prefix (-want +got):\n%s", diff)
			}
			slices.Sort(errs)
			if diff := cmp.Diff(tt.wantErrs, errs, cmpPrefixes); diff != "" {
				t.Errorf("type errors (-want +got):\n%s", diff)
			}
		})
	}
}

// cmpPrefixes compares want, a list of message beginnings, with got.
var cmpPrefixes = cmp.Comparer(func(a, b string) bool {
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
})

func TestPrefixRefuses(t *testing.T) {
	for _, tt := range []struct{ name, src, pkg, prefix, wantErr string }{
		{"exported prefix", "package p\n\nfunc f() {}\n", "main", "M1_", `prefix "M1_" would export`},
		{"empty prefix", "package p\n\nfunc f() {}\n", "main", "", "empty prefix"},
		{"not Go", "package p\n\nfunc f( {\n", "main", "m1_", "expected"},
		{"embeds its own type", "package p\n\ntype ID string\n\ntype Row struct{ ID }\n", "main", "m1_", "5:18: embeds its own type ID"},
		{"embeds a pointer to its own type", "package p\n\ntype Base struct{}\n\ntype Row struct {\n\t*Base\n\tn int\n}\n", "main", "m1_", "6:3: embeds its own type Base"},
		{"embeds an alias of its own", "package p\n\nimport \"strings\"\n\ntype B = strings.Builder\n\ntype Row struct{ *B }\n", "main", "m1_", "7:19: embeds its own type B"},
		{"embeds its own interface", "package p\n\ntype I interface{ M() }\n\ntype S struct{ I }\n", "main", "m1_", "5:16: embeds its own type I"},
		{"embeds its own generic type", "package p\n\ntype G[T any] struct{ t T }\n\ntype Row struct{ G[int] }\n", "main", "m1_", "5:18: embeds its own type G"},
		{"a local the prefix would capture", "package p\n\nconst n = 1\n\nfunc f() int {\n\tm1_n := 2\n\treturn m1_n + n\n}\n", "main", "m1_", `turns n into m1_n, a name the file already uses`},
		{"a keyword", "package p\n\nfunc to() {}\n", "main", "go", "turns to into goto, which is not an identifier"},
		{"a package name that is no identifier", "package p\n", "p-0", "m1_", `package name "p-0"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := renamer(t, nil).Prefix([]byte(tt.src), tt.pkg, tt.prefix)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one containing %q; output\n%s", err, tt.wantErr, out)
			}
		})
	}
}

func TestEditsOriginal(t *testing.T) {
	src := "package store\n\nconst Limit = 10\n\nvar x = Limit + Limit // Limit\n"
	out, edits, err := renamer(t, nil).Prefix([]byte(src), "main", "m1_")
	if err != nil {
		t.Fatal(err)
	}
	if want := "package main\n\nconst m1_Limit = 10\n\nvar m1_x = m1_Limit + m1_Limit // Limit\n"; string(out) != want {
		t.Fatalf("Prefix gave\n%s", out)
	}
	tests := []struct {
		line, col, wantLine, wantCol int
	}{
		{1, 1, 1, 1},    // package
		{1, 9, 1, 9},    // main
		{1, 12, 1, 9},   // inside main
		{1, 13, 1, 14},  // past the line
		{3, 7, 3, 7},    // the prefix of m1_Limit
		{3, 10, 3, 7},   // its L
		{3, 16, 3, 13},  // =
		{5, 5, 5, 5},    // m1_x
		{5, 8, 5, 5},    // x
		{5, 12, 5, 9},   // the first m1_Limit
		{5, 21, 5, 15},  // +
		{5, 23, 5, 17},  // the second m1_Limit
		{5, 26, 5, 17},  // its L
		{5, 35, 5, 26},  // the comment's Limit
		{2, 1, 2, 1},    // an empty line
		{99, 4, 99, 4},  // a line with no edit
		{5, 100, 5, 91}, // past the line
	}
	for _, tt := range tests {
		line, col := edits.Original(tt.line, tt.col)
		if diff := cmp.Diff([2]int{tt.wantLine, tt.wantCol}, [2]int{line, col}); diff != "" {
			t.Errorf("Original(%d, %d) (-want +got):\n%s", tt.line, tt.col, diff)
		}
	}
}

// TestPrefixStore renames the reference: the result type-checks alone,
// differs from it only by the prefixes and the package name, and every
// identifier's position maps back to where it is in the reference.
func TestPrefixStore(t *testing.T) {
	src, err := os.ReadFile(storePath)
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	out, edits, err := renamer(t, &errs).Prefix(src, "p0", "m012_")
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) > 0 {
		t.Fatalf("type errors in the reference: %v", errs)
	}
	if errs := typeErrors(t, out); len(errs) > 0 {
		t.Errorf("the renamed reference does not type-check:\n%s", strings.Join(errs, "\n"))
	}
	if diff := cmp.Diff(string(src), undo(t, out, edits, "m012_")); diff != "" {
		t.Errorf("undoing the edits (-reference +undone):\n%s", diff)
	}
	checkPositions(t, src, out, edits)
}

// typeErrors type-checks src alone, with the shared importer.
func typeErrors(t *testing.T, src []byte) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "renamed.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	conf := types.Config{Importer: renamer(t, nil).Importer, Error: func(err error) { errs = append(errs, err.Error()) }}
	conf.Check("renamed", fset, []*ast.File{f}, nil)
	return errs
}

// undo returns out with its edits undone, having checked that each one
// inserted the prefix before an identifier, but the package clause's.
func undo(t *testing.T, out []byte, edits gorename.Edits, prefix string) string {
	var b strings.Builder
	last, shift := 0, 0 // in out; what the edits so far added
	for i, e := range edits {
		at := e.Offset + shift
		if i > 0 && (e.New != prefix || e.Old != "") {
			t.Errorf("edit %d: %+v, want the prefix inserted", i, e)
		}
		b.Write(out[last:at])
		b.WriteString(e.Old)
		last = at + len(e.New)
		shift += len(e.New) - len(e.Old)
	}
	b.Write(out[last:])
	return b.String()
}

// checkPositions walks the identifiers of src and of out, its renaming,
// side by side: each is the same but for the prefix, and its position in
// out maps back to its position in src.
func checkPositions(t *testing.T, src, out []byte, edits gorename.Edits) {
	before, after := idents(t, src), idents(t, out)
	if len(before) != len(after) {
		t.Fatalf("%d identifiers, %d after renaming", len(before), len(after))
	}
	renamed := 0
	for i, b := range before {
		a := after[i]
		if a.name != b.name {
			renamed++
		}
		if i > 0 && a.name != b.name && a.name != "m012_"+b.name {
			t.Errorf("%s renamed %s", b.name, a.name)
		}
		line, col := edits.Original(a.pos.Line, a.pos.Column)
		if line != b.pos.Line || col != b.pos.Column {
			t.Errorf("%s at %d:%d maps back to %d:%d, want %d:%d", a.name, a.pos.Line, a.pos.Column, line, col, b.pos.Line, b.pos.Column)
		}
	}
	if renamed != len(edits) {
		t.Errorf("%d identifiers renamed, %d edits", renamed, len(edits))
	}
	t.Logf("%d of %d identifiers renamed", renamed, len(before))
}

type ident struct {
	name string
	pos  token.Position
}

// idents returns a file's identifiers in the order of the syntax tree.
func idents(t *testing.T, src []byte) []ident {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var ids []ident
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			ids = append(ids, ident{id.Name, fset.Position(id.Pos())})
		}
		return true
	})
	return ids
}

// TestPrefixConcurrent renames the reference from many goroutines with one
// importer; go test -race checks that they share it safely.
func TestPrefixConcurrent(t *testing.T) {
	src, err := os.ReadFile(storePath)
	if err != nil {
		t.Fatal(err)
	}
	r := renamer(t, nil)
	want, _, err := r.Prefix(src, "p0", "m0_")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	outs := make([][]byte, 8)
	for i := range outs {
		wg.Go(func() {
			out, _, err := r.Prefix(src, "p0", "m0_")
			if err != nil {
				t.Error(err)
			}
			outs[i] = out
		})
	}
	wg.Wait()
	for i, out := range outs {
		if string(out) != string(want) {
			t.Errorf("goroutine %d renamed differently", i)
		}
	}
}

func TestImporter(t *testing.T) {
	imp, err := gorename.NewImporter(".", "strings")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, wantObj, wantErr string
	}{
		{"strings", "Builder", ""},
		{"io", "Reader", ""},           // a dependency of strings
		{"container/list", "List", ""}, // listed when asked for
		{"unsafe", "Pointer", ""},      // no export data
		{"idemlab/no/such/package", "", "idemlab/no/such/package"},
		{"idemlab/no/such/package", "", "idemlab/no/such/package"}, // the failure is kept
	}
	for _, tt := range tests {
		p, err := imp.Import(tt.path)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Import(%q): error %v, want one containing %q", tt.path, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("Import(%q): %v", tt.path, err)
		case !p.Complete() || p.Scope().Lookup(tt.wantObj) == nil:
			t.Errorf("Import(%q) = %v, complete %v, without %s", tt.path, p, p.Complete(), tt.wantObj)
		}
	}
}

func TestImportPaths(t *testing.T) {
	got, err := gorename.ImportPaths([]byte("package p\n\nimport \"fmt\"\n\nimport (\n\tx \"net/url\"\n\t_ \"modernc.org/sqlite\"\n)\n\nfunc f() {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"fmt", "net/url", "modernc.org/sqlite"}, got); diff != "" {
		t.Errorf("ImportPaths (-want +got):\n%s", diff)
	}
}

// BenchmarkNewImporter builds the importer for the reference's imports:
// once per run of the mutation tool.
func BenchmarkNewImporter(b *testing.B) {
	src, err := os.ReadFile(storePath)
	if err != nil {
		b.Fatal(err)
	}
	paths, err := gorename.ImportPaths(src)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := gorename.NewImporter(".", paths...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrefix renames the reference: once per mutant.
func BenchmarkPrefix(b *testing.B) {
	src, err := os.ReadFile(storePath)
	if err != nil {
		b.Fatal(err)
	}
	r := renamer(b, nil)
	for b.Loop() {
		if _, _, err := r.Prefix(src, "p0", "m012_"); err != nil {
			b.Fatal(err)
		}
	}
}

package mutagen_test

import (
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/labtest"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/labs"
	"idemlab/mutants"
)

// changes lists each mutant as "id: new text", trimmed, for comparing;
// with ops, only the mutants of those operators.
func changes(t *testing.T, src string, ops ...string) []string {
	t.Helper()
	ms, err := mutagen.GenerateAll("p.go", []byte(src))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	out := []string{}
	for _, m := range ms {
		if err := m.Validate(); err != nil {
			t.Errorf("Validate: %v", err)
		}
		if len(ops) > 0 && !slices.Contains(ops, m.Operator) {
			continue
		}
		out = append(out, m.ID+": "+strings.TrimSpace(m.New))
	}
	return out
}

// classic are the operators the generator had before the SQL mutation
// literature's families: the tests written for them look at them alone.
var classic = mutagen.Classic

// sqlSource is a Go file whose one string literal is q.
func sqlSource(q string) string {
	return "package p\n\nfunc f() {\n\tquery(`" + q + "`)\n}\n"
}

func TestSQLOperators(t *testing.T) {
	tests := []struct {
		name string
		sql  string
		want []string
	}{
		{
			name: "le and lt",
			sql:  "SELECT a FROM t WHERE x <= ? OR y < ?",
			want: []string{
				"p.go:4:sql-le-to-lt: query(`SELECT a FROM t WHERE x < ? OR y < ?`)",
				"p.go:4:sql-lt-to-le: query(`SELECT a FROM t WHERE x <= ? OR y <= ?`)",
			},
		},
		{
			name: "gt and ge, written without spaces",
			sql:  "SELECT a FROM t WHERE x>? OR y>=?",
			want: []string{
				"p.go:4:sql-gt-to-ge: query(`SELECT a FROM t WHERE x>=? OR y>=?`)",
				"p.go:4:sql-ge-to-gt: query(`SELECT a FROM t WHERE x>? OR y>?`)",
			},
		},
		{
			name: "eq and ne, a second one on the line numbered",
			sql:  "DELETE FROM t WHERE a = ? OR b != ? OR c <> ?",
			want: []string{
				"p.go:4:sql-eq-to-ne: query(`DELETE FROM t WHERE a != ? OR b != ? OR c <> ?`)",
				"p.go:4:sql-ne-to-eq: query(`DELETE FROM t WHERE a = ? OR b = ? OR c <> ?`)",
				"p.go:4:sql-ne-to-eq#2: query(`DELETE FROM t WHERE a = ? OR b != ? OR c = ?`)",
			},
		},
		{
			name: "an assignment is not a comparison",
			sql:  "UPDATE t SET a = 1 WHERE b = 2",
			want: []string{
				"p.go:4:sql-eq-to-ne: query(`UPDATE t SET a = 1 WHERE b != 2`)",
			},
		},
		{
			name: "a pragma has no WHERE clause",
			sql:  "PRAGMA journal_mode = WAL",
			want: []string{},
		},
		{
			name: "text inside SQL quotes is not an operator",
			sql:  "SELECT a FROM t WHERE s = 'x <= y ASC'",
			want: []string{
				"p.go:4:sql-eq-to-ne: query(`SELECT a FROM t WHERE s != 'x <= y ASC'`)",
			},
		},
		{
			name: "asc and desc",
			sql:  "SELECT a FROM t ORDER BY a ASC, b desc",
			want: []string{
				"p.go:4:sql-asc-to-desc: query(`SELECT a FROM t ORDER BY a DESC, b desc`)",
				"p.go:4:sql-desc-to-asc: query(`SELECT a FROM t ORDER BY a ASC, b ASC`)",
			},
		},
		{
			name: "each conjunct dropped, BETWEEN's AND kept",
			sql:  "SELECT a FROM t WHERE x = 1 AND y BETWEEN 1 AND 3 AND (p OR q) ORDER BY a",
			want: []string{
				"p.go:4:sql-drop-conjunct: query(`SELECT a FROM t WHERE y BETWEEN 1 AND 3 AND (p OR q) ORDER BY a`)",
				"p.go:4:sql-eq-to-ne: query(`SELECT a FROM t WHERE x != 1 AND y BETWEEN 1 AND 3 AND (p OR q) ORDER BY a`)",
				"p.go:4:sql-drop-conjunct#2: query(`SELECT a FROM t WHERE x = 1 AND (p OR q) ORDER BY a`)",
				"p.go:4:sql-drop-conjunct#3: query(`SELECT a FROM t WHERE x = 1 AND y BETWEEN 1 AND 3 ORDER BY a`)",
			},
		},
		{
			name: "a one-conjunct clause in parentheses keeps its conjunct",
			sql:  "SELECT COUNT(*) FILTER (WHERE s = 'p') FROM t",
			want: []string{
				"p.go:4:sql-eq-to-ne: query(`SELECT COUNT(*) FILTER (WHERE s != 'p') FROM t`)",
			},
		},
		{
			name: "if not exists",
			sql:  "CREATE TABLE IF NOT EXISTS t (a)",
			want: []string{
				"p.go:4:sql-drop-if-not-exists: query(`CREATE TABLE t (a)`)",
			},
		},
		{
			name: "do nothing on conflict becomes replace",
			sql:  "INSERT INTO t (a) VALUES (?) ON CONFLICT (a) DO NOTHING",
			want: []string{
				"p.go:4:sql-do-nothing-to-replace: query(`INSERT OR REPLACE INTO t (a) VALUES (?)`)",
			},
		},
		{
			name: "insert or ignore becomes replace",
			sql:  "INSERT OR IGNORE INTO t (a) VALUES (?)",
			want: []string{
				"p.go:4:sql-do-nothing-to-replace: query(`INSERT OR REPLACE INTO t (a) VALUES (?)`)",
			},
		},
		{
			name: "an insert that updates on conflict is left alone",
			sql:  "INSERT INTO t (a) VALUES (?) ON CONFLICT (a) DO UPDATE SET a = 1",
			want: []string{},
		},
		{
			name: "limit off by one",
			sql:  "SELECT a FROM t LIMIT ?",
			want: []string{
				"p.go:4:sql-limit-plus-one: query(`SELECT a FROM t LIMIT ? + 1`)",
				"p.go:4:sql-limit-minus-one: query(`SELECT a FROM t LIMIT ? - 1`)",
			},
		},
		{
			name: "a literal limit is left alone",
			sql:  "SELECT a FROM t LIMIT 10",
			want: []string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, changes(t, sqlSource(tt.sql), classic...)); diff != "" {
				t.Errorf("mutants of %q (-want +got):\n%s", tt.sql, diff)
			}
		})
	}
}

func TestGoOperatorsAndNonSQL(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{
			name: "no operator matches anything",
			src:  "package p\n\nfunc f() {\n\tg(1 + 2)\n}\n",
			want: []string{},
		},
		{
			name: "a string literal without SQL makes no SQL mutant",
			src:  "package p\n\nfunc f() {\n\tg(\"x <= y AND z = w ORDER BY a ASC LIMIT ?\")\n}\n",
			want: []string{},
		},
		{
			name: "an interpreted string with an escape is not read",
			src:  "package p\n\nfunc f() {\n\tg(\"SELECT a FROM t WHERE x <= ?\\n\")\n}\n",
			want: []string{},
		},
		{
			name: "an interpreted string without escapes is read",
			src:  "package p\n\nfunc f() {\n\tg(\"SELECT a FROM t WHERE x <= ?\")\n}\n",
			want: []string{`p.go:4:sql-le-to-lt: g("SELECT a FROM t WHERE x < ?")`},
		},
		{
			name: "relational boundaries",
			src:  "package p\n\nfunc f(a, b int) {\n\tg(a < b, a <= b)\n\tg(a > b, a >= b, a == b)\n}\n",
			want: []string{
				"p.go:4:go-lt-to-le: g(a <= b, a <= b)",
				"p.go:4:go-le-to-lt: g(a < b, a < b)",
				"p.go:5:go-gt-to-ge: g(a >= b, a >= b, a == b)",
				"p.go:5:go-ge-to-gt: g(a > b, a > b, a == b)",
			},
		},
		{
			name: "negated condition",
			src:  "package p\n\nfunc f(ok bool) {\n\tif ok {\n\t\tg()\n\t}\n}\n",
			want: []string{"p.go:4:go-negate-if: if !(ok) {"},
		},
		{
			name: "dropped error check, with an init statement",
			src:  "package p\n\nfunc f() {\n\tif err := g(); err != nil {\n\t\th(err)\n\t}\n}\n",
			want: []string{
				"p.go:4:go-negate-if: if err := g(); !(err != nil) {",
				"p.go:4:go-drop-err-check: if err := g(); false {",
			},
		},
		{
			name: "an error named like one is checked, another name is not",
			src:  "package p\n\nfunc f(openErr, e error) {\n\tif openErr != nil {\n\t\th()\n\t}\n\tif e != nil {\n\t\th()\n\t}\n}\n",
			want: []string{
				"p.go:4:go-negate-if: if !(openErr != nil) {",
				"p.go:4:go-drop-err-check: if false {",
				"p.go:7:go-negate-if: if !(e != nil) {",
			},
		},
		{
			name: "swapped boolean returns",
			src: `package p

func f(n int, err error) (bool, error) {
	g := func() bool { return true }
	if err != nil {
		return false, err
	}
	switch n {
	case 0:
		return true, nil
	case 1:
		return false, nil
	case 2:
		return h()
	}
	return n == 1 && g(), nil
}
`,
			want: []string{
				"p.go:5:go-negate-if: if !(err != nil) {",
				"p.go:5:go-drop-err-check: if false {",
				"p.go:10:go-return-true-to-false: return false, nil",
				"p.go:12:go-return-false-to-true: return true, nil",
				"p.go:16:go-return-negate: return !(n == 1 && g()), nil",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, changes(t, tt.src, classic...)); diff != "" {
				t.Errorf("mutants (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWidening: Old is the changed line when it is unique, and grows by
// the line before, then the line after, until it is.
func TestWidening(t *testing.T) {
	src := `package p

func f(x int) {
	x = 1
	if x < 2 {
		a()
	}
	x = 1
	if x < 2 {
		b()
	}
	if x > 2 {
		b()
	}
}
`
	ms, err := mutagen.Generate("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	type oldNew struct{ ID, Old, New string }
	var got []oldNew
	for _, m := range ms {
		if m.Operator == "go-lt-to-le" || m.Operator == "go-gt-to-ge" {
			got = append(got, oldNew{m.ID, m.Old, m.New})
		}
	}
	want := []oldNew{
		{"p.go:5:go-lt-to-le", "\tx = 1\n\tif x < 2 {\n\t\ta()", "\tx = 1\n\tif x <= 2 {\n\t\ta()"},
		{"p.go:9:go-lt-to-le", "\tx = 1\n\tif x < 2 {\n\t\tb()", "\tx = 1\n\tif x <= 2 {\n\t\tb()"},
		{"p.go:12:go-gt-to-ge", "\tif x > 2 {", "\tif x >= 2 {"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("widened Old/New (-want +got):\n%s", diff)
	}
	for _, m := range ms {
		if n := strings.Count(src, m.Old); n != 1 {
			t.Errorf("%s: Old occurs %d times", m.ID, n)
		}
	}
}

// TestReferenceMutants checks every mutant of the real reference: a valid
// id, unique, an Old that occurs once, and a source that still parses.
func TestReferenceMutants(t *testing.T) {
	src, cat := reference(t)
	ms, err := mutagen.GenerateAll(cat.Reference, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 50 {
		t.Errorf("only %d mutants of the reference", len(ms))
	}
	seen := map[string]bool{}
	ops := map[string]bool{}
	for _, m := range ms {
		if err := m.Validate(); err != nil {
			t.Error(err)
		}
		if seen[m.ID] {
			t.Errorf("mutant id %s twice", m.ID)
		}
		seen[m.ID] = true
		ops[m.Operator] = true
		out, err := m.Apply(src)
		if err != nil {
			t.Error(err)
			continue
		}
		if _, err := format.Source(out); err != nil {
			t.Errorf("%s: mutated source does not parse: %v", m.ID, err)
		}
		if _, err := mutation.Render(src, m.Mutation("m001")); err != nil {
			t.Errorf("%s: Render: %v", m.ID, err)
		}
	}
	// The SQL operators the lab is about all find something to change.
	for _, op := range []string{"sql-le-to-lt", "sql-gt-to-ge", "sql-eq-to-ne", "sql-asc-to-desc", "sql-drop-conjunct",
		"sql-drop-if-not-exists", "sql-do-nothing-to-replace", "sql-limit-plus-one", "sql-limit-minus-one"} {
		if !ops[op] {
			t.Errorf("no mutant of the reference by %s", op)
		}
	}
}

// TestHandMutantsCovered: each mutant of every lab's catalogue (every
// built-in lab, and the counter) is either made by an operator (the same
// source after gofmt) or says in its hand_written field why none makes
// it, never both (labtest.HandWritten).
func TestHandMutantsCovered(t *testing.T) {
	for _, e := range append(slices.Clone(labs.Builtin), lab.Entry{Name: "counter", Lab: counter.Lab}) {
		t.Run(e.Name, func(t *testing.T) { labtest.HandWritten(t, e.Lab()) })
	}
}

// TestCover on a tiny source: a hand mutant that differs from a generated
// one only in layout is found once both are gofmt'd, and one no operator
// makes is not.
func TestCover(t *testing.T) {
	src := []byte("package p\n\nfunc f(ok bool) {\n\tif ok {\n\t\tg()\n\t}\n}\n")
	ms, err := mutagen.Generate("p.go", src)
	if err != nil {
		t.Fatal(err)
	}
	hand := []mutation.Mutant{
		{Name: "1_negated", Old: "if ok {", New: "if !(ok)   {"},
		{Name: "2_other_call", Old: "g()", New: "h()"},
	}
	got, err := mutagen.Cover(src, hand, ms)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"1_negated": "p.go:4:go-negate-if", "2_other_call": ""}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Cover (-want +got):\n%s", diff)
	}
	if _, err := mutagen.Cover(src, []mutation.Mutant{{Name: "3_gone", Old: "nothing like it", New: "x"}}, ms); err == nil {
		t.Error("Cover with a hand mutant that does not apply succeeded")
	}
}

func TestDiff(t *testing.T) {
	src := "package p\n\nfunc f() {\n\tx = 1\n\tif x < 2 {\n\t\ta()\n\t}\n\tx = 1\n\tif x < 2 {\n\t\tb()\n\t}\n}\n"
	ms, err := mutagen.Generate("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var m mutagen.Mutant
	for _, c := range ms {
		if c.ID == "p.go:9:go-lt-to-le" {
			m = c
		}
	}
	got, err := m.Diff([]byte(src), "p/p.go")
	if err != nil {
		t.Fatal(err)
	}
	want := `--- p/p.go
+++ p/p.go (p.go:9:go-lt-to-le)
@@ -8,3 +8,3 @@ func f
 	x = 1
-	if x < 2 {
+	if x <= 2 {
 		b()
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
	if _, err := m.Diff([]byte("package p\n"), "p.go"); err == nil {
		t.Error("Diff against a source without Old succeeded")
	}
}

func TestValidate(t *testing.T) {
	good := mutagen.Mutant{ID: "store.go:12:sql-gt-to-ge", File: "store.go", Line: 12, Operator: "sql-gt-to-ge", Old: "a > b", New: "a >= b"}
	tests := []struct {
		name string
		edit func(*mutagen.Mutant)
		want string
	}{
		{"valid", func(*mutagen.Mutant) {}, ""},
		{"numbered", func(m *mutagen.Mutant) { m.ID += "#2" }, ""},
		{"a catalogue name", func(m *mutagen.Mutant) { m.ID = "4_fetch_replays_at_expiry" }, "want file:line:operator"},
		{"line disagrees", func(m *mutagen.Mutant) { m.Line = 13 }, "disagrees"},
		{"unknown operator", func(m *mutagen.Mutant) { m.ID, m.Operator = "store.go:12:sql-frob", "sql-frob" }, "unknown operator"},
		{"no change", func(m *mutagen.Mutant) { m.New = m.Old }, "same text"},
		{"empty old", func(m *mutagen.Mutant) { m.Old = "" }, "empty old"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := good
			tt.edit(&m)
			err := m.Validate()
			got := ""
			if err != nil {
				got = err.Error()
			}
			if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
				t.Errorf("Validate() = %q, want an error containing %q", got, tt.want)
			}
		})
	}
}

// reference reads the real catalogue and the reference it mutates.
func reference(t *testing.T) ([]byte, *mutation.Catalogue) {
	t.Helper()
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	cat := mutants.Lab().Catalogue
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(cat.Reference)))
	if err != nil {
		t.Fatal(err)
	}
	return src, cat
}

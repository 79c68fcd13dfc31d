package mutagen_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/mutagen"
)

// schemaSource is a Go file that declares the table t (a TEXT primary key,
// a NOT NULL TEXT column, a nullable TEXT column and a REAL one) and whose
// second string literal, on line 5, is q.
func schemaSource(q string) string {
	return "package p\n\nfunc f() {\n\tquery(`CREATE TABLE IF NOT EXISTS t (id TEXT PRIMARY KEY, s TEXT NOT NULL, r TEXT, e REAL NOT NULL)`)\n\tquery(`" + q + "`)\n}\n"
}

// TestSQLFamilies: each family of the SQL mutation literature, on a
// statement of its own, against the table schemaSource declares.
func TestSQLFamilies(t *testing.T) {
	tests := []struct {
		name string
		sql  string
		ops  []string
		want []string
	}{
		{
			name: "relational operator replacement writes every other comparison",
			sql:  "SELECT id FROM t WHERE e <= ?",
			ops:  []string{"sql-le-to-lt", "sql-le-to-eq", "sql-le-to-ne", "sql-le-to-gt", "sql-le-to-ge"},
			want: []string{
				"p.go:5:sql-le-to-lt: query(`SELECT id FROM t WHERE e < ?`)",
				"p.go:5:sql-le-to-eq: query(`SELECT id FROM t WHERE e = ?`)",
				"p.go:5:sql-le-to-ne: query(`SELECT id FROM t WHERE e != ?`)",
				"p.go:5:sql-le-to-gt: query(`SELECT id FROM t WHERE e > ?`)",
				"p.go:5:sql-le-to-ge: query(`SELECT id FROM t WHERE e >= ?`)",
			},
		},
		{
			name: "and and or exchanged at the clause's own depth",
			sql:  "SELECT id FROM t WHERE s = 'a' AND (e < 1 OR e > 2) OR r = 'b'",
			ops:  []string{"sql-and-to-or", "sql-or-to-and"},
			want: []string{
				"p.go:5:sql-and-to-or: query(`SELECT id FROM t WHERE s = 'a' OR (e < 1 OR e > 2) OR r = 'b'`)",
				"p.go:5:sql-or-to-and: query(`SELECT id FROM t WHERE s = 'a' AND (e < 1 OR e > 2) AND r = 'b'`)",
			},
		},
		{
			name: "a text column compared with a parameter: LIKE, GLOB and collations",
			sql:  "SELECT e FROM t WHERE id = ? AND e = ? AND s = 'x'",
			ops:  []string{"sql-eq-to-like", "sql-eq-to-glob", "sql-collate-nocase", "sql-collate-rtrim"},
			want: []string{
				"p.go:5:sql-eq-to-like: query(`SELECT e FROM t WHERE id LIKE ? AND e = ? AND s = 'x'`)",
				"p.go:5:sql-eq-to-glob: query(`SELECT e FROM t WHERE id GLOB ? AND e = ? AND s = 'x'`)",
				"p.go:5:sql-collate-nocase: query(`SELECT e FROM t WHERE id = ? COLLATE NOCASE AND e = ? AND s = 'x'`)",
				"p.go:5:sql-collate-rtrim: query(`SELECT e FROM t WHERE id = ? COLLATE RTRIM AND e = ? AND s = 'x'`)",
			},
		},
		{
			name: "a range on a text column gets collations, not LIKE",
			sql:  "DELETE FROM t WHERE id > ?",
			ops:  []string{"sql-eq-to-like", "sql-eq-to-glob", "sql-collate-nocase", "sql-collate-rtrim"},
			want: []string{
				"p.go:5:sql-collate-nocase: query(`DELETE FROM t WHERE id > ? COLLATE NOCASE`)",
				"p.go:5:sql-collate-rtrim: query(`DELETE FROM t WHERE id > ? COLLATE RTRIM`)",
			},
		},
		{
			name: "columns replaced by columns of the same type, in WHERE, the result and SET",
			sql:  "UPDATE t SET r = ? WHERE id = ? AND e > ?",
			ops:  []string{"sql-replace-column"},
			want: []string{
				"p.go:5:sql-replace-column: query(`UPDATE t SET id = ? WHERE id = ? AND e > ?`)",
				"p.go:5:sql-replace-column#2: query(`UPDATE t SET s = ? WHERE id = ? AND e > ?`)",
				"p.go:5:sql-replace-column#3: query(`UPDATE t SET r = ? WHERE s = ? AND e > ?`)",
				"p.go:5:sql-replace-column#4: query(`UPDATE t SET r = ? WHERE r = ? AND e > ?`)",
			},
		},
		{
			name: "a result column replaced; an aggregate's argument left to the aggregate operators",
			sql:  "SELECT s, COUNT(r) FROM t",
			ops:  []string{"sql-replace-column"},
			want: []string{
				"p.go:5:sql-replace-column: query(`SELECT id, COUNT(r) FROM t`)",
				"p.go:5:sql-replace-column#2: query(`SELECT r, COUNT(r) FROM t`)",
			},
		},
		{
			name: "order by: dropped, its column replaced by any column, sorted case-blind",
			sql:  "SELECT id FROM t ORDER BY s LIMIT ?",
			ops:  []string{"sql-drop-order-by", "sql-replace-column", "sql-collate-nocase"},
			want: []string{
				"p.go:5:sql-replace-column: query(`SELECT s FROM t ORDER BY s LIMIT ?`)",
				"p.go:5:sql-replace-column#2: query(`SELECT r FROM t ORDER BY s LIMIT ?`)",
				"p.go:5:sql-drop-order-by: query(`SELECT id FROM t LIMIT ?`)",
				"p.go:5:sql-replace-column#3: query(`SELECT id FROM t ORDER BY id LIMIT ?`)",
				"p.go:5:sql-replace-column#4: query(`SELECT id FROM t ORDER BY r LIMIT ?`)",
				"p.go:5:sql-replace-column#5: query(`SELECT id FROM t ORDER BY e LIMIT ?`)",
				"p.go:5:sql-collate-nocase: query(`SELECT id FROM t ORDER BY s COLLATE NOCASE LIMIT ?`)",
			},
		},
		{
			name: "an order by that ends the statement is dropped with the space before it",
			sql:  "SELECT id FROM t ORDER BY e DESC",
			ops:  []string{"sql-drop-order-by"},
			want: []string{"p.go:5:sql-drop-order-by: query(`SELECT id FROM t`)"},
		},
		{
			name: "aggregates: count of distinct values, of a nullable column, filter dropped",
			sql:  "SELECT COUNT(*) FILTER (WHERE s = 'a') FROM t",
			ops:  []string{"sql-count-distinct", "sql-count-column", "sql-drop-filter"},
			want: []string{
				"p.go:5:sql-count-distinct: query(`SELECT COUNT(DISTINCT s) FILTER (WHERE s = 'a') FROM t`)",
				"p.go:5:sql-count-distinct#2: query(`SELECT COUNT(DISTINCT r) FILTER (WHERE s = 'a') FROM t`)",
				"p.go:5:sql-count-distinct#3: query(`SELECT COUNT(DISTINCT e) FILTER (WHERE s = 'a') FROM t`)",
				"p.go:5:sql-count-column: query(`SELECT COUNT(r) FILTER (WHERE s = 'a') FROM t`)",
				"p.go:5:sql-drop-filter: query(`SELECT COUNT(*) FROM t`)",
			},
		},
		{
			name: "constants swapped among the file's own, NULL in VALUES made empty",
			sql:  "INSERT INTO t (id, s, r, e) VALUES (?, 'a', NULL, 1) ON CONFLICT (id) DO UPDATE SET s = 'b'",
			ops:  []string{"sql-constant-swap", "sql-null-to-empty"},
			want: []string{
				"p.go:5:sql-constant-swap: query(`INSERT INTO t (id, s, r, e) VALUES (?, 'b', NULL, 1) ON CONFLICT (id) DO UPDATE SET s = 'b'`)",
				"p.go:5:sql-null-to-empty: query(`INSERT INTO t (id, s, r, e) VALUES (?, 'a', '', 1) ON CONFLICT (id) DO UPDATE SET s = 'b'`)",
				"p.go:5:sql-constant-swap#2: query(`INSERT INTO t (id, s, r, e) VALUES (?, 'a', NULL, 1) ON CONFLICT (id) DO UPDATE SET s = 'a'`)",
			},
		},
		{
			name: "null tests swapped",
			sql:  "SELECT id FROM t WHERE r IS NULL OR s IS NOT NULL",
			ops:  []string{"sql-is-null-to-not-null", "sql-is-not-null-to-null"},
			want: []string{
				"p.go:5:sql-is-null-to-not-null: query(`SELECT id FROM t WHERE r IS NOT NULL OR s IS NOT NULL`)",
				"p.go:5:sql-is-not-null-to-null: query(`SELECT id FROM t WHERE r IS NULL OR s IS NULL`)",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, changes(t, schemaSource(tt.sql), tt.ops...)); diff != "" {
				t.Errorf("mutants of %q (-want +got):\n%s", tt.sql, diff)
			}
		})
	}
}

// TestSchemaFamily: a column's declared type becomes each other affinity,
// and a primary key is dropped; a table constraint is not a column.
func TestSchemaFamily(t *testing.T) {
	src := "package p\n\nfunc f() {\n\tquery(`CREATE TABLE t (id TEXT PRIMARY KEY, e REAL NOT NULL, UNIQUE (e))`)\n}\n"
	want := []string{
		"p.go:4:sql-column-type: query(`CREATE TABLE t (id INTEGER PRIMARY KEY, e REAL NOT NULL, UNIQUE (e))`)",
		"p.go:4:sql-column-type#2: query(`CREATE TABLE t (id REAL PRIMARY KEY, e REAL NOT NULL, UNIQUE (e))`)",
		"p.go:4:sql-column-type#3: query(`CREATE TABLE t (id NUMERIC PRIMARY KEY, e REAL NOT NULL, UNIQUE (e))`)",
		"p.go:4:sql-drop-primary-key: query(`CREATE TABLE t (id TEXT, e REAL NOT NULL, UNIQUE (e))`)",
		"p.go:4:sql-column-type#4: query(`CREATE TABLE t (id TEXT PRIMARY KEY, e TEXT NOT NULL, UNIQUE (e))`)",
		"p.go:4:sql-column-type#5: query(`CREATE TABLE t (id TEXT PRIMARY KEY, e INTEGER NOT NULL, UNIQUE (e))`)",
		"p.go:4:sql-column-type#6: query(`CREATE TABLE t (id TEXT PRIMARY KEY, e NUMERIC NOT NULL, UNIQUE (e))`)",
	}
	if diff := cmp.Diff(want, changes(t, src, "sql-column-type", "sql-drop-primary-key")); diff != "" {
		t.Errorf("schema mutants (-want +got):\n%s", diff)
	}
}

// TestGoFamilies: the operators of PIT, Stryker and cargo-mutants, and the
// changes to the values that reach a query.
func TestGoFamilies(t *testing.T) {
	tests := []struct {
		name string
		src  string
		ops  []string
		want []string
	}{
		{
			name: "equality and logic, but not a whole if condition (go-negate-if's)",
			src:  "package p\n\nfunc f(a, b int, ok bool) {\n\tif a == b {\n\t}\n\tg(a == b && !ok, a != b || ok)\n\tif !ok {\n\t}\n}\n",
			ops:  []string{"go-eq-to-ne", "go-ne-to-eq", "go-and-to-or", "go-or-to-and", "go-drop-not"},
			want: []string{
				"p.go:6:go-eq-to-ne: g(a != b && !ok, a != b || ok)",
				"p.go:6:go-and-to-or: g(a == b || !ok, a != b || ok)",
				"p.go:6:go-drop-not: g(a == b && ok, a != b || ok)",
				"p.go:6:go-ne-to-eq: g(a == b && !ok, a == b || ok)",
				"p.go:6:go-or-to-and: g(a == b && !ok, a != b && ok)",
			},
		},
		{
			name: "arithmetic, but not a string concatenation",
			src:  "package p\n\nfunc f(n int, s string) {\n\tn += 2\n\tn--\n\tg(n-1, s+\"x\")\n}\n",
			ops:  []string{"go-add-to-sub", "go-sub-to-add"},
			want: []string{
				"p.go:4:go-add-to-sub: n -= 2",
				"p.go:5:go-sub-to-add: n++",
				"p.go:6:go-sub-to-add: g(n+1, s+\"x\")",
			},
		},
		{
			name: "constants: numbers by one, booleans flipped, strings emptied, error messages left alone",
			src:  "package p\n\nconst limit = 10\n\nfunc f() error {\n\tg(open(\"v1\", true), 2.5)\n\treturn fmt.Errorf(\"bad %d\", 3)\n}\n",
			ops:  []string{"go-const-plus-one", "go-const-minus-one", "go-true-to-false", "go-false-to-true", "go-string-to-empty"},
			want: []string{
				"p.go:3:go-const-plus-one: const limit = 11",
				"p.go:3:go-const-minus-one: const limit = 9",
				"p.go:6:go-string-to-empty: g(open(\"\", true), 2.5)",
				"p.go:6:go-true-to-false: g(open(\"v1\", false), 2.5)",
				"p.go:6:go-const-plus-one: g(open(\"v1\", true), (2.5 + 1))",
				"p.go:6:go-const-minus-one: g(open(\"v1\", true), (2.5 - 1))",
			},
		},
		{
			name: "statements removed, unless that leaves a variable unused (sleep(start) stays)",
			src:  "package p\n\nfunc f(x int) {\n\tstart := now()\n\tx = 2\n\tsleep(start)\n\tg(x)\n}\n",
			ops:  []string{"go-remove-call", "go-remove-assign"},
			want: []string{
				"p.go:5:go-remove-assign: ",
				"p.go:7:go-remove-call: ",
			},
		},
		{
			name: "values handed to a query: swapped, replaced by a neighbour, moved by one step",
			src:  "package p\n\nfunc f(key string, now float64, limit int) {\n\tdb.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, now, limit)\n}\n",
			ops:  []string{"go-swap-args", "go-neighbour-arg", "go-arg-next-float", "go-arg-prev-float", "go-arg-plus-one", "go-arg-minus-one"},
			want: []string{
				"p.go:4:go-swap-args: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, now, key, limit)",
				"p.go:4:go-swap-args#2: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, limit, now, key)",
				"p.go:4:go-neighbour-arg: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, now, now, limit)",
				"p.go:4:go-swap-args#3: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, limit, now)",
				"p.go:4:go-neighbour-arg#2: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, key, limit)",
				"p.go:4:go-neighbour-arg#3: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, limit, limit)",
				"p.go:4:go-arg-next-float: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, math.Nextafter(now, math.Inf(1)), limit)",
				"p.go:4:go-arg-prev-float: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, math.Nextafter(now, math.Inf(-1)), limit)",
				"p.go:4:go-neighbour-arg#4: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, now, now)",
				"p.go:4:go-arg-plus-one: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, now, limit+1)",
				"p.go:4:go-arg-minus-one: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, now, limit-1)",
			},
		},
		{
			name: "input handling: a string cut, trimmed or folded, a float64 cut to a whole number; trimming and folding only where strings is imported",
			src:  "package p\n\nimport \"strings\"\n\nfunc f(key string, now float64, limit int) {\n\tdb.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, now, limit)\n\t_ = strings.ToUpper\n}\n",
			ops:  []string{"go-truncate-param", "go-trim-param", "go-lower-param", "go-whole-param"},
			want: []string{
				"p.go:6:go-trim-param: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, strings.TrimSpace(key), now, limit)",
				"p.go:6:go-lower-param: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, strings.ToLower(key), now, limit)",
				"p.go:6:go-truncate-param: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key[:min(len(key), 64)], now, limit)",
				"p.go:6:go-whole-param: db.Query(`SELECT id FROM t WHERE id = ? AND e <= ? LIMIT ?`, key, float64(int64(now)), limit)",
			},
		},
		{
			name: "input handling without strings imported: no trimming or folding",
			src:  "package p\n\nfunc f(key string) {\n\tdb.Exec(`DELETE FROM t WHERE id = ?`, key)\n}\n",
			ops:  []string{"go-truncate-param", "go-trim-param", "go-lower-param"},
			want: []string{"p.go:4:go-truncate-param: db.Exec(`DELETE FROM t WHERE id = ?`, key[:min(len(key), 64)])"},
		},
		{
			name: "higher order: one pair a query statement, a comparison flipped with its argument moved a step preferred",
			src:  "package p\n\nimport \"math\"\n\nfunc f(now float64) {\n\tdb.Query(`SELECT id FROM t WHERE e <= ?`, now)\n\t_ = math.Inf\n}\n",
			ops:  []string{"go-higher-order"},
			want: []string{"p.go:6:go-higher-order: db.Query(`SELECT id FROM t WHERE e = ?`, math.Nextafter(now, math.Inf(1)))"},
		},
		{
			name: "an int handed to a query capped at 10",
			src:  "package p\n\nfunc f(limit int, token int64) {\n\tdb.Query(`SELECT id FROM t WHERE n = ? LIMIT ?`, token, limit)\n}\n",
			ops:  []string{"go-clamp-param"},
			want: []string{"p.go:4:go-clamp-param: db.Query(`SELECT id FROM t WHERE n = ? LIMIT ?`, token, min(limit, 10))"},
		},
		{
			name: "a refusal returned as an error, where errors is imported; a success and a passed-on error left alone",
			src:  "package p\n\nimport \"errors\"\n\nfunc f(n int) (bool, error) {\n\tif n == 0 {\n\t\treturn false, nil\n\t}\n\tif n < 0 {\n\t\treturn false, g()\n\t}\n\treturn true, nil\n}\n\nvar _ = errors.New\n",
			ops:  []string{"go-refusal-to-error"},
			want: []string{"p.go:7:go-refusal-to-error: return false, errors.New(\"refused\")"},
		},
		{
			name: "no refusal made an error where errors is not imported",
			src:  "package p\n\nfunc f(n int) (int, error) {\n\tif n == 0 {\n\t\treturn 0, nil\n\t}\n\treturn n, nil\n}\n",
			ops:  []string{"go-refusal-to-error"},
			want: []string{},
		},
		{
			name: "transactions begun DEFERRED where the connection string asks for IMMEDIATE",
			src:  "package p\n\nfunc open(p string) {\n\tsql.Open(\"sqlite\", \"file:\"+p+\"?mode=rw&_txlock=immediate\")\n}\n",
			ops:  []string{"go-txlock-deferred"},
			want: []string{"p.go:4:go-txlock-deferred: sql.Open(\"sqlite\", \"file:\"+p+\"?mode=rw&_txlock=deferred\")"},
		},
		{
			name: "scan destinations swapped",
			src:  "package p\n\nfunc f() {\n\tvar a, b int\n\trow.Scan(&a, &b)\n\tg(a, b)\n}\n",
			ops:  []string{"go-swap-args"},
			want: []string{"p.go:5:go-swap-args: row.Scan(&b, &a)"},
		},
		{
			name: "returned values: zero with a nil error, a made error as nil, a passed-on error kept",
			src: `package p

func f(n int) ([]string, error) {
	ids, err := g()
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("bad n %d", n)
	}
	if n > 9 {
		return ids, h()
	}
	return ids, nil
}
`,
			ops: []string{"go-return-zero", "go-return-nil-error"},
			want: []string{
				"p.go:9:go-return-nil-error: return nil, nil",
				"p.go:14:go-return-zero: return nil, nil",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, changes(t, tt.src, tt.ops...)); diff != "" {
				t.Errorf("mutants (-want +got):\n%s", diff)
			}
		})
	}
}

// TestOperatorsDocumented: every operator has a family and a one-line doc,
// and names are unique.
func TestOperatorsDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range mutagen.Operators {
		if seen[op.Name] {
			t.Errorf("operator %s listed twice", op.Name)
		}
		seen[op.Name] = true
		if op.Family == "" || op.Doc == "" || strings.Contains(op.Doc, "\n") {
			t.Errorf("operator %s: want a family and a one-line doc, got %q, %q", op.Name, op.Family, op.Doc)
		}
		if prefix := map[bool]string{true: "sql-", false: "go-"}[op.SQL]; !strings.HasPrefix(op.Name, prefix) || !strings.HasPrefix(op.Family, prefix) {
			t.Errorf("operator %s (family %s): SQL is %v, so both want the prefix %s", op.Name, op.Family, op.SQL, prefix)
		}
	}
}

// TestMemoiseFamily: an exported function of comparable arguments that
// returns an error is wrapped in a memo keyed by every argument; one
// taking a value of any type, a method, an unexported function or one
// with no error are left alone.
func TestMemoiseFamily(t *testing.T) {
	src := "package p\n\n" +
		"func Get(path, key string, now float64) (any, error) {\n\treturn nil, nil\n}\n\n" +
		"func Put(path string, v any) error {\n\treturn nil\n}\n\n" +
		"func get(path string) error {\n\treturn nil\n}\n\n" +
		"func Count(path string) int {\n\treturn 0\n}\n"
	ms, err := mutagen.GenerateOps("p.go", []byte(src), []string{"go-memoise"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].ID != "p.go:3:go-memoise" {
		t.Fatalf("mutants %v, want one, p.go:3:go-memoise", ms)
	}
	for _, w := range []string{
		"type memoGetKey struct{ k0 string; k1 string; k2 float64 }",
		"type memoGetVal struct{ v0 any }",
		"memoK := memoGetKey{path, key, now}",
		"memoR0, memoErr = memoGetUncached(path, key, now)",
		"func memoGetUncached(path, key string, now float64) (any, error) {",
	} {
		if !strings.Contains(ms[0].New, w) {
			t.Errorf("the memoised copy lacks %q:\n%s", w, ms[0].New)
		}
	}
}

// TestUnwrapSentinelFamily: a sentinel wrapped with %w is formatted with
// %v; an error from a call wrapped with %w is left alone.
func TestUnwrapSentinelFamily(t *testing.T) {
	src := "package p\n\nfunc f(n int, err error) error {\n\tif n < 1 {\n\t\treturn fmt.Errorf(\"%w (got %d)\", ErrInvalidLimit, n)\n\t}\n\treturn fmt.Errorf(\"f: %w\", err)\n}\n"
	if diff := cmp.Diff([]string{`p.go:5:go-unwrap-sentinel: return fmt.Errorf("%v (got %d)", ErrInvalidLimit, n)`}, changes(t, src, "go-unwrap-sentinel")); diff != "" {
		t.Errorf("mutants (-want +got):\n%s", diff)
	}
}

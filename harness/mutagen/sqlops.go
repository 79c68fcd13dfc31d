package mutagen

import (
	"slices"
	"strings"
)

// A sqlSchema is what the file's own SQL declares: the columns of its
// CREATE TABLE statements and the string constants its statements use. The
// identifier and constant replacement operators draw their replacements
// from it, so a replaced column is one the table has and a replaced
// constant a value the store itself writes.
type sqlSchema struct {
	cols   []sqlColumn
	consts []string // quoted, as written, in first-seen order
}

// A sqlColumn is one column of a CREATE TABLE statement.
type sqlColumn struct {
	name     string // upper case, as the tokenizer gives words
	text     string // as written
	typ      string // declared type, upper case
	pk       bool   // PRIMARY KEY
	nullable bool   // neither NOT NULL nor PRIMARY KEY
}

// column returns the column whose name is the upper-case word w.
func (s *sqlSchema) column(w string) (sqlColumn, bool) {
	if s == nil {
		return sqlColumn{}, false
	}
	for _, c := range s.cols {
		if c.name == w {
			return c, true
		}
	}
	return sqlColumn{}, false
}

// sqlLiteral returns the text of the Go string literal src[start:end] when
// it holds an SQL statement whose source text is its value (see
// stringEdits).
func sqlLiteral(src []byte, start, end int) (string, bool) {
	lit := string(src[start:end])
	if len(lit) < 2 {
		return "", false
	}
	text := lit[1 : len(lit)-1]
	switch {
	case lit[0] == '"' && strings.ContainsRune(text, '\\'),
		lit[0] == '`' && strings.ContainsRune(text, '\r'),
		!sqlStart.MatchString(text):
		return "", false
	}
	return text, true
}

// parseSchema reads the columns of every CREATE TABLE among stmts and the
// string constants of every other statement.
func parseSchema(stmts []string) *sqlSchema {
	s := &sqlSchema{}
	for _, q := range stmts {
		toks := tokenizeSQL(q)
		if len(toks) > 2 && toks[0].word == "CREATE" && toks[1].word == "TABLE" {
			for _, def := range columnDefs(toks) {
				if c, ok := columnOf(q, toks, def); ok {
					s.cols = append(s.cols, c)
				}
			}
			continue
		}
		for _, t := range toks {
			if t.kind == 's' && !slices.Contains(s.consts, q[t.start:t.end]) {
				s.consts = append(s.consts, q[t.start:t.end])
			}
		}
	}
	return s
}

// columnDefs returns the token spans [from, to) of the comma-separated
// definitions inside a CREATE TABLE statement's outer parentheses.
func columnDefs(toks []sqlToken) [][2]int {
	var defs [][2]int
	depth, from := 0, -1
	for i, t := range toks {
		switch t.word {
		case "(":
			depth++
			if depth == 1 {
				from = i + 1
			}
		case ")":
			if depth == 1 && from >= 0 && i > from {
				defs = append(defs, [2]int{from, i})
			}
			depth--
		case ",":
			if depth == 1 {
				defs = append(defs, [2]int{from, i})
				from = i + 1
			}
		}
	}
	return defs
}

// columnOf reads one column definition, name type constraints...; a table
// constraint (PRIMARY KEY (...), UNIQUE, CHECK, ...) is not a column.
func columnOf(q string, toks []sqlToken, def [2]int) (sqlColumn, bool) {
	from, to := def[0], def[1]
	if to-from < 2 || toks[from].kind != 'w' || toks[from+1].kind != 'w' {
		return sqlColumn{}, false
	}
	switch toks[from].word {
	case "PRIMARY", "UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT":
		return sqlColumn{}, false
	}
	c := sqlColumn{name: toks[from].word, text: q[toks[from].start:toks[from].end], typ: toks[from+1].word, nullable: true}
	for i := from + 2; i+1 < to; i++ {
		switch {
		case toks[i].word == "PRIMARY" && toks[i+1].word == "KEY":
			c.pk, c.nullable = true, false
		case toks[i].word == "NOT" && toks[i+1].word == "NULL":
			c.nullable = false
		}
	}
	return c, true
}

// sqlCompareNames names each comparison operator in the operators' names.
var sqlCompareNames = map[string]string{"=": "eq", "==": "eq", "!=": "ne", "<>": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}

// sqlCompareTo is every comparison a relational operator replacement can
// write, in the order the operators are tried.
var sqlCompareTo = []string{"=", "!=", "<", "<=", ">", ">="}

// comparisonEdits returns the relational operator replacements of the
// comparison token t: every other comparison, the classic one-step flip
// first (sqlComparisons), then the rest (SQLMutation's ROR).
func comparisonEdits(t sqlToken) []edit {
	from, ok := sqlCompareNames[t.word]
	if !ok {
		return nil
	}
	var out []edit
	if flip, ok := sqlComparisons[t.word]; ok {
		out = append(out, edit{t.start, t.end, flip.to, flip.op})
	}
	for _, to := range sqlCompareTo {
		op := "sql-" + from + "-to-" + sqlCompareNames[to]
		if sqlCompareNames[to] == from || op == sqlComparisons[t.word].op {
			continue
		}
		out = append(out, edit{t.start, t.end, to, op})
	}
	return out
}

// comparandEdits returns the edits of a comparison toks[j] whose left
// operand is the column toks[j-1] and whose right operand is the single
// token toks[j+1]: when the column is text and the right side a parameter
// (a value the caller chose), the comparison is made case-insensitive or
// blind to trailing spaces with a collation, and an equality becomes LIKE
// or GLOB, whose wildcards and case rules people forget.
func comparandEdits(toks []sqlToken, j int, schema *sqlSchema) []edit {
	if j < 1 || j+1 >= len(toks) || toks[j+1].kind != 'v' {
		return nil
	}
	if j+2 < len(toks) && toks[j+2].word == "COLLATE" {
		return nil
	}
	col, ok := schema.column(toks[j-1].word)
	if !ok || col.typ != "TEXT" {
		return nil
	}
	t, rhs := toks[j], toks[j+1]
	var out []edit
	if sqlCompareNames[t.word] == "eq" {
		out = append(out,
			edit{t.start, t.end, "LIKE", "sql-eq-to-like"},
			edit{t.start, t.end, "GLOB", "sql-eq-to-glob"})
	}
	out = append(out,
		edit{rhs.end, rhs.end, " COLLATE NOCASE", "sql-collate-nocase"},
		edit{rhs.end, rhs.end, " COLLATE RTRIM", "sql-collate-rtrim"})
	return out
}

// columnEdits replaces the column toks[j] by every other column of the same
// declared type (SQLMutation's IRC), or of any type when anyType.
func columnEdits(toks []sqlToken, j int, schema *sqlSchema, anyType bool) []edit {
	t := toks[j]
	if t.kind != 'w' || j+1 < len(toks) && toks[j+1].word == "(" || j > 0 && toks[j-1].word == "." {
		return nil
	}
	col, ok := schema.column(t.word)
	if !ok {
		return nil
	}
	var out []edit
	for _, c := range schema.cols {
		if c.name != col.name && (anyType || c.typ == col.typ) {
			out = append(out, edit{t.start, t.end, c.text, "sql-replace-column"})
		}
	}
	return out
}

// clauseEnds are the keywords that end an ORDER BY clause or a select list
// at their own depth.
var clauseEnds = map[string]bool{"LIMIT": true, "OFFSET": true, "FROM": true, "WHERE": true, "GROUP": true, "HAVING": true,
	"ORDER": true, "WINDOW": true, "UNION": true, "EXCEPT": true, "INTERSECT": true, "RETURNING": true, ";": true}

// clauseEnd returns the index of the first token from first on that ends
// the clause at depth 0 (a clause end keyword or an unbalanced ")"), or
// len(toks).
func clauseEnd(toks []sqlToken, first int) int {
	depth := 0
	for j := first; j < len(toks); j++ {
		switch w := toks[j].word; {
		case w == "(":
			depth++
		case w == ")":
			if depth == 0 {
				return j
			}
			depth--
		case depth == 0 && clauseEnds[w] && (toks[j].kind == 'w' || w == ";"):
			return j
		}
	}
	return len(toks)
}

// orderByEdits returns the edits of the ORDER BY clause at toks[i]: the
// clause dropped, each ordering column replaced by every other column of
// the table, and a text column sorted without regard to case.
func orderByEdits(q string, toks []sqlToken, i int, schema *sqlSchema) []edit {
	if i+1 >= len(toks) || toks[i+1].word != "BY" {
		return nil
	}
	end := clauseEnd(toks, i+2)
	if end == i+2 {
		return nil
	}
	// "... ORDER BY id ASC LIMIT ?" keeps the space before LIMIT; at the
	// end of the statement, the space before ORDER goes too.
	from, to := toks[i].start, toks[end-1].end
	if end < len(toks) {
		to = toks[end].start
	} else {
		for from > 0 && strings.ContainsRune(" \t\n", rune(q[from-1])) {
			from--
		}
	}
	out := []edit{{from, to, "", "sql-drop-order-by"}}
	for j := i + 2; j < end; j++ {
		out = append(out, columnEdits(toks, j, schema, true)...)
		if c, ok := schema.column(toks[j].word); ok && c.typ == "TEXT" && toks[j].kind == 'w' &&
			(j+1 == end || toks[j+1].word != "COLLATE") {
			out = append(out, edit{toks[j].end, toks[j].end, " COLLATE NOCASE", "sql-collate-nocase"})
		}
	}
	return out
}

// selectListEdits returns the edits of the result columns of the SELECT at
// toks[i]: each column replaced by another of its type, COUNT(*) turned
// into a count of the distinct values of a column (SQLMutation's AGR and
// SEL on an aggregate) or of a nullable column's non-NULL values, and an
// aggregate's FILTER clause dropped.
func selectListEdits(q string, toks []sqlToken, i int, schema *sqlSchema) []edit {
	end := clauseEnd(toks, i+1)
	var out []edit
	for j := i + 1; j < end; j++ {
		t := toks[j]
		switch {
		case t.word == "COUNT" && j+3 < end && toks[j+1].word == "(" && toks[j+2].word == "*" && toks[j+3].word == ")":
			star := toks[j+2]
			for _, c := range schema.cols {
				if !c.pk {
					out = append(out, edit{star.start, star.end, "DISTINCT " + c.text, "sql-count-distinct"})
				}
			}
			for _, c := range schema.cols {
				if c.nullable {
					out = append(out, edit{star.start, star.end, c.text, "sql-count-column"})
				}
			}
		case t.word == "FILTER" && j+1 < end && toks[j+1].word == "(":
			close := matchParen(toks, j+1)
			if close < 0 {
				continue
			}
			from := t.start
			for from > 0 && q[from-1] == ' ' {
				from--
			}
			out = append(out, edit{from, toks[close].end, "", "sql-drop-filter"})
		case t.kind == 'w':
			// A column of the result, not one inside an aggregate's
			// arguments or filter (those are the aggregate's operators').
			if depthAt(toks, i+1, j) == 0 {
				out = append(out, columnEdits(toks, j, schema, false)...)
			}
		}
	}
	return out
}

// matchParen returns the index of the ")" that closes the "(" at toks[open],
// or -1.
func matchParen(toks []sqlToken, open int) int {
	depth := 0
	for j := open; j < len(toks); j++ {
		switch toks[j].word {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// depthAt returns the parenthesis depth at toks[j], counted from toks[from].
func depthAt(toks []sqlToken, from, j int) int {
	depth := 0
	for k := from; k < j; k++ {
		switch toks[k].word {
		case "(":
			depth++
		case ")":
			depth--
		}
	}
	return depth
}

// setEdits returns the edits of an UPDATE's SET clause at toks[i]: each
// assigned column replaced by another of its type, so the value lands in
// the wrong column.
func setEdits(toks []sqlToken, i int, schema *sqlSchema) []edit {
	var out []edit
	depth := 0
	for j := i + 1; j < len(toks); j++ {
		switch w := toks[j].word; {
		case w == "(":
			depth++
		case w == ")":
			depth--
		case depth == 0 && (w == "WHERE" || w == "RETURNING" || w == "FROM") && toks[j].kind == 'w':
			return out
		case depth == 0 && w == "=" && j > 0:
			out = append(out, columnEdits(toks, j-1, schema, false)...)
		}
	}
	return out
}

// constantEdits replaces each string constant of a statement that is not a
// CREATE by every other constant the file's SQL uses (SQLMutation's IRT),
// and a NULL written into a VALUES list by the empty string, a value that
// looks absent to a person and is present to SQL.
func constantEdits(q string, toks []sqlToken, schema *sqlSchema) []edit {
	if len(toks) > 0 && toks[0].word == "CREATE" {
		return nil
	}
	var out []edit
	values := false
	for _, t := range toks {
		switch {
		case t.kind == 'w' && t.word == "VALUES":
			values = true
		case t.kind == 's':
			for _, c := range schema.consts {
				if c != q[t.start:t.end] {
					out = append(out, edit{t.start, t.end, c, "sql-constant-swap"})
				}
			}
		case values && t.kind == 'w' && t.word == "NULL":
			out = append(out, edit{t.start, t.end, "''", "sql-null-to-empty"})
		}
	}
	return out
}

// nullTestEdits swaps IS NULL and IS NOT NULL (SQLMutation's NLF).
func nullTestEdits(toks []sqlToken) []edit {
	var out []edit
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].word != "IS" || toks[i].kind != 'w' {
			continue
		}
		switch {
		case toks[i+1].word == "NULL":
			out = append(out, edit{toks[i].end, toks[i].end, " NOT", "sql-is-null-to-not-null"})
		case toks[i+1].word == "NOT" && i+2 < len(toks) && toks[i+2].word == "NULL":
			out = append(out, edit{toks[i].end, toks[i+1].end, "", "sql-is-not-null-to-null"})
		}
	}
	return out
}

// sqlAffinities are the column types a column type replacement writes: one
// of each of SQLite's type affinities that converts what it stores (BLOB
// converts nothing, so a column declared BLOB stores what it is given, as
// TEXT when given text: never a change a store could see).
var sqlAffinities = []string{"TEXT", "INTEGER", "REAL", "NUMERIC"}

// schemaEdits returns the edits of a CREATE TABLE statement: each column's
// declared type replaced by each other affinity (a time kept as TEXT, a key
// kept as a number), and a PRIMARY KEY constraint dropped.
func schemaEdits(q string, toks []sqlToken) []edit {
	if len(toks) < 3 || toks[0].word != "CREATE" || toks[1].word != "TABLE" {
		return nil
	}
	var out []edit
	for _, def := range columnDefs(toks) {
		from, to := def[0], def[1]
		if _, ok := columnOf(q, toks, def); !ok {
			continue
		}
		typ := toks[from+1]
		for _, a := range sqlAffinities {
			if a != typ.word {
				out = append(out, edit{typ.start, typ.end, a, "sql-column-type"})
			}
		}
		for i := from + 2; i+1 < to; i++ {
			if toks[i].word == "PRIMARY" && toks[i+1].word == "KEY" {
				out = append(out, edit{toks[i-1].end, toks[i+1].end, "", "sql-drop-primary-key"})
			}
		}
	}
	return out
}

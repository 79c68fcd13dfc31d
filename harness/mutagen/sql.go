package mutagen

import (
	"regexp"
	"strings"
)

// sqlStart recognises a string literal that holds an SQL statement: one
// whose text starts with a statement keyword.
var sqlStart = regexp.MustCompile(`(?i)^\s*(select|insert|update|delete|replace|create|drop|alter|pragma|with|upsert)\b`)

// stringEdits returns the SQL edits of the Go string literal src[start:end],
// drawing columns and constants from schema. Only literals whose source
// text is their value are read: raw strings, and interpreted strings
// without escapes. An escape would make an offset in the value differ from
// one in the source.
func stringEdits(src []byte, start, end int, schema *sqlSchema) []edit {
	text, ok := sqlLiteral(src, start, end)
	if !ok {
		return nil
	}
	edits := sqlEdits(text, schema)
	for i := range edits {
		edits[i].start += start + 1
		edits[i].end += start + 1
	}
	return edits
}

// A sqlToken is one lexical token of SQL text, at q[start:end].
type sqlToken struct {
	kind       byte   // 'w' word, 's' string, 'n' number, 'v' parameter, 'o' operator, 'p' punctuation
	word       string // a word in upper case, or the token's text
	start, end int
}

// tokenizeSQL splits q into tokens, skipping white space and comments.
func tokenizeSQL(q string) []sqlToken {
	var toks []sqlToken
	isWord := func(c byte) bool {
		return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
	}
	for i := 0; i < len(q); {
		c := q[i]
		start := i
		var kind byte
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case strings.HasPrefix(q[i:], "--"):
			for i < len(q) && q[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(q[i:], "/*"):
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(q)
			}
			continue
		case c == '\'' || c == '"' || c == '[':
			closer := c
			if c == '[' {
				closer = ']'
			}
			i++
			for i < len(q) {
				if q[i] == closer {
					if i+1 < len(q) && q[i+1] == closer && c != '[' { // '' escapes '
						i += 2
						continue
					}
					break
				}
				i++
			}
			i = min(i+1, len(q))
			kind = 's'
			if c != '\'' {
				kind = 'w' // a quoted identifier
			}
		case '0' <= c && c <= '9':
			for i < len(q) && (isWord(q[i]) || q[i] == '.') {
				i++
			}
			kind = 'n'
		case isWord(c):
			for i < len(q) && isWord(q[i]) {
				i++
			}
			kind = 'w'
		case c == '?' || c == ':' || c == '@' || c == '$':
			i++
			for i < len(q) && isWord(q[i]) {
				i++
			}
			kind = 'v'
		default:
			kind = 'p'
			i++
			for _, op := range []string{"<=", ">=", "<>", "!=", "==", "||", "<<", ">>"} {
				if strings.HasPrefix(q[start:], op) {
					i = start + len(op)
					break
				}
			}
			if strings.ContainsRune("<>=!", rune(c)) {
				kind = 'o'
			}
		}
		t := sqlToken{kind: kind, word: q[start:i], start: start, end: i}
		if kind == 'w' {
			t.word = strings.ToUpper(t.word)
		}
		toks = append(toks, t)
	}
	return toks
}

// sqlComparisons maps each comparison operator to its flip.
var sqlComparisons = map[string]struct{ to, op string }{
	"<=": {"<", "sql-le-to-lt"},
	"<":  {"<=", "sql-lt-to-le"},
	">":  {">=", "sql-gt-to-ge"},
	">=": {">", "sql-ge-to-gt"},
	"=":  {"!=", "sql-eq-to-ne"},
	"==": {"!=", "sql-eq-to-ne"},
	"!=": {"=", "sql-ne-to-eq"},
	"<>": {"=", "sql-ne-to-eq"},
}

// whereEnds are the keywords that end a WHERE clause at its own depth.
var whereEnds = map[string]bool{
	"ORDER": true, "GROUP": true, "LIMIT": true, "HAVING": true, "RETURNING": true,
	"WINDOW": true, "UNION": true, "EXCEPT": true, "INTERSECT": true, "ON": true,
}

// sqlEdits returns the SQL operators' edits of the statement text q, with
// offsets into q.
func sqlEdits(q string, schema *sqlSchema) []edit {
	toks := tokenizeSQL(q)
	isWord := func(i int, w string) bool { return i >= 0 && i < len(toks) && toks[i].kind == 'w' && toks[i].word == w }
	var out []edit
	for i, t := range toks {
		switch {
		case isWord(i, "ASC"):
			out = append(out, edit{t.start, t.end, "DESC", "sql-asc-to-desc"})
		case isWord(i, "DESC"):
			out = append(out, edit{t.start, t.end, "ASC", "sql-desc-to-asc"})
		case isWord(i, "IF") && isWord(i+1, "NOT") && isWord(i+2, "EXISTS"):
			end := toks[i+2].end
			if i+3 < len(toks) {
				end = toks[i+3].start
			}
			out = append(out, edit{t.start, end, "", "sql-drop-if-not-exists"})
		case isWord(i, "LIMIT") && i+1 < len(toks) && toks[i+1].kind == 'v':
			p := toks[i+1].end
			out = append(out,
				edit{p, p, " + 1", "sql-limit-plus-one"},
				edit{p, p, " - 1", "sql-limit-minus-one"})
		case isWord(i, "WHERE"):
			out = append(out, whereEdits(q, toks, i+1, schema)...)
		case isWord(i, "ORDER"):
			out = append(out, orderByEdits(q, toks, i, schema)...)
		case isWord(i, "SELECT"):
			out = append(out, selectListEdits(q, toks, i, schema)...)
		case isWord(i, "SET") && isWord(0, "UPDATE"):
			out = append(out, setEdits(toks, i, schema)...)
		}
	}
	out = append(out, replaceEdits(q, toks)...)
	out = append(out, constantEdits(q, toks, schema)...)
	out = append(out, nullTestEdits(toks)...)
	out = append(out, schemaEdits(q, toks)...)
	return out
}

// whereEdits returns the edits of the WHERE clause whose first token is
// toks[first]: comparisons replaced (relational operators, LIKE and GLOB,
// collations), columns replaced, AND and OR exchanged, and conjuncts
// dropped.
func whereEdits(q string, toks []sqlToken, first int, schema *sqlSchema) []edit {
	var out []edit
	type span struct{ from, to int } // token indexes, inclusive
	var conjuncts []span
	depth, from, between := 0, first, false
	last := first - 1
	for j := first; j < len(toks); j++ {
		t := toks[j]
		if t.word == "(" {
			depth++
		}
		if t.word == ")" {
			if depth == 0 {
				break
			}
			depth--
		}
		if depth == 0 && (t.word == ";" || t.kind == 'w' && whereEnds[t.word]) {
			break
		}
		if t.kind == 'o' {
			out = append(out, comparisonEdits(t)...)
			out = append(out, comparandEdits(toks, j, schema)...)
		}
		if t.kind == 'w' {
			out = append(out, columnEdits(toks, j, schema, false)...)
		}
		if depth == 0 && t.kind == 'w' {
			switch t.word {
			case "BETWEEN":
				between = true
			case "AND":
				if between {
					between = false
				} else {
					conjuncts = append(conjuncts, span{from, j - 1})
					from = j + 1
					out = append(out, edit{t.start, t.end, "OR", "sql-and-to-or"})
				}
			case "OR":
				out = append(out, edit{t.start, t.end, "AND", "sql-or-to-and"})
			}
		}
		last = j
	}
	if last >= from {
		conjuncts = append(conjuncts, span{from, last})
	}
	if len(conjuncts) < 2 {
		return out
	}
	for k, c := range conjuncts {
		if c.to < c.from {
			continue
		}
		if k < len(conjuncts)-1 {
			// "a AND b" without a: drop a and the AND after it.
			out = append(out, edit{toks[c.from].start, toks[conjuncts[k+1].from].start, "", "sql-drop-conjunct"})
		} else {
			// "a AND b" without b: drop the AND before it and b.
			prev := conjuncts[k-1]
			out = append(out, edit{toks[prev.to].end, toks[c.to].end, "", "sql-drop-conjunct"})
		}
	}
	return out
}

// replaceEdits turns an insert that does nothing on conflict into one that
// replaces the existing row: INSERT ... ON CONFLICT ... DO NOTHING becomes
// INSERT OR REPLACE ..., and INSERT OR IGNORE becomes INSERT OR REPLACE.
func replaceEdits(q string, toks []sqlToken) []edit {
	word := func(i int) string {
		if i < len(toks) && toks[i].kind == 'w' {
			return toks[i].word
		}
		return ""
	}
	if word(0) != "INSERT" {
		return nil
	}
	if word(1) == "OR" && word(2) == "IGNORE" {
		return []edit{{toks[2].start, toks[2].end, "REPLACE", "sql-do-nothing-to-replace"}}
	}
	if word(1) == "OR" {
		return nil
	}
	for i := 1; i+1 < len(toks); i++ {
		if word(i) != "ON" || word(i+1) != "CONFLICT" {
			continue
		}
		for k := i + 2; k+1 < len(toks); k++ {
			if word(k) == "DO" && word(k+1) == "NOTHING" {
				// One edit from the end of INSERT to the end of NOTHING:
				// " OR REPLACE" goes in, the conflict clause goes out.
				kept := q[toks[0].end:toks[i-1].end]
				return []edit{{toks[0].end, toks[k+1].end, " OR REPLACE" + kept, "sql-do-nothing-to-replace"}}
			}
		}
	}
	return nil
}

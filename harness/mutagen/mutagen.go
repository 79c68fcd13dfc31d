package mutagen

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"idemlab/harness/mutation"
)

// A Mutant is one generated single-point change of a source file: Old, which
// occurs exactly once in the file, replaced by New.
type Mutant struct {
	// ID names the mutant as file:line:operator, e.g.
	// "store.go:124:sql-gt-to-ge", with "#2", "#3"... appended for a second
	// or later mutant of the same operator on the same line.
	ID string `json:"id"`
	// File is the base name of the mutated file; Line is the line, counted
	// from 1, of the changed text.
	File string `json:"file"`
	Line int    `json:"line"`
	// Operator is the name of the operator that made the mutant.
	Operator string `json:"operator"`
	// Function is the function the change is in, "" outside any.
	Function string `json:"function,omitempty"`
	// Old is whole source lines around the change, widened until they occur
	// exactly once in the file; New is the same lines with the change.
	Old string `json:"old"`
	New string `json:"new"`
	// Pos is where a mutant declared in a catalogue is, "file:line", for
	// messages; "" for a generated one.
	Pos string `json:"-"`
}

// An Operator is one kind of single-point change.
type Operator struct {
	// Name is the operator's part of a mutant ID, e.g. "sql-gt-to-ge".
	Name string `json:"name"`
	// SQL is true for the operators that change SQL text inside Go string
	// literals, false for those that change Go code.
	SQL bool `json:"sql"`
	// Family groups operators by the kind of mistake they make, e.g.
	// "sql-relational" or "go-query-value" (see the package doc).
	Family string `json:"family"`
	// Doc says what the operator does, in one line.
	Doc string `json:"doc"`
}

// Operators lists every operator, in the order Generate tries them at one
// position: when two make the same mutated source, the first one's mutant
// is kept.
var Operators = []Operator{
	{"sql-le-to-lt", true, "sql-relational", "in a WHERE clause, <= becomes <"},
	{"sql-lt-to-le", true, "sql-relational", "in a WHERE clause, < becomes <="},
	{"sql-gt-to-ge", true, "sql-relational", "in a WHERE clause, > becomes >="},
	{"sql-ge-to-gt", true, "sql-relational", "in a WHERE clause, >= becomes >"},
	{"sql-eq-to-ne", true, "sql-relational", "in a WHERE clause, = becomes !="},
	{"sql-ne-to-eq", true, "sql-relational", "in a WHERE clause, != or <> becomes ="},
	{"sql-asc-to-desc", true, "sql-order-by", "ASC becomes DESC"},
	{"sql-desc-to-asc", true, "sql-order-by", "DESC becomes ASC"},
	{"sql-drop-conjunct", true, "sql-logical", "one conjunct of a WHERE clause with two or more is dropped"},
	{"sql-drop-if-not-exists", true, "sql-schema", "IF NOT EXISTS is removed"},
	{"sql-do-nothing-to-replace", true, "sql-conflict", "an insert that does nothing on conflict becomes INSERT OR REPLACE"},
	{"sql-limit-plus-one", true, "sql-limit", "LIMIT ? becomes LIMIT ? + 1"},
	{"sql-limit-minus-one", true, "sql-limit", "LIMIT ? becomes LIMIT ? - 1"},
	{"sql-eq-to-lt", true, "sql-relational", "in a WHERE clause, = becomes <"},
	{"sql-eq-to-le", true, "sql-relational", "in a WHERE clause, = becomes <="},
	{"sql-eq-to-gt", true, "sql-relational", "in a WHERE clause, = becomes >"},
	{"sql-eq-to-ge", true, "sql-relational", "in a WHERE clause, = becomes >="},
	{"sql-ne-to-lt", true, "sql-relational", "in a WHERE clause, != or <> becomes <"},
	{"sql-ne-to-le", true, "sql-relational", "in a WHERE clause, != or <> becomes <="},
	{"sql-ne-to-gt", true, "sql-relational", "in a WHERE clause, != or <> becomes >"},
	{"sql-ne-to-ge", true, "sql-relational", "in a WHERE clause, != or <> becomes >="},
	{"sql-lt-to-eq", true, "sql-relational", "in a WHERE clause, < becomes ="},
	{"sql-lt-to-ne", true, "sql-relational", "in a WHERE clause, < becomes !="},
	{"sql-lt-to-gt", true, "sql-relational", "in a WHERE clause, < becomes >"},
	{"sql-lt-to-ge", true, "sql-relational", "in a WHERE clause, < becomes >="},
	{"sql-le-to-eq", true, "sql-relational", "in a WHERE clause, <= becomes ="},
	{"sql-le-to-ne", true, "sql-relational", "in a WHERE clause, <= becomes !="},
	{"sql-le-to-gt", true, "sql-relational", "in a WHERE clause, <= becomes >"},
	{"sql-le-to-ge", true, "sql-relational", "in a WHERE clause, <= becomes >="},
	{"sql-gt-to-eq", true, "sql-relational", "in a WHERE clause, > becomes ="},
	{"sql-gt-to-ne", true, "sql-relational", "in a WHERE clause, > becomes !="},
	{"sql-gt-to-lt", true, "sql-relational", "in a WHERE clause, > becomes <"},
	{"sql-gt-to-le", true, "sql-relational", "in a WHERE clause, > becomes <="},
	{"sql-ge-to-eq", true, "sql-relational", "in a WHERE clause, >= becomes ="},
	{"sql-ge-to-ne", true, "sql-relational", "in a WHERE clause, >= becomes !="},
	{"sql-ge-to-lt", true, "sql-relational", "in a WHERE clause, >= becomes <"},
	{"sql-ge-to-le", true, "sql-relational", "in a WHERE clause, >= becomes <="},
	{"sql-and-to-or", true, "sql-logical", "in a WHERE clause, AND becomes OR"},
	{"sql-or-to-and", true, "sql-logical", "in a WHERE clause, OR becomes AND"},
	{"sql-eq-to-like", true, "sql-pattern", "a text column = ? becomes LIKE ? (case-blind for ASCII, % and _ are wildcards)"},
	{"sql-eq-to-glob", true, "sql-pattern", "a text column = ? becomes GLOB ? (*, ? and [ are wildcards)"},
	{"sql-collate-nocase", true, "sql-pattern", "a text column compared with a parameter, or ordered, is compared without regard to ASCII case"},
	{"sql-collate-rtrim", true, "sql-pattern", "a text column compared with a parameter ignores trailing spaces"},
	{"sql-replace-column", true, "sql-identifier", "a column is replaced by another column of the table (of the same type, but in ORDER BY)"},
	{"sql-drop-order-by", true, "sql-order-by", "an ORDER BY clause is dropped"},
	{"sql-count-distinct", true, "sql-aggregate", "COUNT(*) becomes COUNT(DISTINCT c) for a column c that is not the primary key"},
	{"sql-count-column", true, "sql-aggregate", "COUNT(*) becomes COUNT(c) for a nullable column c, which skips NULLs"},
	{"sql-drop-filter", true, "sql-aggregate", "an aggregate's FILTER (WHERE ...) is dropped"},
	{"sql-constant-swap", true, "sql-constant", "a string constant is replaced by another constant the file's SQL uses"},
	{"sql-null-to-empty", true, "sql-null", "a NULL in a VALUES list becomes ''"},
	{"sql-is-null-to-not-null", true, "sql-null", "IS NULL becomes IS NOT NULL"},
	{"sql-is-not-null-to-null", true, "sql-null", "IS NOT NULL becomes IS NULL"},
	{"sql-column-type", true, "sql-schema", "a column's declared type becomes another of TEXT, INTEGER, REAL, NUMERIC (another affinity)"},
	{"sql-drop-primary-key", true, "sql-schema", "a column's PRIMARY KEY constraint is dropped"},
	{"go-lt-to-le", false, "go-relational", "< becomes <="},
	{"go-le-to-lt", false, "go-relational", "<= becomes <"},
	{"go-gt-to-ge", false, "go-relational", "> becomes >="},
	{"go-ge-to-gt", false, "go-relational", ">= becomes >"},
	{"go-negate-if", false, "go-conditional", "if c becomes if !(c)"},
	{"go-drop-err-check", false, "go-conditional", "if err != nil becomes if false"},
	{"go-return-true-to-false", false, "go-return", "a returned true becomes false"},
	{"go-return-false-to-true", false, "go-return", "a returned false becomes true"},
	{"go-return-negate", false, "go-return", "any other returned boolean b becomes !(b)"},
	{"go-read-before-begin", false, "go-transaction", "the reads at the start of a transaction move before its Begin, out of the transaction"},
	{"go-eq-to-ne", false, "go-relational", "== becomes != (not a whole if condition: go-negate-if covers that)"},
	{"go-ne-to-eq", false, "go-relational", "!= becomes == (not a whole if condition: go-negate-if covers that)"},
	{"go-and-to-or", false, "go-logical", "&& becomes ||"},
	{"go-or-to-and", false, "go-logical", "|| becomes &&"},
	{"go-drop-not", false, "go-logical", "!x becomes x (not a whole if condition: go-negate-if covers that)"},
	{"go-add-to-sub", false, "go-arithmetic", "+ becomes -, += becomes -=, ++ becomes --"},
	{"go-sub-to-add", false, "go-arithmetic", "- becomes +, -= becomes +=, -- becomes ++"},
	{"go-const-plus-one", false, "go-constant", "a number literal n becomes n+1"},
	{"go-const-minus-one", false, "go-constant", "a number literal n becomes n-1"},
	{"go-true-to-false", false, "go-constant", "a true literal, not a returned one, becomes false"},
	{"go-false-to-true", false, "go-constant", "a false literal, not a returned one, becomes true"},
	{"go-string-to-empty", false, "go-constant", "a string literal that is neither SQL nor an error message becomes \"\""},
	{"go-return-zero", false, "go-return", "a value returned with a nil error becomes its type's zero value"},
	{"go-return-nil-error", false, "go-return", "an error made here (not passed on from a call) is returned as nil"},
	{"go-refusal-to-error", false, "go-return", "a refusal (every value zero with a nil error) is returned with an error instead (errors.New(\"refused\"))"},
	{"go-unwrap-sentinel", false, "go-return", "a sentinel error wrapped with %w by fmt.Errorf is formatted with %v instead: the same text, but errors.Is no longer finds it"},
	{"go-remove-call", false, "go-statement", "a call statement is removed"},
	{"go-remove-assign", false, "go-statement", "an assignment to an existing variable (=, +=, ++) is removed"},
	{"go-swap-args", false, "go-query-value", "two values handed to a query (or two Scan destinations) are swapped"},
	{"go-neighbour-arg", false, "go-query-value", "a value handed to a query (or a Scan destination) is replaced by its neighbour"},
	{"go-arg-next-float", false, "go-query-value", "a float64 parameter handed to a query becomes the next float up (now+ε)"},
	{"go-arg-prev-float", false, "go-query-value", "a float64 parameter handed to a query becomes the next float down (now-ε)"},
	{"go-arg-plus-one", false, "go-query-value", "an int parameter handed to a query becomes n+1"},
	{"go-arg-minus-one", false, "go-query-value", "an int parameter handed to a query becomes n-1"},
	{"go-trim-param", false, "go-input", "a string parameter handed to a query is trimmed of surrounding space first (strings.TrimSpace)"},
	{"go-lower-param", false, "go-input", "a string parameter handed to a query is folded to lower case first (strings.ToLower)"},
	{"go-clamp-param", false, "go-input", "an int parameter handed to a query is capped at 10 first (min(n, 10)), as a store that bounds its batches would"},
	{"go-truncate-param", false, "go-input", "a string parameter handed to a query is cut to its first 64 bytes first, as a fixed-width column would"},
	{"go-whole-param", false, "go-input", "a float64 parameter handed to a query is cut to a whole number first (float64(int64(x))), as a store of whole seconds would"},
	{"go-txlock-deferred", false, "go-transaction", "the connection's transactions begin DEFERRED instead of IMMEDIATE (_txlock=deferred): a reader's lock is upgraded to write later, or fails"},
	{"go-higher-order", false, "go-higher-order", "an SQL change and a Go change on one line, made together (a sampled pair of first-order mutants)"},
	{"go-memoise", false, "go-state", "an exported function answers arguments it has answered before from package state, without running (its successes memoised)"},
	{"go-splice-sql-param", false, "go-injection", "a string parameter bound to a ? of a statement is spliced into the SQL text between quotes instead"},
}

// Lookup returns the operator called name.
func Lookup(name string) (Operator, bool) {
	for _, op := range Operators {
		if op.Name == name {
			return op, true
		}
	}
	return Operator{}, false
}

func operatorRank(name string) int {
	for i, op := range Operators {
		if op.Name == name {
			return i
		}
	}
	return len(Operators)
}

// An edit replaces src[start:end] with repl.
type edit struct {
	start, end int
	repl       string
	op         string
}

// Classic names the operators Generate applies: the comparison flips,
// ASC/DESC, a dropped conjunct, IF NOT EXISTS, the conflict clause, LIMIT
// off by one, Go boundaries, negated ifs, swapped booleans, dropped error
// checks and the read before Begin. A lab whose equivalent-mutant file
// lists the mutants of these alone keeps its mutants' IDs with Generate;
// a lab held to every operator uses [GenerateAll], as both labs here do.
var Classic = []string{"sql-le-to-lt", "sql-lt-to-le", "sql-gt-to-ge", "sql-ge-to-gt", "sql-eq-to-ne", "sql-ne-to-eq",
	"sql-asc-to-desc", "sql-desc-to-asc", "sql-drop-conjunct", "sql-drop-if-not-exists", "sql-do-nothing-to-replace",
	"sql-limit-plus-one", "sql-limit-minus-one", "go-lt-to-le", "go-le-to-lt", "go-gt-to-ge", "go-ge-to-gt",
	"go-negate-if", "go-drop-err-check", "go-return-true-to-false", "go-return-false-to-true", "go-return-negate",
	"go-read-before-begin"}

// Generate returns every mutant the [Classic] operators make of src, the
// Go source file called file (only its base name is used, in IDs), in
// source order. Two operators that would make the same mutated file yield
// one mutant.
func Generate(file string, src []byte) ([]Mutant, error) {
	return GenerateOps(file, src, Classic)
}

// GenerateAll is [Generate] with every operator of [Operators].
func GenerateAll(file string, src []byte) ([]Mutant, error) {
	return GenerateOps(file, src, nil)
}

// GenerateOps is [Generate] with the operators named in ops, or with every
// operator when ops is nil. An unknown name is an error.
func GenerateOps(file string, src []byte, ops []string) ([]Mutant, error) {
	var use map[string]bool
	if ops != nil {
		use = map[string]bool{}
		for _, name := range ops {
			if _, ok := Lookup(name); !ok {
				return nil, fmt.Errorf("mutagen: unknown operator %q", name)
			}
			use[name] = true
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	tf := fset.File(f.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }

	edits := fileEdits(f, src, off)
	edits = append(edits, pairEdits(src, off, f, edits)...)

	// Function extents, to name the function each change is in.
	type extent struct {
		name       string
		start, end int
	}
	var funcs []extent
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			funcs = append(funcs, extent{fd.Name.Name, off(fd.Pos()), off(fd.End())})
		}
	}
	funcAt := func(p int) string {
		for _, fn := range funcs {
			if fn.start <= p && p < fn.end {
				return fn.name
			}
		}
		return ""
	}

	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].start != edits[j].start {
			return edits[i].start < edits[j].start
		}
		return operatorRank(edits[i].op) < operatorRank(edits[j].op)
	})
	base := path.Base(strings.ReplaceAll(file, `\`, "/"))
	seen := map[string]bool{}   // mutated sources already produced
	perLine := map[string]int{} // mutants per file:line:operator so far
	var out []Mutant
	for _, e := range edits {
		if use != nil && !use[e.op] {
			continue
		}
		mutated := string(src[:e.start]) + e.repl + string(src[e.end:])
		if seen[mutated] || mutated == string(src) {
			continue
		}
		seen[mutated] = true
		old, repl, line, err := widen(src, e)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", base, e.op, err)
		}
		id := fmt.Sprintf("%s:%d:%s", base, line, e.op)
		perLine[id]++
		if n := perLine[id]; n > 1 {
			id += "#" + strconv.Itoa(n)
		}
		out = append(out, Mutant{ID: id, File: base, Line: line, Operator: e.op, Function: funcAt(e.start), Old: old, New: repl})
	}
	return out, nil
}

var goRelational = map[token.Token]struct{ to, op string }{
	token.LSS: {"<=", "go-lt-to-le"},
	token.LEQ: {"<", "go-le-to-lt"},
	token.GTR: {">=", "go-gt-to-ge"},
	token.GEQ: {">", "go-ge-to-gt"},
}

// isErrCheck reports whether cond is "err != nil" for a variable whose
// name is err or ends in Err.
func isErrCheck(cond ast.Expr) bool {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, ok1 := b.X.(*ast.Ident)
	y, ok2 := b.Y.(*ast.Ident)
	return ok1 && ok2 && y.Name == "nil" && (x.Name == "err" || strings.HasSuffix(x.Name, "Err"))
}

// returnEdits swaps the boolean results of fd's return statements. A
// return whose error result is anything but nil is skipped: the caller
// must ignore the other results then, so the swap could not be seen.
func returnEdits(src []byte, off func(token.Pos) int, fd *ast.FuncDecl) []edit {
	if fd.Type.Results == nil {
		return nil
	}
	var types []string
	for _, field := range fd.Type.Results.List {
		name := ""
		if id, ok := field.Type.(*ast.Ident); ok {
			name = id.Name
		}
		for range max(1, len(field.Names)) {
			types = append(types, name)
		}
	}
	var out []edit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) != len(types) {
				return true // a bare return, or one call returning all results
			}
			for i, r := range n.Results {
				if types[i] != "error" {
					continue
				}
				if id, ok := r.(*ast.Ident); !ok || id.Name != "nil" {
					return true
				}
			}
			for i, r := range n.Results {
				if types[i] != "bool" {
					continue
				}
				s, e := off(r.Pos()), off(r.End())
				switch text := string(src[s:e]); text {
				case "true":
					out = append(out, edit{s, e, "false", "go-return-true-to-false"})
				case "false":
					out = append(out, edit{s, e, "true", "go-return-false-to-true"})
				default:
					out = append(out, edit{s, e, "!(" + text + ")", "go-return-negate"})
				}
			}
		}
		return true
	})
	return out
}

// widen turns an edit into whole source lines: Old is the line or lines
// the edit touches, grown by a neighbouring line at a time (the one
// before, then the one after, alternately) until it occurs exactly once in
// src; New is the same lines with the edit applied. line is the line of
// the edit's start, counted from 1.
func widen(src []byte, e edit) (old, repl string, line int, err error) {
	var starts []int // offset of each line's first byte
	starts = append(starts, 0)
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(p int) int { return sort.SearchInts(starts, p+1) - 1 }
	lineEnd := func(l int) int { // end of line l, without its newline
		if l+1 < len(starts) {
			return starts[l+1] - 1
		}
		return len(bytes.TrimSuffix(src, []byte("\n")))
	}
	lo := lineOf(e.start)
	hi := lo
	if e.end > e.start {
		hi = lineOf(e.end - 1)
	}
	for grow := 0; ; grow++ {
		s, t := starts[lo], lineEnd(hi)
		old = string(src[s:t])
		if occurrences(src, old) == 1 {
			repl = old[:e.start-s] + e.repl + old[e.end-s:]
			return old, repl, lineOf(e.start) + 1, nil
		}
		switch {
		case lo == 0 && hi == len(starts)-1:
			return "", "", 0, fmt.Errorf("line %d: no unique text around the change", lineOf(e.start)+1)
		case (grow%2 == 0 || hi == len(starts)-1) && lo > 0:
			lo--
		default:
			hi++
		}
	}
}

// occurrences counts the places s starts in src, overlapping ones
// included: Apply needs exactly one.
func occurrences(src []byte, s string) int {
	n := 0
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte(s))
		if j < 0 {
			return n
		}
		n++
		i += j + 1
		if i > len(src) {
			return n
		}
	}
}

var idPattern = regexp.MustCompile(`^([^:\s]+):([0-9]+):([a-z0-9-]+)(#[0-9]+)?$`)

// Validate checks m on its own: an ID of the form file:line:operator that
// agrees with its fields, a known operator, and a real change. It checks
// the generated list's rules, not the hand catalogue's (whose names start
// with a worksheet step).
func (m Mutant) Validate() error {
	sm := idPattern.FindStringSubmatch(m.ID)
	switch {
	case sm == nil:
		return fmt.Errorf("mutant id %q: want file:line:operator, e.g. store.go:124:sql-gt-to-ge", m.ID)
	case sm[1] != m.File || sm[2] != strconv.Itoa(m.Line) || sm[3] != m.Operator:
		return fmt.Errorf("mutant %q: id disagrees with its file %q, line %d or operator %q", m.ID, m.File, m.Line, m.Operator)
	case !isOperator(m.Operator):
		return fmt.Errorf("mutant %q: unknown operator %q", m.ID, m.Operator)
	case m.Old == "":
		return fmt.Errorf("mutant %q: empty old text", m.ID)
	case m.Old == m.New:
		return fmt.Errorf("mutant %q: old and new are the same text", m.ID)
	}
	return nil
}

func isOperator(name string) bool {
	_, ok := Lookup(name)
	return ok
}

// Apply returns src with the mutant's one replacement, failing unless Old
// occurs exactly once (as [mutation.Apply] does for the catalogue).
func (m Mutant) Apply(src []byte) ([]byte, error) {
	where := ""
	if m.Pos != "" {
		where = m.Pos + ": "
	}
	switch n := occurrences(src, m.Old); n {
	case 0:
		return nil, fmt.Errorf("%smutant %q: old text %q does not occur in the reference", where, m.ID, m.Old)
	case 1:
	default:
		return nil, fmt.Errorf("%smutant %q: old text %q occurs %d times in the reference, want exactly once", where, m.ID, m.Old, n)
	}
	return mutation.Apply(src, m.Mutation(m.ID))
}

// Mutation returns m in the catalogue's form, for [mutation.Apply] and
// [mutation.Render]; pkg becomes its Name and so its package name (letters
// and digits, not starting with a digit). It is not a catalogue entry and
// is never validated as one.
func (m Mutant) Mutation(pkg string) mutation.Mutant {
	op, _ := Lookup(m.Operator)
	return mutation.Mutant{
		Name:     pkg,
		Function: m.Function,
		Idea:     mutation.Text{"en": m.ID + ": " + op.Doc},
		Old:      m.Old,
		New:      m.New,
		Pos:      cmp.Or(m.Pos, m.ID),
	}
}

// fileEdits returns every operator's edits of the parsed file f, whose
// source is src, in no particular order.
func fileEdits(f *ast.File, src []byte, off func(token.Pos) int) []edit {
	// The file's own SQL declares the columns and constants that the
	// identifier and constant replacements draw from.
	var stmts []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if q, ok := sqlLiteral(src, off(lit.Pos()), off(lit.End())); ok {
				stmts = append(stmts, q)
			}
		}
		return true
	})
	schema := parseSchema(stmts)

	var edits []edit
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				edits = append(edits, stringEdits(src, off(n.Pos()), off(n.End()), schema)...)
			}
		case *ast.BinaryExpr:
			if flip, ok := goRelational[n.Op]; ok {
				p := off(n.OpPos)
				edits = append(edits, edit{p, p + len(n.Op.String()), flip.to, flip.op})
			}
		case *ast.IfStmt:
			s, e := off(n.Cond.Pos()), off(n.Cond.End())
			edits = append(edits, edit{s, e, "!(" + string(src[s:e]) + ")", "go-negate-if"})
			if isErrCheck(n.Cond) {
				edits = append(edits, edit{s, e, "false", "go-drop-err-check"})
			}
		}
		return true
	})
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			edits = append(edits, returnEdits(src, off, fd)...)
			edits = append(edits, txEdits(src, off, fd.Body)...)
			edits = append(edits, goEdits(src, off, fd)...)
			edits = append(edits, resultEdits(src, off, fd, errorMaker(f))...)
			edits = append(edits, normaliseEdits(off, fd, importsStrings(f))...)
			edits = append(edits, memoEdits(src, off, fd)...)
			edits = append(edits, unwrapEdits(src, off, fd)...)
		}
	}
	edits = append(edits, declEdits(off, f)...)
	edits = append(edits, txlockEdits(src, off, f)...)
	return edits
}

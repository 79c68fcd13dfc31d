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
	// Doc says what the operator does, in one line.
	Doc string `json:"doc"`
}

// Operators lists every operator, in the order Generate tries them at one
// position.
var Operators = []Operator{
	{"sql-le-to-lt", true, "in a WHERE clause, <= becomes <"},
	{"sql-lt-to-le", true, "in a WHERE clause, < becomes <="},
	{"sql-gt-to-ge", true, "in a WHERE clause, > becomes >="},
	{"sql-ge-to-gt", true, "in a WHERE clause, >= becomes >"},
	{"sql-eq-to-ne", true, "in a WHERE clause, = becomes !="},
	{"sql-ne-to-eq", true, "in a WHERE clause, != or <> becomes ="},
	{"sql-asc-to-desc", true, "ASC becomes DESC"},
	{"sql-desc-to-asc", true, "DESC becomes ASC"},
	{"sql-drop-conjunct", true, "one conjunct of a WHERE clause with two or more is dropped"},
	{"sql-drop-if-not-exists", true, "IF NOT EXISTS is removed"},
	{"sql-do-nothing-to-replace", true, "an insert that does nothing on conflict becomes INSERT OR REPLACE"},
	{"sql-limit-plus-one", true, "LIMIT ? becomes LIMIT ? + 1"},
	{"sql-limit-minus-one", true, "LIMIT ? becomes LIMIT ? - 1"},
	{"go-lt-to-le", false, "< becomes <="},
	{"go-le-to-lt", false, "<= becomes <"},
	{"go-gt-to-ge", false, "> becomes >="},
	{"go-ge-to-gt", false, ">= becomes >"},
	{"go-negate-if", false, "if c becomes if !(c)"},
	{"go-drop-err-check", false, "if err != nil becomes if false"},
	{"go-return-true-to-false", false, "a returned true becomes false"},
	{"go-return-false-to-true", false, "a returned false becomes true"},
	{"go-return-negate", false, "any other returned boolean b becomes !(b)"},
	{"go-read-before-begin", false, "the reads at the start of a transaction move before its Begin, out of the transaction"},
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

// Generate returns every mutant the operators make of src, the Go source
// file called file (only its base name is used, in IDs), in source order.
// Two operators that would make the same mutated file yield one mutant.
func Generate(file string, src []byte) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	tf := fset.File(f.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }

	var edits []edit
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				edits = append(edits, stringEdits(src, off(n.Pos()), off(n.End()))...)
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
		}
	}

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

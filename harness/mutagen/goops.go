package mutagen

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// goEdits returns the edits of the Go operators that mature mutation tools
// share (PIT, Stryker, cargo-mutants) and of the values that reach a query,
// in the function fd.
func goEdits(src []byte, off func(token.Pos) int, fd *ast.FuncDecl) []edit {
	params := paramTypes(fd)
	conds, skip := covered(fd)
	text := func(n ast.Node) string { return string(src[off(n.Pos()):off(n.End())]) }
	var out []edit
	replace := func(n ast.Node, repl, op string) {
		out = append(out, edit{off(n.Pos()), off(n.End()), repl, op})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			p := off(n.OpPos)
			swap := func(to, op string) { out = append(out, edit{p, p + len(n.Op.String()), to, op}) }
			switch n.Op {
			case token.EQL:
				if !conds[n] && !skip[n] {
					swap("!=", "go-eq-to-ne")
				}
			case token.NEQ:
				if !conds[n] && !skip[n] {
					swap("==", "go-ne-to-eq")
				}
			case token.LAND:
				swap("||", "go-and-to-or")
			case token.LOR:
				swap("&&", "go-or-to-and")
			case token.ADD:
				if !isStringLit(n.X) && !isStringLit(n.Y) {
					swap("-", "go-add-to-sub")
				}
			case token.SUB:
				swap("+", "go-sub-to-add")
			}
		case *ast.UnaryExpr:
			if n.Op == token.NOT && !conds[n] {
				p := off(n.OpPos)
				out = append(out, edit{p, p + 1, "", "go-drop-not"})
			}
		case *ast.AssignStmt:
			p := off(n.TokPos)
			switch n.Tok {
			case token.ADD_ASSIGN:
				out = append(out, edit{p, p + 2, "-=", "go-add-to-sub"})
			case token.SUB_ASSIGN:
				out = append(out, edit{p, p + 2, "+=", "go-sub-to-add"})
			}
			if n.Tok != token.DEFINE && !lastUse(fd, n) {
				replace(n, "", "go-remove-assign")
			}
		case *ast.IncDecStmt:
			p := off(n.TokPos)
			if n.Tok == token.INC {
				out = append(out, edit{p, p + 2, "--", "go-add-to-sub"})
			} else {
				out = append(out, edit{p, p + 2, "++", "go-sub-to-add"})
			}
			replace(n, "", "go-remove-assign")
		case *ast.ExprStmt:
			if _, ok := n.X.(*ast.CallExpr); ok && !lastUse(fd, n) {
				replace(n, "", "go-remove-call")
			}
		case *ast.Ident:
			if skip[n] {
				break
			}
			switch n.Name {
			case "true":
				replace(n, "false", "go-true-to-false")
			case "false":
				replace(n, "true", "go-false-to-true")
			}
		case *ast.BasicLit:
			if skip[n] {
				break
			}
			literalEdits(n, replace)
		case *ast.CallExpr:
			queryArgEdits(n, params, text, replace)
		}
		return true
	})
	return out
}

// declEdits returns the literal edits of the top-level constant and
// variable declarations of f: the limits, defaults and names a store is
// configured with.
func declEdits(off func(token.Pos) int, f *ast.File) []edit {
	var out []edit
	replace := func(n ast.Node, repl, op string) {
		out = append(out, edit{off(n.Pos()), off(n.End()), repl, op})
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST && gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, v := range vs.Values {
				if lit, ok := v.(*ast.BasicLit); ok {
					literalEdits(lit, replace)
				}
			}
		}
	}
	return out
}

// literalEdits changes a number by one up and one down (PIT's inline
// constant and increments), and a non-empty string to the empty string
// (Stryker's string literal); an SQL string has its own operators.
func literalEdits(n *ast.BasicLit, replace func(ast.Node, string, string)) {
	switch n.Kind {
	case token.INT:
		v, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			return
		}
		replace(n, strconv.FormatInt(v+1, 10), "go-const-plus-one")
		replace(n, strconv.FormatInt(v-1, 10), "go-const-minus-one")
	case token.FLOAT:
		replace(n, "("+n.Value+" + 1)", "go-const-plus-one")
		replace(n, "("+n.Value+" - 1)", "go-const-minus-one")
	case token.STRING:
		v, err := strconv.Unquote(n.Value)
		if err != nil || v == "" || sqlStart.MatchString(v) {
			return
		}
		replace(n, `""`, "go-string-to-empty")
	}
}

// isMessageCall reports whether c builds an error or its message, whose
// text no store behaviour depends on: fmt.Errorf, errors.New.
func isMessageCall(c *ast.CallExpr) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "fmt" && sel.Sel.Name == "Errorf" || pkg.Name == "errors" && sel.Sel.Name == "New")
}

func isStringLit(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}

// paramTypes maps each parameter of fd to its type's source form when the
// type is a plain name (string, int, float64).
func paramTypes(fd *ast.FuncDecl) map[string]string {
	types := map[string]string{}
	for _, field := range fd.Type.Params.List {
		id, ok := field.Type.(*ast.Ident)
		if !ok {
			continue
		}
		for _, name := range field.Names {
			types[name.Name] = id.Name
		}
	}
	return types
}

// queryMethods are the database/sql methods whose arguments after the
// first are the values a statement's parameters take.
var queryMethods = map[string]bool{"Exec": true, "Query": true, "QueryRow": true}

// queryArgEdits returns the edits of the values a call hands to SQL: the
// arguments of Exec, Query and QueryRow after the statement, and the
// destinations of Scan. Two of them are swapped (SQLMutation's parameter
// replacement, as a person misorders them), one is replaced by its
// neighbour, a float64 parameter moves by one unit in the last place
// (now±ε: a boundary off by the least amount) and an int parameter by one.
func queryArgEdits(c *ast.CallExpr, params map[string]string, text func(ast.Node) string, replace func(ast.Node, string, string)) {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	var args []ast.Expr
	switch {
	case queryMethods[sel.Sel.Name] && len(c.Args) >= 2:
		args = c.Args[1:]
	case sel.Sel.Name == "Scan" && len(c.Args) >= 2:
		args = c.Args
	default:
		return
	}
	for i := range args {
		for j := i + 1; j < len(args); j++ {
			a, b := text(args[i]), text(args[j])
			if a == b {
				continue
			}
			// One edit spanning both, so that the pair is one mutant.
			s := args[i].Pos()
			whole := text(&span{s, args[j].End()})
			mid := whole[len(a) : len(whole)-len(b)]
			replace(&span{s, args[j].End()}, b+mid+a, "go-swap-args")
		}
	}
	for i := range args {
		for _, k := range []int{i - 1, i + 1} {
			if k >= 0 && k < len(args) && text(args[k]) != text(args[i]) {
				replace(args[i], text(args[k]), "go-neighbour-arg")
			}
		}
	}
	if queryMethods[sel.Sel.Name] {
		spliceEdits(c, params, text, replace)
	}
	for _, a := range args {
		id, ok := a.(*ast.Ident)
		if !ok {
			continue
		}
		switch params[id.Name] {
		case "float64":
			replace(a, "math.Nextafter("+id.Name+", math.Inf(1))", "go-arg-next-float")
			replace(a, "math.Nextafter("+id.Name+", math.Inf(-1))", "go-arg-prev-float")
		case "int":
			replace(a, id.Name+"+1", "go-arg-plus-one")
			replace(a, id.Name+"-1", "go-arg-minus-one")
		}
	}
}

// spliceEdits returns the injection edits of one query call (MUSIC's
// operators, Shahriar and Zulkernine, 2008): a string parameter of the
// function, bound to a ? of a literal statement, is spliced into the SQL
// text between quotes instead, as code that builds SQL by concatenation
// does; a value holding a quote then breaks or changes the statement.
// Only a literal whose ? marks match the arguments one for one is read.
func spliceEdits(c *ast.CallExpr, params map[string]string, text func(ast.Node) string, replace func(ast.Node, string, string)) {
	lit := text(c.Args[0])
	if len(lit) < 2 || (lit[0] != '`' && (lit[0] != '"' || strings.ContainsRune(lit, '\\'))) {
		return
	}
	q := lit[1 : len(lit)-1]
	var marks []sqlToken
	for _, t := range tokenizeSQL(q) {
		if t.kind == 'v' {
			marks = append(marks, t)
		}
	}
	args := c.Args[1:]
	if len(marks) != len(args) {
		return
	}
	quote := func(s string) string {
		if lit[0] == '`' {
			return "`" + s + "`"
		}
		return strconv.Quote(s)
	}
	for i, a := range args {
		id, ok := a.(*ast.Ident)
		if !ok || params[id.Name] != "string" || q[marks[i].start:marks[i].end] != "?" {
			continue
		}
		spliced := quote(q[:marks[i].start]+"'") + " + " + id.Name + " + " + quote("'"+q[marks[i].end:])
		rest := []string{spliced}
		for j, b := range args {
			if j != i {
				rest = append(rest, text(b))
			}
		}
		replace(&span{c.Args[0].Pos(), args[len(args)-1].End()}, strings.Join(rest, ", "), "go-splice-sql-param")
	}
}

// A span is a node that is only a range of source.
type span struct{ from, to token.Pos }

func (s *span) Pos() token.Pos { return s.from }
func (s *span) End() token.Pos { return s.to }

// resultEdits returns the edits of fd's return statements that change a
// returned value rather than a boolean (returnEdits'): a value returned
// with a nil error replaced by its type's zero value (PIT's empty and null
// returns, cargo-mutants' default values), an error made here, not
// passed on from a call, replaced by nil (a check that stops refusing),
// and, where newErr can make an error (errors.New in a file that imports
// errors), a refusal (every value zero, the error nil) returned as an
// error instead, as a store that takes "no" for a failure does.
func resultEdits(src []byte, off func(token.Pos) int, fd *ast.FuncDecl, newErr string) []edit {
	if fd.Type.Results == nil {
		return nil
	}
	var types []ast.Expr
	for _, field := range fd.Type.Results.List {
		for range max(1, len(field.Names)) {
			types = append(types, field.Type)
		}
	}
	var out []edit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != len(types) {
				return true
			}
			errAt := -1
			for i, t := range types {
				if id, ok := t.(*ast.Ident); ok && id.Name == "error" {
					errAt = i
				}
			}
			nilErr := errAt < 0 || isIdent(n.Results[errAt], "nil")
			if errAt >= 0 && nilErr && newErr != "" && refusal(n.Results, errAt) {
				r := n.Results[errAt]
				out = append(out, edit{off(r.Pos()), off(r.End()), newErr + `("refused")`, "go-refusal-to-error"})
			}
			for i, r := range n.Results {
				s, e := off(r.Pos()), off(r.End())
				if i == errAt {
					if c, ok := r.(*ast.CallExpr); ok && isMessageCall(c) && !mentions(r, "err") {
						out = append(out, edit{s, e, "nil", "go-return-nil-error"})
					}
					continue
				}
				z := zeroValue(types[i])
				if !nilErr || z == "" || string(src[s:e]) == z || lastUse(fd, r) {
					continue
				}
				out = append(out, edit{s, e, z, "go-return-zero"})
			}
		}
		return true
	})
	return out
}

// refusal reports whether every result but the error at errAt is a zero
// literal (false, 0, "", nil): the way a function says no.
func refusal(results []ast.Expr, errAt int) bool {
	for i, r := range results {
		if i == errAt {
			continue
		}
		switch r := r.(type) {
		case *ast.Ident:
			if r.Name != "false" && r.Name != "nil" {
				return false
			}
		case *ast.BasicLit:
			if r.Value != "0" && r.Value != `""` {
				return false
			}
		default:
			return false
		}
	}
	return len(results) > 1
}

// zeroValue is the source of t's zero value, or "" for a type whose
// results another operator changes (bool, error) or that it cannot name.
func zeroValue(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.Ident:
		switch t.Name {
		case "int", "int64", "float64":
			return "0"
		case "string":
			return `""`
		case "any":
			return "nil"
		}
	case *ast.ArrayType, *ast.MapType, *ast.StarExpr, *ast.InterfaceType, *ast.FuncType:
		return "nil"
	}
	return ""
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// mentions reports whether the identifier name occurs in n.
func mentions(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// lastUse reports whether n holds the only use of a variable that fd
// declares with :=, so that removing n would leave it unused and the
// mutant would not compile.
func lastUse(fd *ast.FuncDecl, n ast.Node) bool {
	declared := map[string]bool{}
	ast.Inspect(fd.Body, func(m ast.Node) bool {
		if as, ok := m.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					declared[id.Name] = true
				}
			}
		}
		return true
	})
	inside := map[string]bool{}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && declared[id.Name] {
			inside[id.Name] = true
		}
		return true
	})
	for name := range inside {
		uses := 0 // uses outside n, not counting the declarations
		ast.Inspect(fd.Body, func(m ast.Node) bool {
			if m == n {
				return false
			}
			if as, ok := m.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, r := range as.Rhs {
					if mentions(r, name) {
						uses++
					}
				}
				return false
			}
			if id, ok := m.(*ast.Ident); ok && id.Name == name {
				uses++
			}
			return true
		})
		if uses == 0 {
			return true
		}
	}
	return false
}

// covered returns the expressions of fd that other operators change
// already: its whole if conditions (go-negate-if's), and the returned
// values and error messages, with every node inside a message
// (go-return-*'s; a message's text changes no behaviour).
func covered(fd *ast.FuncDecl) (conds map[ast.Expr]bool, skip map[ast.Node]bool) {
	conds = map[ast.Expr]bool{}
	skip = map[ast.Node]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			conds[n.Cond] = true
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				skip[r] = true // go-return-* change returned values
			}
		case *ast.CallExpr:
			if isMessageCall(n) {
				for _, a := range n.Args {
					ast.Inspect(a, func(m ast.Node) bool { skip[m] = true; return true })
				}
			}
		}
		return true
	})
	return conds, skip
}

// normaliseEdits returns the input-handling edits of fd (the
// normalisations people insert on the way in) on each parameter of the
// function handed to Exec, Query or QueryRow: a string is cut to 64 bytes,
// as a store with a fixed-width column does, and, in a file that imports
// strings (so that the copy compiles), trimmed of surrounding space or
// folded to lower case, as a store that "cleans" its keys does; a float64
// is cut to a whole number, as a store that keeps times in whole seconds
// does; an int is capped at 10, as a store that bounds its batches does.
func normaliseEdits(off func(token.Pos) int, fd *ast.FuncDecl, withStrings bool) []edit {
	params := paramTypes(fd)
	var out []edit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return !isFuncLit(n)
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || !queryMethods[sel.Sel.Name] || len(c.Args) < 2 {
			return true
		}
		for _, a := range c.Args[1:] {
			id, ok := a.(*ast.Ident)
			if !ok {
				continue
			}
			s, e := off(a.Pos()), off(a.End())
			switch params[id.Name] {
			case "string":
				out = append(out, edit{s, e, id.Name + "[:min(len(" + id.Name + "), 64)]", "go-truncate-param"})
				if withStrings {
					out = append(out, edit{s, e, "strings.TrimSpace(" + id.Name + ")", "go-trim-param"},
						edit{s, e, "strings.ToLower(" + id.Name + ")", "go-lower-param"})
				}
			case "float64":
				out = append(out, edit{s, e, "float64(int64(" + id.Name + "))", "go-whole-param"})
			case "int":
				out = append(out, edit{s, e, "min(" + id.Name + ", 10)", "go-clamp-param"})
			}
		}
		return true
	})
	return out
}

func isFuncLit(n ast.Node) bool { _, ok := n.(*ast.FuncLit); return ok }

// importsStrings reports whether f imports the standard strings package
// under its own name.
func importsStrings(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"strings"` && (imp.Name == nil || imp.Name.Name == "strings") {
			return true
		}
	}
	return false
}

// errorMaker is the function a copy of f can make a new error with,
// errors.New where f imports errors under its own name, else "".
func errorMaker(f *ast.File) string {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"errors"` && (imp.Name == nil || imp.Name.Name == "errors") {
			return "errors.New"
		}
	}
	return ""
}

// unwrapEdits makes the go-unwrap-sentinel mutants of fd: a fmt.Errorf
// that wraps a sentinel error (an identifier named Err...) with %w formats
// it with %v instead, keeping the text and losing what errors.Is sees, the
// mistake of a message rewritten by hand.
func unwrapEdits(src []byte, off func(token.Pos) int, fd *ast.FuncDecl) []edit {
	var out []edit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) < 2 {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || !isIdent(sel.X, "fmt") || sel.Sel.Name != "Errorf" {
			return true
		}
		format, ok := c.Args[0].(*ast.BasicLit)
		if !ok || format.Kind != token.STRING {
			return true
		}
		sentinel := false
		for _, a := range c.Args[1:] {
			if id, ok := a.(*ast.Ident); ok && len(id.Name) > 3 && strings.HasPrefix(id.Name, "Err") && id.Name[3] >= 'A' && id.Name[3] <= 'Z' {
				sentinel = true
			}
		}
		s := off(format.Pos())
		if i := strings.Index(string(src[s:off(format.End())]), "%w"); sentinel && i >= 0 {
			out = append(out, edit{s + i, s + i + 2, "%v", "go-unwrap-sentinel"})
		}
		return true
	})
	return out
}

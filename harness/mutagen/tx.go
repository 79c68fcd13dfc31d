package mutagen

import (
	"bytes"
	"go/ast"
	"go/token"
	"strings"
)

// txEdits makes the go-read-before-begin mutants of a function body: in a
// block that begins a transaction (tx, err := db.Begin()), the statements
// after the Begin and its error check and deferred Rollback, up to the
// first one that uses the transaction other than to query it, move before
// the Begin and query db instead. The reads that chose what the
// transaction changes are then made outside it, where another writer can
// act between them and the writes: the bug a purge that selects outside
// its deleting transaction carries.
func txEdits(src []byte, off func(token.Pos) int, body *ast.BlockStmt) []edit {
	var out []edit
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			for i := range b.List {
				if e, ok := readBeforeBegin(src, off, b.List, i); ok {
					out = append(out, e)
				}
			}
		}
		return true
	})
	return out
}

// readBeforeBegin makes the edit for the Begin at stmts[i], if it is one.
func readBeforeBegin(src []byte, off func(token.Pos) int, stmts []ast.Stmt, i int) (edit, bool) {
	tx, db, ok := beginOf(stmts[i])
	if !ok {
		return edit{}, false
	}
	first := i + 1
	for first < len(stmts) && (isErrCheckStmt(stmts[first]) || isDeferOn(stmts[first], tx)) {
		first++
	}
	last, queries := first, false
	for ; last < len(stmts); last++ {
		uses, query := txUses(stmts[last], tx)
		if uses && !query {
			break
		}
		queries = queries || query
	}
	if !queries || last == first {
		return edit{}, false
	}
	start, from, end := off(stmts[i].Pos()), off(stmts[first].Pos()), off(stmts[last-1].End())
	moved := strings.ReplaceAll(string(src[from:end]), tx+".Query(", db+".Query(")
	indent := src[lineStart(src, start):start]
	begin := strings.TrimRight(string(src[start:from]), " \t\n")
	return edit{start, end, moved + "\n" + string(indent) + begin, "go-read-before-begin"}, true
}

// beginOf reports whether s is "tx, err := db.Begin()" (or =), and names
// tx and db.
func beginOf(s ast.Stmt) (tx, db string, ok bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return "", "", false
	}
	call, ok := as.Rhs[0].(*ast.CallExpr)
	if !ok {
		return "", "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Begin" {
		return "", "", false
	}
	recv, ok1 := sel.X.(*ast.Ident)
	id, ok2 := as.Lhs[0].(*ast.Ident)
	if !ok1 || !ok2 {
		return "", "", false
	}
	return id.Name, recv.Name, true
}

// isErrCheckStmt reports whether s is "if err != nil { ... }".
func isErrCheckStmt(s ast.Stmt) bool {
	is, ok := s.(*ast.IfStmt)
	return ok && is.Init == nil && isErrCheck(is.Cond)
}

// isDeferOn reports whether s is a deferred call of a method of tx.
func isDeferOn(s ast.Stmt, tx string) bool {
	d, ok := s.(*ast.DeferStmt)
	if !ok {
		return false
	}
	sel, ok := d.Call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == tx
}

// txUses reports whether s uses tx, and whether every use is tx.Query.
func txUses(s ast.Stmt, tx string) (uses, onlyQuery bool) {
	onlyQuery = true
	ast.Inspect(s, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == tx {
			uses = true
			onlyQuery = onlyQuery && sel.Sel.Name == "Query"
		}
		return true
	})
	return uses, uses && onlyQuery
}

// lineStart is the offset of the start of the line holding off.
func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// txlockEdits makes the go-txlock-deferred mutants of a file: in a string
// literal that asks modernc.org/sqlite to begin transactions IMMEDIATE
// (_txlock=immediate, taking the write lock at BEGIN), the transactions
// begin DEFERRED instead, as the driver's default does: the lock is taken
// at the first write, and a transaction that read first may find another
// writer ahead of it, which SQLite refuses at once (SQLITE_BUSY) rather
// than wait for.
func txlockEdits(src []byte, off func(token.Pos) int, f *ast.File) []edit {
	const immediate, deferred = "_txlock=immediate", "_txlock=deferred"
	var out []edit
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s := off(lit.Pos())
		if i := bytes.Index(src[s:off(lit.End())], []byte(immediate)); i >= 0 {
			out = append(out, edit{s + i, s + i + len(immediate), deferred, "go-txlock-deferred"})
		}
		return true
	})
	return out
}

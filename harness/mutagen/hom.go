package mutagen

import (
	"go/ast"
	"go/token"
	"hash/fnv"
)

// pairEdits returns the higher-order edits of a file: in each statement
// that runs a query (Exec, Query, QueryRow) where both an SQL operator and
// a Go operator change the code, one pair of them applied together (Jia
// and Harman's higher-order mutants, sampled: of a statement's pairs, the
// one whose digest of operators and text is lowest, so the sample is the
// same on every run and moves only with the statement). Two mistakes in
// one statement are what people write, a condition flipped and its
// argument moved, and such a pair can mask each other where each alone
// is found: the subtle higher-order mutant.
func pairEdits(src []byte, off func(token.Pos) int, f *ast.File, edits []edit) []edit {
	stmts := queryStmts(off, f)
	stmtOf := func(p int) int {
		for _, s := range stmts {
			if s[0] <= p && p < s[1] {
				return s[0]
			}
		}
		return -1
	}
	type pick struct {
		e    edit
		hash uint64
	}
	best := map[int]pick{} // by statement
	for i, a := range edits {
		stmt := stmtOf(a.start)
		if !isSQLOp(a.op) || stmt < 0 {
			continue
		}
		for _, b := range edits[i+1:] {
			if isSQLOp(b.op) || b.start < a.end && a.start < b.end || stmtOf(b.start) != stmt {
				continue
			}
			h := fnv.New64a()
			h.Write([]byte(a.op + "\x00" + b.op + "\x00" + string(src[a.start:a.end]) + "\x00" + string(src[b.start:b.end]) + "\x00" + a.repl + "\x00" + b.repl))
			// A comparison moved and its argument moved are the pairs most
			// likely to mask each other: drawn first.
			rank := h.Sum64() >> 1
			if !(boundaryOps[b.op] && relational(a.op)) {
				rank |= 1 << 63
			}
			if p, ok := best[stmt]; !ok || rank < p.hash {
				best[stmt] = pick{pair(src, a, b), rank}
			}
		}
	}
	var out []edit
	for _, p := range best {
		out = append(out, p.e)
	}
	return out
}

// pair is the one edit that makes both a and b, which do not overlap.
func pair(src []byte, a, b edit) edit {
	if b.start < a.start {
		a, b = b, a
	}
	repl := a.repl + string(src[a.end:b.start]) + b.repl
	return edit{a.start, b.end, repl, "go-higher-order"}
}

// boundaryOps move a value handed to a query by one step.
var boundaryOps = map[string]bool{"go-arg-next-float": true, "go-arg-prev-float": true, "go-arg-plus-one": true, "go-arg-minus-one": true, "go-whole-param": true}

// relational reports whether an SQL operator changes a comparison.
func relational(name string) bool {
	op, ok := Lookup(name)
	return ok && op.Family == "sql-relational"
}

func isSQLOp(name string) bool {
	op, ok := Lookup(name)
	return ok && op.SQL
}

// queryStmts returns the extents, [start, end), of the innermost
// statements of f that call Exec, Query or QueryRow.
func queryStmts(off func(token.Pos) int, f *ast.File) [][2]int {
	var out [][2]int
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.IfStmt:
		default:
			return true
		}
		if _, ok := n.(*ast.IfStmt); ok {
			return true // its init and body hold the statements
		}
		calls := false
		ast.Inspect(n, func(m ast.Node) bool {
			if c, ok := m.(*ast.CallExpr); ok {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && queryMethods[sel.Sel.Name] {
					calls = true
				}
			}
			return !calls
		})
		if calls {
			out = append(out, [2]int{off(n.Pos()), off(n.End())})
		}
		return true
	})
	return out
}

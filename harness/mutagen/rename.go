package mutagen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"
)

// prefixFile rewrites one Go file so that it can share a package with
// other copies of itself: its package clause becomes pkg, and every name
// it declares at the top level (functions, constants, variables, types)
// gets prefix, at its declaration and at every use. Only those bytes
// change, so every other line, comment and string, SQL included, stays as
// it was and compiler messages keep their line numbers.
//
// A file's own names are found by the parser's resolution, which sees one
// file: a local variable that shadows a top-level name and a field or
// method selected with a dot are left as they are. Without types, a key of
// a composite literal is taken for a field name, except in a literal
// written as a map or an array, where it is an expression. The parser
// resolves such a key only when its object was declared before it; one it
// left unresolved is in no local scope (locals are declared before use),
// so it is a top-level name when the file declares it. A file that keys a
// literal of a named map type by its own constant fails to compile after
// the rewrite, rather than behaving differently.
//
// What reflection sees does change: a type's name (%T, reflect), and the
// name of a field that embeds one of the file's own types, which would
// change what encoding/json writes. A file that embeds its own type is
// therefore refused. The reference declares no types at all; a control
// copy, judged by the same observations, shows whether any of them can
// tell the copy from the original.
func prefixFile(src []byte, pkg, prefix string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, 0) // with object resolution, which finds the uses
	if err != nil {
		return nil, err
	}
	if ast.IsExported(prefix) {
		return nil, fmt.Errorf("prefix %q would export the file's unexported names", prefix)
	}
	own := map[*ast.Object]bool{}
	for _, obj := range f.Scope.Objects {
		own[obj] = true
	}
	// Methods are not in the file scope, and are named through their
	// receiver's type, which is renamed; their own names stay.
	type edit struct {
		off    int
		insert string // inserted before off
		cut    int    // bytes removed from off
	}
	edits := []edit{{off: fset.Position(f.Name.Pos()).Offset, insert: pkg, cut: len(f.Name.Name)}}
	var embeds []string
	ast.Inspect(f, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for _, field := range st.Fields.List {
			t := field.Type
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			if id, ok := t.(*ast.Ident); ok && len(field.Names) == 0 && id.Obj != nil && own[id.Obj] {
				embeds = append(embeds, fmt.Sprintf("%s: embeds its own type %s, whose field name a prefix would change", fset.Position(id.Pos()), id.Name))
			}
		}
		return true
	})
	if len(embeds) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(embeds, "; "))
	}
	keys := map[*ast.Ident]bool{} // true: an expression; false: a field name
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		expr := false
		switch lit.Type.(type) {
		case *ast.MapType, *ast.ArrayType:
			expr = true
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					keys[id] = expr
				}
			}
		}
		return true
	})
	ownName := func(id *ast.Ident) bool {
		expr, isKey := keys[id]
		switch {
		case !isKey:
			return id.Obj != nil && own[id.Obj]
		case !expr:
			return false
		case id.Obj != nil:
			return own[id.Obj]
		default:
			return f.Scope.Lookup(id.Name) != nil
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && ownName(id) {
			edits = append(edits, edit{off: fset.Position(id.Pos()).Offset, insert: prefix})
		}
		return true
	})
	sort.Slice(edits, func(i, j int) bool { return edits[i].off < edits[j].off })
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.off])
		b.WriteString(e.insert)
		last = e.off + e.cut
	}
	b.Write(src[last:])
	return b.Bytes(), nil
}

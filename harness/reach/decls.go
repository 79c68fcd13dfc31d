package reach

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
)

// A decl is one top-level declaration unit of a file, as the comparison
// sees it: a function, a method, or a whole const, type, var or import
// group (a const group is one unit because iota ties its specs together).
type decl struct {
	key   string   // "Name", "Type.Method", "const A,B", "var x", "import", "init#2"
	names []string // the objects it declares, as graph nodes ("Type.Method" for a method)
	// fn says the unit is a function (not a method, not init); start
	// says its code runs when the package starts: an import, a variable
	// or an init function.
	fn, start bool
	text      string // the unit printed without comments
}

// decls splits the Go source src into its declaration units, one for each
// of the file's Decls, in order.
func decls(fset *token.FileSet, name string, src []byte) (*ast.File, []decl, error) {
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	var units []decl
	keys := map[string]bool{}
	inits := 0
	for _, d := range f.Decls {
		u := decl{text: printed(fset, d)}
		switch d := d.(type) {
		case *ast.FuncDecl:
			switch {
			case d.Recv != nil:
				u.key = receiverName(d.Recv.List[0].Type) + "." + d.Name.Name
				u.names = []string{u.key}
			case d.Name.Name == "init":
				inits++
				u.key, u.start = fmt.Sprintf("init#%d", inits), true
			default:
				u.key, u.names, u.fn = d.Name.Name, []string{d.Name.Name}, true
			}
		case *ast.GenDecl:
			u.names = specNames(d)
			u.start = d.Tok == token.VAR || d.Tok == token.IMPORT
			u.key = d.Tok.String() + " " + strings.Join(u.names, ",")
		}
		if keys[u.key] {
			// Two groups declaring the same names cannot compile; keep
			// them apart so that the comparison sees both.
			u.key += fmt.Sprintf("#%d", len(units))
		}
		keys[u.key] = true
		// An init function is a node of its own, named as its unit is.
		if len(u.names) == 0 && u.start {
			u.names = []string{u.key}
		}
		units = append(units, u)
	}
	return f, units, nil
}

// specNames are the names a const, type or var group declares (for an
// import group, its paths).
func specNames(d *ast.GenDecl) []string {
	var names []string
	for _, s := range d.Specs {
		switch s := s.(type) {
		case *ast.ValueSpec:
			for _, n := range s.Names {
				names = append(names, n.Name)
			}
		case *ast.TypeSpec:
			names = append(names, s.Name.Name)
		case *ast.ImportSpec:
			names = append(names, s.Path.Value)
		}
	}
	return names
}

// receiverName is the name of a method receiver's type, without its
// pointer or type parameters.
func receiverName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return fmt.Sprintf("%T", t)
		}
	}
}

// printed is node as gofmt prints it; the file was parsed without
// comments, so a change to a comment or to layout alone prints the same.
func printed(fset *token.FileSet, node ast.Node) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, node); err != nil {
		return fmt.Sprintf("unprintable %T: %v", node, err)
	}
	return b.String()
}

// directives are the comments of src that the go command or the compiler
// read ("//go:embed", "//go:linkname", "//line", and cgo's preamble before
// import "C"): a change to one changes what is built, though no
// declaration's code differs.
func directives(src []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:") || strings.HasPrefix(c.Text, "//line ") || strings.HasPrefix(c.Text, "/*line ") {
				out = append(out, c.Text)
			}
		}
	}
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` && imp.Doc != nil {
			out = append(out, imp.Doc.Text())
		}
	}
	return out, nil
}

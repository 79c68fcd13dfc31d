package reach

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"
)

// A graph is the reference's static call graph: from each top-level
// object (a function, a method as "Type.Method", a constant, a variable or
// a type) to the file's own objects its declaration uses.
type graph struct {
	edges map[string]map[string]bool
	// start are the objects whose code runs when the package starts:
	// init functions (as "init#N") and variables.
	start []string
}

// emptyImporter gives every import as an empty package: the file's own
// names still resolve, and what it uses of an import does not need to.
type emptyImporter struct{}

func (emptyImporter) Import(p string) (*types.Package, error) {
	name := path.Base(p)
	if v := strings.TrimPrefix(name, "v"); v != name {
		if _, err := strconv.Atoi(v); err == nil { // a major version suffix
			name = path.Base(path.Dir(p))
		}
	}
	pkg := types.NewPackage(p, strings.ReplaceAll(name, "-", "_"))
	pkg.MarkComplete()
	return pkg, nil
}

// newGraph builds the call graph of f, one of units' file.
func newGraph(fset *token.FileSet, f *ast.File, units []decl) *graph {
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	pkg, _ := conf.Check(f.Name.Name, fset, []*ast.File{f}, info)

	g := &graph{edges: map[string]map[string]bool{}}
	methods := map[string][]string{} // method name -> "Type.Method" nodes
	ofType := map[string][]string{}  // type name -> its method nodes
	for _, u := range units {
		for _, n := range u.names {
			if typ, m, ok := strings.Cut(n, "."); ok {
				methods[m] = append(methods[m], n)
				ofType[typ] = append(ofType[typ], n)
			}
		}
	}
	own := func(obj types.Object) string { return ownName(pkg, obj) }
	for i, d := range f.Decls {
		for _, from := range units[i].names {
			edges := map[string]bool{}
			ast.Inspect(d, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj, used := info.Uses[id]
				switch {
				case !used && info.Defs[id] == nil, used && isAbstractMethod(obj):
					// Unresolved, or an interface's method: any of the
					// file's methods of that name may be the one called.
					for _, m := range methods[id.Name] {
						edges[m] = true
					}
				case own(obj) != "":
					edges[own(obj)] = true
				}
				return true
			})
			for to := range edges {
				// A type's methods may be called by what receives its
				// values, without a line naming them.
				for _, m := range ofType[to] {
					edges[m] = true
				}
			}
			delete(edges, from)
			g.edges[from] = edges
		}
		if units[i].start {
			g.start = append(g.start, units[i].names...)
		}
	}
	return g
}

// ownName is obj's node name when obj is one of pkg's top-level objects
// or one of its methods, and "" otherwise.
func ownName(pkg *types.Package, obj types.Object) string {
	if obj == nil || pkg == nil || obj.Pkg() != pkg {
		return ""
	}
	if fn, ok := obj.(*types.Func); ok {
		if recv := fn.Signature().Recv(); recv != nil {
			if named := namedOf(recv.Type()); named != nil && named.Obj().Pkg() == pkg {
				return named.Obj().Name() + "." + fn.Name()
			}
			return ""
		}
	}
	if obj.Parent() != pkg.Scope() {
		return "" // a local, a parameter, a field
	}
	return obj.Name()
}

// namedOf is t's named type, through a pointer.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// isAbstractMethod reports whether obj is an interface's method.
func isAbstractMethod(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return false
	}
	_, isInterface := fn.Signature().Recv().Type().Underlying().(*types.Interface)
	return isInterface
}

// closure is every node reachable from the given ones, themselves
// included.
func (g *graph) closure(from ...string) map[string]bool {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(n string) {
		if seen[n] {
			return
		}
		seen[n] = true
		for m := range g.edges[n] {
			visit(m)
		}
	}
	for _, n := range from {
		visit(n)
	}
	return seen
}

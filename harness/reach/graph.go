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

// newGraph builds the call graph of f, whose units are units.
func newGraph(fset *token.FileSet, f *ast.File, units []decl) *graph {
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	conf.Check(f.Name.Name, fset, []*ast.File{f}, info)

	n := nodesOf(f, units, info)
	g := &graph{edges: map[string]map[string]bool{}}
	for i, d := range f.Decls {
		edges := map[string]bool{}
		ast.Inspect(d, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				n.uses(id, info, edges)
			}
			return true
		})
		for _, from := range units[i].names {
			g.edges[from] = edges
		}
		if units[i].start {
			g.start = append(g.start, units[i].names...)
		}
	}
	return g
}

// nodes are the graph's nodes as the type checker and the spelling see
// them.
type nodes struct {
	of     map[types.Object]string // a declared object -> its node
	named  map[string][]string     // a spelling -> every node of that name (methods by their own name)
	ofType map[string][]string     // a named type's name -> its methods' nodes
}

func nodesOf(f *ast.File, units []decl, info *types.Info) *nodes {
	n := &nodes{of: map[types.Object]string{}, named: map[string][]string{}, ofType: map[string][]string{}}
	add := func(id *ast.Ident, node string) {
		if obj := info.Defs[id]; obj != nil {
			n.of[obj] = node
		}
		n.named[id.Name] = append(n.named[id.Name], node)
	}
	for i, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if units[i].start {
				continue // init: no one can name it
			}
			node := units[i].names[0]
			add(d.Name, node)
			if d.Recv != nil {
				// The receiver's type as the checker resolves it (through
				// an alias), and as it is spelt, in case it cannot.
				typ := receiverName(d.Recv.List[0].Type)
				if fn, ok := info.Defs[d.Name].(*types.Func); ok {
					if named := namedOf(fn.Signature().Recv().Type()); named != nil {
						name := named.Origin().Obj().Name()
						n.ofType[name] = append(n.ofType[name], node)
					}
				}
				n.ofType[typ] = append(n.ofType[typ], node)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.ValueSpec:
					for _, id := range spec.Names {
						add(id, id.Name)
					}
				case *ast.TypeSpec:
					add(spec.Name, spec.Name.Name)
				}
			}
		}
	}
	return n
}

// uses adds to edges the nodes that id may denote: the one the checker
// resolved it to, or, where it could not (a name under an imported type,
// such as a key of an imported map type's literal, or an interface's
// method), every node spelt the same. A type's use adds all its methods,
// which what receives its values may call without a line naming them.
func (n *nodes) uses(id *ast.Ident, info *types.Info, edges map[string]bool) {
	obj, used := info.Uses[id]
	if !used && info.Defs[id] == nil || used && isAbstractMethod(obj) {
		for _, node := range n.named[id.Name] {
			edges[node] = true
		}
		for _, node := range n.ofType[id.Name] {
			edges[node] = true
		}
		return
	}
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	if node, ok := n.of[obj]; ok {
		edges[node] = true
	}
	if tn, ok := obj.(*types.TypeName); ok && n.of[tn] != "" {
		for _, node := range n.ofType[tn.Name()] {
			edges[node] = true
		}
		if named := namedOf(tn.Type()); named != nil {
			for _, node := range n.ofType[named.Origin().Obj().Name()] {
				edges[node] = true
			}
		}
	}
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

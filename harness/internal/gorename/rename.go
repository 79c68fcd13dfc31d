package gorename

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
)

// A Renamer prefixes the names a Go file declares at its top level; see
// the package documentation. Its methods may be called concurrently when
// its Importer and TypeError may.
type Renamer struct {
	// Importer gives the packages the files import, typically an
	// *Importer.
	Importer types.Importer
	// TypeError, when not nil, is called with every error the type
	// checker reports. Prefix carries on past them: a name it cannot
	// resolve keeps its spelling.
	TypeError func(error)
}

// Prefix returns src, a Go file, with its package clause naming pkg and
// prefix inserted before every identifier that denotes an object declared
// at the file's package level, and the edits made. Type errors do not
// stop it. It refuses a package name that is no identifier, an empty or
// exported prefix, a file that does not parse, a prefix that turns a name
// into a keyword or into one the file already spells, and a file that
// embeds one of its own types in a struct.
func (r *Renamer) Prefix(src []byte, pkg, prefix string) ([]byte, Edits, error) {
	if err := checkNames(pkg, prefix); err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	rn := &renaming{fset: fset, file: f, prefix: prefix}
	rn.check(r.Importer, r.TypeError)
	edits, err := rn.edits(pkg)
	if err != nil {
		return nil, nil, err
	}
	return edits.apply(src), edits, nil
}

// checkNames refuses a package name that is not an identifier, an empty
// prefix and one that would export the file's names.
func checkNames(pkg, prefix string) error {
	if !token.IsIdentifier(pkg) {
		return fmt.Errorf("package name %q is not an identifier", pkg)
	}
	if prefix == "" {
		return errors.New("empty prefix")
	}
	if ast.IsExported(prefix) {
		return fmt.Errorf("prefix %q would export the file's unexported names", prefix)
	}
	return nil
}

// renaming is the work of one Prefix call.
type renaming struct {
	fset   *token.FileSet
	file   *ast.File
	prefix string
	pkg    *types.Package
	info   *types.Info
}

// check type-checks the file alone, in a package of its own, with every
// error reported to onError and none stopping it.
func (rn *renaming) check(imp types.Importer, onError func(error)) {
	rn.info = &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp, Error: func(err error) {
		if onError != nil {
			onError(err)
		}
	}}
	rn.pkg, _ = conf.Check("gorename.invalid/"+rn.file.Name.Name, rn.fset, []*ast.File{rn.file}, rn.info)
}

// edits returns the edits of the file, the package clause first, or why
// the file is refused.
func (rn *renaming) edits(pkg string) (Edits, error) {
	edits := Edits{rn.edit(rn.file.Name, rn.file.Name.Name, pkg)}
	used := map[string]bool{}    // every name the file spells
	renamed := map[string]bool{} // the names that get the prefix
	var embeds []string
	ast.Inspect(rn.file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		used[id.Name] = true
		if !rn.own(rn.denoted(id)) {
			return true
		}
		renamed[id.Name] = true
		edits = append(edits, rn.edit(id, "", rn.prefix))
		if rn.embedded(id) {
			embeds = append(embeds, fmt.Sprintf("%s: embeds its own type %s, whose field name a prefix would change", rn.fset.Position(id.Pos()), id.Name))
		}
		return true
	})
	if len(embeds) > 0 {
		return nil, errors.New(strings.Join(embeds, "; "))
	}
	if err := rn.clash(renamed, used); err != nil {
		return nil, err
	}
	slices.SortFunc(edits, func(a, b Edit) int { return cmp.Compare(a.Offset, b.Offset) })
	return edits, nil
}

// edit returns the edit that replaces old at id with with.
func (rn *renaming) edit(id *ast.Ident, old, with string) Edit {
	p := rn.fset.Position(id.Pos())
	return Edit{Offset: p.Offset, Line: p.Line, Col: p.Column, Old: old, New: with}
}

// denoted returns the object id denotes: for an embedded field, the type
// it names rather than the field it declares.
func (rn *renaming) denoted(id *ast.Ident) types.Object {
	if obj := rn.info.Uses[id]; obj != nil {
		return obj
	}
	return rn.info.Defs[id]
}

// own reports whether obj is declared at the file's package level:
// neither a method nor a field (their parent is no scope), nor a local,
// nor an imported name, the blank identifier or an init function, which
// no one can name.
func (rn *renaming) own(obj types.Object) bool {
	if obj == nil || obj.Pkg() != rn.pkg || obj.Parent() != rn.pkg.Scope() || obj.Name() == "_" {
		return false
	}
	_, isFunc := obj.(*types.Func)
	return !isFunc || obj.Name() != "init"
}

// embedded reports whether id declares an embedded field: the field's
// name is the type's, which a prefix would change.
func (rn *renaming) embedded(id *ast.Ident) bool {
	v, ok := rn.info.Defs[id].(*types.Var)
	return ok && v.Embedded()
}

// clash refuses a prefix that turns a name into a keyword or into a name
// the file already spells. A local of that name would capture the uses
// in its scope; a field or method of that name could stay, but one rule
// is simpler to state than three.
func (rn *renaming) clash(renamed, used map[string]bool) error {
	names := slices.Sorted(maps.Keys(renamed))
	for _, name := range names {
		switch to := rn.prefix + name; {
		case !token.IsIdentifier(to):
			return fmt.Errorf("prefix %q turns %s into %s, which is not an identifier", rn.prefix, name, to)
		case used[to]:
			return fmt.Errorf("prefix %q turns %s into %s, a name the file already uses", rn.prefix, name, to)
		}
	}
	return nil
}

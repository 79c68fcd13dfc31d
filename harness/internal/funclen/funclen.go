package funclen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// A Func is one function or method and its length.
type Func struct {
	Pos   string // file:line
	Name  string
	Lines int
}

// Measure returns every function of the non-test, non-generated Go files
// under the folders (testdata folders skipped), longest first.
func Measure(dirs ...string) ([]Func, error) {
	var out []Func
	fset := token.NewFileSet()
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && d.Name() == "testdata":
				return filepath.SkipDir
			case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
			if err != nil || ast.IsGenerated(f) {
				return err
			}
			for _, decl := range f.Decls {
				if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
					start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
					out = append(out, Func{Pos: start.String(), Name: fn.Name.Name, Lines: end.Line - start.Line + 1})
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, func(a, b Func) int { return b.Lines - a.Lines })
	return out, nil
}

// Percentile is the length at or under which p percent of fs lie
// (nearest rank), for fs sorted longest first.
func Percentile(fs []Func, p int) int {
	if len(fs) == 0 {
		return 0
	}
	lengths := make([]int, len(fs))
	for i, f := range fs {
		lengths[i] = f.Lines
	}
	slices.Sort(lengths)
	rank := (p*len(lengths) + 99) / 100
	return lengths[max(rank, 1)-1]
}

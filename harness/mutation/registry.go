package mutation

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"idemlab/harness/reach"
)

// A Registry is a generated Go file that lists compiled implementations of
// a lab's API: for each, a lab.Impl whose Value is the lab's API struct
// filled from one copy of the reference source.
type Registry struct {
	// Header is the file's first line (default GeneratedHeader).
	Header string
	// Package is the generated file's package name; Var the name of the
	// []lab.Impl variable it declares (default "generated").
	Package, Var string
	// API is the lab's API struct type, as import path, a dot and type
	// name, e.g. "idemlab/reference/idem.API".
	API string
	// Fields are the API's fields: the reference source's exported
	// top-level names.
	Fields []Field
	// Imports maps the package names that entries refer to, to their
	// import paths.
	Imports map[string]string
	// Entries are the implementations, in order.
	Entries []Entry
	// Reference, when set, is the import path of the reference source's
	// package: the file then also declares the lab's reference
	// implementation, a lab.Impl named "reference" in a variable named
	// reference, so that a lab need not write the API struct's filling
	// out by hand.
	Reference string
	// Wheats, when Reference is set, are the lab's wheats (correct stores
	// written apart from the reference, with its exported names), each an
	// entry whose Ref is its package's qualifier: the file then declares
	// them, in a variable named wheats (nil for none).
	Wheats []Entry
}

// A Field is one exported top-level name of the reference source. A
// variable is held by address (&Name), so that every user of an
// implementation shares it; functions and constants are held by value.
type Field struct {
	Name string
	Var  bool
}

// An Entry is one implementation: its name, and how the file refers to
// its names: a package qualifier ("m4fetch.") or a prefix ("m012_").
type Entry struct {
	Name, Ref string
	// Entries, when not nil, is the implementation's lab.Impl.Entries:
	// the API functions through which its change can run (see [Reach]).
	Entries []string
}

// Reach returns the API functions through which the change that makes
// mutant from ref can run, for [Entry.Entries]; nil when that is not known
// (see idemlab/harness/reach), or when either source does not parse.
func Reach(ref, mutant []byte, fields []Field) []string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	entries, known, err := reach.Entries(ref, mutant, names)
	if err != nil || !known {
		return nil
	}
	return entries
}

// EntriesLiteral is Entries as a Go expression.
func (e Entry) EntriesLiteral() string {
	quoted := make([]string, len(e.Entries))
	for i, n := range e.Entries {
		quoted[i] = strconv.Quote(n)
	}
	return "[]string{" + strings.Join(quoted, ", ") + "}"
}

// APIFields returns the exported top-level functions, constants and
// variables that the Go source src declares, in source order: the fields
// a lab's API struct must have.
func APIFields(src []byte) ([]Field, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "reference.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("reference source: %v", err)
	}
	var fields []Field
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.IsExported() {
				fields = append(fields, Field{Name: d.Name.Name})
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for _, n := range vs.Names {
					if n.IsExported() {
						fields = append(fields, Field{Name: n.Name, Var: d.Tok == token.VAR})
					}
				}
			}
		}
	}
	return fields, nil
}

// LabPackage is the import path of the harness's lab package, which every
// registry imports for lab.Impl: the sibling of this package in the module
// the harness is built in, so a registry follows the module wherever it is
// named otherwise.
var LabPackage = path.Join(path.Dir(reflect.TypeFor[Registry]().PkgPath()), "lab")

var registryTemplate = template.Must(template.New("registry").Parse(`{{.Header}}

package {{.Package}}

import (
	"{{.LabPackage}}"
{{if or .Entries .Reference}}	api "{{.APIPath}}"{{end}}
{{if .Reference}}	ref "{{.Reference}}"{{end}}
{{range .ImportList}}	{{.Name}} "{{.Path}}"
{{end}})
{{if .Reference}}
// reference is the lab's reference implementation, {{.Reference}}.
var reference = lab.Impl{Name: "reference", Value: api.{{.APIName}}{
{{range .Fields}}	{{.Name}}: {{if .Var}}&{{end}}ref.{{.Name}},
{{end}}}}

// wheats are the lab's wheats, the packages under its reference's
// wheats folder: correct stores written apart from it.
var wheats = []lab.Impl{
{{range $e := .Wheats}}	{Name: {{printf "%q" $e.Name}}, Value: api.{{$.APIName}}{
{{range $.Fields}}		{{.Name}}: {{if .Var}}&{{end}}{{$e.Ref}}{{.Name}},
{{end}}	}},
{{end}}}
{{end}}
// {{.Var}} holds every implementation listed here, in order.
var {{.Var}} = []lab.Impl{
{{range $e := .Entries}}	{Name: {{printf "%q" $e.Name}}, Value: api.{{$.APIName}}{
{{range $.Fields}}		{{.Name}}: {{if .Var}}&{{end}}{{$e.Ref}}{{.Name}},
{{end}}	}{{if ne $e.Entries nil}}, Entries: {{$e.EntriesLiteral}}{{end}}},
{{end}}}
`))

// Source renders the registry, gofmt'd.
func (r Registry) Source() ([]byte, error) {
	dot := strings.LastIndex(r.API, ".")
	if dot <= 0 || strings.HasSuffix(r.API, ".") || strings.Contains(r.API[dot:], "/") {
		return nil, fmt.Errorf("api %q: want an import path, a dot and a type name, e.g. idemlab/reference/idem.API", r.API)
	}
	type imp struct{ Name, Path string }
	var imports []imp
	for name, p := range r.Imports {
		imports = append(imports, imp{name, p})
	}
	slices.SortFunc(imports, func(a, b imp) int { return strings.Compare(a.Path, b.Path) })
	if r.Header == "" {
		r.Header = GeneratedHeader
	}
	if r.Var == "" {
		r.Var = "generated"
	}
	var b bytes.Buffer
	err := registryTemplate.Execute(&b, struct {
		Registry
		APIPath, APIName, LabPackage string
		ImportList                   []imp
	}{r, r.API[:dot], r.API[dot+1:], LabPackage, imports})
	if err != nil {
		return nil, err
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated %s: %v", path.Base(r.Package), err)
	}
	return out, nil
}

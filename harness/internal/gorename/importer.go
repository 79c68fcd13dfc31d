package gorename

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
)

// An Importer reads packages from the export data that go list -export
// leaves in the build cache, and keeps each one it has read, so that
// every type check after the first import of a package costs nothing for
// it. It is safe for concurrent use.
type Importer struct {
	dir  string
	fset *token.FileSet // the imported packages' positions

	mu      sync.Mutex
	exports map[string]string         // import path → export data file
	pkgs    map[string]*types.Package // shared with gcexportdata.Read: complete or not
	failed  map[string]error
}

// NewImporter returns an Importer for the module that holds moduleDir
// (its root, or any folder in it), having read the packages at
// importPaths and their dependencies: one go list, which builds what the
// build cache lacks. A path asked for later is listed then, with one go
// list of its own.
func NewImporter(moduleDir string, importPaths ...string) (*Importer, error) {
	imp := &Importer{
		dir:     moduleDir,
		fset:    token.NewFileSet(),
		exports: map[string]string{},
		pkgs:    map[string]*types.Package{},
		failed:  map[string]error{},
	}
	if len(importPaths) == 0 {
		return imp, nil
	}
	if err := imp.list(importPaths...); err != nil {
		return nil, err
	}
	for _, path := range importPaths {
		if _, err := imp.Import(path); err != nil {
			return nil, err
		}
	}
	return imp, nil
}

// ImportPaths returns the paths that a Go file imports, in the order of
// its import declarations: the paths to give NewImporter.
func ImportPaths(src []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(f.Imports))
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// Import returns the package at path, which types.Config.Importer asks
// for.
func (imp *Importer) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	imp.mu.Lock()
	defer imp.mu.Unlock()
	if p := imp.pkgs[path]; p != nil && p.Complete() {
		return p, nil
	}
	if err := imp.failed[path]; err != nil {
		return nil, err
	}
	p, err := imp.load(path)
	if err != nil {
		imp.failed[path] = err
	}
	return p, err
}

// load reads the package at path, listing it first when it is new.
func (imp *Importer) load(path string) (*types.Package, error) {
	if _, ok := imp.exports[path]; !ok {
		if err := imp.list(path); err != nil {
			return nil, err
		}
	}
	file, ok := imp.exports[path]
	if !ok {
		return nil, fmt.Errorf("go list -export gave no export data for %s", path)
	}
	return imp.read(path, file)
}

// read reads the package at path from its export data file.
func (imp *Importer) read(path, file string) (*types.Package, error) {
	data, err := exportData(file)
	if err != nil {
		return nil, fmt.Errorf("export data of %s: %v", path, err)
	}
	return gcexportdata.Read(bytes.NewReader(data), imp.fset, imp.pkgs, path)
}

// exportData returns the export data in file: the whole of what cmd/export
// writes (go list -export from Go 1.28), or the data section of the
// __.PKGDEF member that begins a compiler's archive (up to Go 1.27),
// between its "$$B" and "$$" lines. gcexportdata.NewReader, which finds
// the latter, is deprecated; the object code after the member, much the
// larger part of the archive, is not read.
func exportData(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	if magic, err := r.Peek(len(arMagic)); err != nil || string(magic) != arMagic {
		return io.ReadAll(r)
	}
	member, err := pkgdef(r)
	if err != nil {
		return nil, err
	}
	_, data, ok := bytes.Cut(member, []byte("\n$$B\n"))
	if !ok {
		return nil, errors.New("no $$B line in __.PKGDEF")
	}
	data, ok = bytes.CutSuffix(data, []byte("\n$$\n"))
	if !ok {
		return nil, errors.New("no $$ line ending __.PKGDEF")
	}
	return data, nil
}

// arMagic begins an archive; a 60-byte header begins each member.
const arMagic = "!<arch>\n"

// pkgdef reads an archive's first member, which must be __.PKGDEF: after
// the magic, a header of name (16 bytes), date, owner, group, mode and
// size (10 bytes, from byte 48), then the member.
func pkgdef(r io.Reader) ([]byte, error) {
	var hdr [len(arMagic) + 60]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	h := hdr[len(arMagic):]
	if name := string(bytes.TrimSpace(h[:16])); name != "__.PKGDEF" {
		return nil, fmt.Errorf("archive begins with %q, not __.PKGDEF", name)
	}
	size, err := strconv.Atoi(string(bytes.TrimSpace(h[48:58])))
	if err != nil {
		return nil, fmt.Errorf("__.PKGDEF size: %v", err)
	}
	member := make([]byte, size)
	_, err = io.ReadFull(r, member)
	return member, err
}

// list records the export data files of the packages at paths and of
// their dependencies.
func (imp *Importer) list(paths ...string) error {
	args := append([]string{"list", "-export", "-deps", "-json=ImportPath,Export"}, paths...)
	cmd := exec.Command("go", args...)
	cmd.Dir = imp.dir
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("go list -export %v: %v\n%s", paths, err, bytes.TrimSpace(exit.Stderr))
		}
		return fmt.Errorf("go list -export %v: %v", paths, err)
	}
	return imp.record(out)
}

// record reads go list's JSON objects, one per package.
func (imp *Importer) record(out []byte) error {
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct{ ImportPath, Export string }
		switch err := dec.Decode(&p); {
		case err == io.EOF:
			return nil
		case err != nil:
			return fmt.Errorf("reading go list output: %v", err)
		}
		if p.Export != "" {
			imp.exports[p.ImportPath] = p.Export
		}
	}
}

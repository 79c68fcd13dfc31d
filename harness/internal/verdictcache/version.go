package verdictcache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// versionEnv are the environment variables that can change how the
// program is built or what a lab prints (its messages' language).
var versionEnv = []string{"GOFLAGS", "GOEXPERIMENT", "GOOS", "GOARCH", "GOAMD64", "CGO_ENABLED", "GODEBUG", "GOTOOLCHAIN", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"}

// Version digests what the program built from the module at root for the
// packages pkgs (import paths of that module) can do: the files of every
// package of the module they import, directly or not, go.mod and go.sum,
// the Go toolchain (this program's, and the go command's file), and the
// environment of versionEnv. See the package doc for why each.
func Version(root string, pkgs ...string) (string, error) {
	modPath, err := modulePath(root)
	if err != nil {
		return "", err
	}
	v := &versioner{root: root, mod: modPath, seen: map[string]bool{}, files: map[string]bool{}}
	for _, p := range pkgs {
		if err := v.visit(p); err != nil {
			return "", err
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		v.files[filepath.Join(root, f)] = true
	}
	h := sha256.New()
	names := make([]string, 0, len(v.files))
	for f := range v.files {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		data, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			return "", err
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "file %q %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	fmt.Fprintf(h, "go %s %s\n", runtime.Version(), goCommand())
	for _, k := range versionEnv {
		fmt.Fprintf(h, "env %s=%q\n", k, os.Getenv(k))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// goCommand identifies the go command that builds the program: its path,
// size and time, which change when Go is installed anew.
func goCommand() string {
	path, err := exec.LookPath("go")
	if err != nil {
		return "no go command"
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	st, err := os.Stat(path)
	if err != nil {
		return path
	}
	return fmt.Sprintf("%s %d %d", path, st.Size(), st.ModTime().UnixNano())
}

// versioner walks the module's packages from the given ones.
type versioner struct {
	root, mod string
	seen      map[string]bool
	files     map[string]bool
}

var embedLine = regexp.MustCompile(`(?m)^//go:embed\s+(.+)$`)

// visit adds package path's files, and those of the module's packages it
// imports; a package of another module is pinned by go.sum.
func (v *versioner) visit(path string) error {
	rel, ok := strings.CutPrefix(path, v.mod)
	if v.seen[path] || !ok || (rel != "" && rel[0] != '/') {
		return nil
	}
	v.seen[path] = true
	dir := filepath.Join(v.root, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("package %s: %v", path, err)
	}
	var imports []string
	for _, e := range ents {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasSuffix(name, "_test.go") {
			continue
		}
		file := filepath.Join(dir, name)
		v.files[file] = true
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		imps, embeds, err := goFileDeps(file)
		if err != nil {
			return err
		}
		imports = append(imports, imps...)
		for _, pattern := range embeds {
			if err := v.embedded(dir, pattern); err != nil {
				return err
			}
		}
	}
	for _, imp := range imports {
		if err := v.visit(imp); err != nil {
			return err
		}
	}
	return nil
}

// goFileDeps returns a Go file's imports and its //go:embed patterns.
func goFileDeps(file string) (imports, embeds []string, err error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ImportsOnly)
	if err != nil {
		// What does not parse does not build either; its bytes are in
		// the digest all the same.
		return nil, nil, nil
	}
	for _, s := range f.Imports {
		if p, err := strconv.Unquote(s.Path.Value); err == nil {
			imports = append(imports, p)
		}
	}
	if !bytes.Contains(src, []byte("//go:embed")) {
		return imports, nil, nil
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		if m := embedLine.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			embeds = append(embeds, strings.Fields(m[1])...)
		}
	}
	return imports, embeds, nil
}

// embedded adds the files a //go:embed pattern of a package in dir names,
// every file under a folder it names.
func (v *versioner) embedded(dir, pattern string) error {
	pattern = strings.TrimPrefix(strings.Trim(pattern, "\"`"), "all:")
	matches, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(pattern)))
	if err != nil {
		return nil
	}
	for _, m := range matches {
		err := filepath.WalkDir(m, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				v.files[p] = true
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

var moduleLine = regexp.MustCompile(`(?m)^module\s+(\S+)\s*$`)

// modulePath reads the module path from root's go.mod.
func modulePath(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	m := moduleLine.FindSubmatch(data)
	if m == nil {
		return "", fmt.Errorf("%s: no module line", filepath.Join(root, "go.mod"))
	}
	return strconv.Unquote(`"` + string(m[1]) + `"`)
}

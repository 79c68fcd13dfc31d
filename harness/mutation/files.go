package mutation

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// CatalogueFile is the catalogue's path relative to the module root.
const CatalogueFile = "mutants/catalogue.json"

// Load reads and parses the catalogue of the module rooted at root.
func Load(root string) (*Catalogue, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(CatalogueFile)))
	if err != nil {
		return nil, err
	}
	return Parse(CatalogueFile, data)
}

// ModuleRoot returns the nearest directory at or above dir holding go.mod.
func ModuleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod at or above %s: run inside the idemlab checkout", abs)
		}
	}
}

// Stale lists, relative to root, the mutant folders that hold a generated
// copy but are not among files: mutants removed from the catalogue or
// renamed. Folders without the generated header are never listed.
func Stale(root string, files map[string][]byte) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, "mutants"))
	if err != nil {
		return nil, err
	}
	var stale []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := path.Join("mutants", e.Name())
		matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
		if err != nil {
			return nil, err
		}
		for _, m := range matches {
			rel := path.Join(dir, filepath.Base(m))
			if _, want := files[rel]; want {
				continue
			}
			generated, err := isGenerated(m)
			if err != nil {
				return nil, err
			}
			if generated {
				stale = append(stale, dir)
				break
			}
		}
	}
	return stale, nil
}

func isGenerated(file string) (bool, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return bytes.HasPrefix(data, []byte(GeneratedHeader)), nil
}

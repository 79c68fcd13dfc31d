package mutation

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
)

// Load reads and parses the catalogue at file, a slash-separated path
// relative to the module root, naming file in its errors.
func Load(root, file string) (*Catalogue, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	return Parse(file, data)
}

// LoadAnswered reads the catalogue at file and joins to it the answer key
// at key (see [Catalogue.Answer]), both slash-separated paths relative to
// the module root; "" for key reads a catalogue that answers in place.
func LoadAnswered(root, file, key string) (*Catalogue, error) {
	c, err := Load(root, file)
	if err != nil || key == "" {
		return c, err
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(key)))
	if err != nil {
		return nil, err
	}
	k, err := ParseAnswerKey(key, data)
	if err != nil {
		return nil, err
	}
	if err := c.Answer(k); err != nil {
		return nil, err
	}
	return c, nil
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

// Stale lists, relative to root, the generated Go files in the folders of
// dir (slash-separated, relative to root: the catalogue's folder) that are
// not among files: copies of mutants removed from the catalogue or
// renamed, or of a renamed reference file. A file without the generated
// header is never listed, so no hand-written file is ever deleted.
func Stale(root, dir string, files map[string][]byte) ([]string, error) {
	top := dir
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(top)))
	if err != nil {
		return nil, err
	}
	var stale []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := path.Join(top, e.Name())
		inner, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return nil, err
		}
		for _, f := range inner {
			rel := path.Join(dir, f.Name())
			if f.IsDir() || path.Ext(rel) != ".go" {
				continue
			}
			if _, want := files[rel]; want {
				continue
			}
			generated, err := isGenerated(filepath.Join(root, filepath.FromSlash(rel)))
			if err != nil {
				return nil, err
			}
			if generated {
				stale = append(stale, rel)
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
	first, _, _ := bytes.Cut(data, []byte("\n"))
	return generatedLine.Match(first), nil
}

// generatedLine is the convention of https://go.dev/s/generatedcode.
var generatedLine = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

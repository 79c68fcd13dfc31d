package report

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"idemlab/harness/lab"
)

// HarnessVersion is bumped with every change to what the harness reports.
const HarnessVersion = "0.3.0"

// Version is HarnessVersion, with the VCS revision when the binary was
// built with one.
func Version() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				return HarnessVersion + "+" + s.Value
			}
		}
	}
	return HarnessVersion
}

// A Digest is the SHA-256 of one input file, or of a set of files.
type Digest struct {
	// Path is slash-separated and relative to the module root; a set is
	// named by its folder and a trailing "/".
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Inputs digests what a report depends on, relative to root: the given
// files one by one (a worksheet that does not exist is recorded with an
// empty digest), the lab's catalogue, the Go source of the lab's Sources
// folders (its reference and mutant copies) one by one, and all of the
// harness's Go source as one digest.
func Inputs(root string, layout lab.Layout, files []string) ([]Digest, error) {
	var out []Digest
	add := func(rel string) error {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if errors.Is(err, fs.ErrNotExist) {
			out = append(out, Digest{Path: rel})
			return nil
		}
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		out = append(out, Digest{Path: rel, SHA256: hex.EncodeToString(sum[:])})
		return nil
	}
	sources, err := goFiles(root, layout.Sources...)
	if err != nil {
		return nil, err
	}
	// Clip, so appending never writes into the caller's array.
	for _, rel := range append(append(slices.Clip(files), layout.Catalogue), sources...) {
		if err := add(rel); err != nil {
			return nil, err
		}
	}
	harness, err := goFiles(root, "harness")
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, rel := range harness {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		// Name and length first, so moving bytes between files changes it.
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(data))
		h.Write(data)
	}
	out = append(out, Digest{Path: "harness/", SHA256: hex.EncodeToString(h.Sum(nil))})
	return out, nil
}

// goFiles lists the non-test Go files under each folder, sorted.
func goFiles(root string, dirs ...string) ([]string, error) {
	var files []string
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				rel, err := filepath.Rel(root, p)
				if err != nil {
					return err
				}
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(files)
	return files, nil
}

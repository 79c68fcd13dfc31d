package report

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"idemlab/harness/internal/safefs"
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
// empty digest), the lab's catalogue and its answer key, the Go source of
// the lab's Sources folders (its reference and mutant copies) one by one,
// and all of the harness's Go source as one digest.
//
// A checkout is untrusted (checkreport reads a student's): every file is
// read through package safefs, every name on its way below root opened
// without following a link, and only when it is a regular file of at most
// MaxInputSize bytes. A symbolic link (to /dev/zero, or out of the
// checkout, the file's or a folder's above it), a FIFO or a device in a
// file's place is an *InputError, never read.
func Inputs(root string, layout lab.Layout, files []string) ([]Digest, error) {
	var out []Digest
	add := func(rel string) error {
		data, err := readInput(root, rel)
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
	// Clip, so appending never writes into the caller's array.
	labFiles := []string{layout.Catalogue}
	if layout.Answers != "" {
		// The intended killers and hints shape every lesson and verdict.
		labFiles = append(labFiles, layout.Answers)
	}
	for _, rel := range append(slices.Clip(files), labFiles...) {
		if err := add(rel); err != nil {
			return nil, err
		}
	}
	sources, err := goFiles(root, layout.Sources...)
	if err != nil {
		return nil, err
	}
	for _, rel := range sources {
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
		data, err := readInput(root, rel)
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

// MaxInputSize bounds one input file that Inputs reads.
const MaxInputSize = 8 << 20

// An InputError is an input of a checkout that is not a regular file
// within MaxInputSize, and so is not read.
type InputError struct {
	// Path is the input, relative to the checkout; Reason says why.
	Path, Reason string
}

func (e *InputError) Error() string { return e.Path + ": " + e.Reason }

// readInput reads rel, a slash-separated path below root, when it is a
// regular file of at most MaxInputSize bytes, reached through no link; it
// opens nothing else, and never blocks on a FIFO.
func readInput(root, rel string) ([]byte, error) {
	data, err := safefs.ReadIn(root, rel, MaxInputSize)
	var e *safefs.Error
	if errors.As(err, &e) {
		return nil, &InputError{rel, inputReason(root, rel, e)}
	}
	return data, err
}

// inputReason is why rel was refused; a folder on its way is named.
func inputReason(root, rel string, e *safefs.Error) string {
	if where, err := filepath.Rel(root, e.Path); err == nil && filepath.ToSlash(where) != rel {
		return filepath.ToSlash(where) + " " + e.Reason()
	}
	return e.Reason()
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

package checkreport

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"idemlab/harness/internal/safefs"
)

// MaxReportSize bounds the REPORT.json checkreport reads: a report of
// the whole lab is some 200 KB.
const MaxReportSize = 16 << 20

// readReport reads the report file as untrusted input, as everything of
// the checkout at root is read: only a regular file of at most
// MaxReportSize bytes, never through a link to it, never blocking on a
// FIFO (refused at once, with what it is). A report inside the checkout
// is reached through none of the checkout's links either (a folder of
// it that is a link is refused); one outside is the instructor's to name
// by any path.
func readReport(root, file string) ([]byte, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	if rel, err := filepath.Rel(root, abs); err == nil && filepath.IsLocal(rel) {
		data, err := safefs.ReadIn(root, filepath.ToSlash(rel), MaxReportSize)
		return data, named(file, root, err)
	}
	data, err := safefs.ReadFile(file, MaxReportSize)
	return data, named(file, root, err)
}

// named says a refusal of the report as the user named it, and the
// folder of the checkout that is refused when it is not the file itself.
func named(file, root string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return &fs.PathError{Op: "open", Path: file, Err: fs.ErrNotExist}
	}
	var e *safefs.Error
	if !errors.As(err, &e) {
		return err
	}
	if abs, aerr := filepath.Abs(file); aerr == nil && e.Path == abs || e.Path == file {
		return fmt.Errorf("%s: %s", file, e.Reason())
	}
	return fmt.Errorf("%s: %s %s", file, strings.TrimPrefix(e.Path, root+"/"), e.Reason())
}

// Package safefs reads files that someone else wrote (a student's
// submission, a checkout, a report handed in) as untrusted input: only
// regular files, never through a symbolic link, never more than a limit,
// and never blocking on a named pipe (FIFO) or reading a device such as
// /dev/zero.
//
// A [Dir] is a folder opened without following a link; every name below
// it is opened relative to it (openat) with O_NOFOLLOW, so that a link
// anywhere on the way (a parent folder testdata -> /etc) is refused, not
// followed. A file is checked by its name (fstatat, not following a link)
// before it is opened, opened with O_NONBLOCK (a FIFO swapped in
// meanwhile cannot block the open), checked again on the open descriptor
// (fstat), and read through an io.LimitReader of one byte more than the
// limit, so that nothing, whatever it turns out to be, is read past it.
//
// A file refused for what it is comes back as an [*Error] saying what is
// wrong; callers word it for their readers (package submission as a
// flag, package report as an input error).
package safefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/sys/unix"
)

// A Problem is why a file is refused.
type Problem int

// The problems a file may have.
const (
	// Link: a folder opened, or one on a file's path, is a symbolic
	// link (a file that is one is NotRegular, its Mode a link's).
	Link Problem = iota + 1
	// NotFolder: a name on the path to a file is not a folder.
	NotFolder
	// NotRegular: the file is a folder, a FIFO, a device or a socket.
	NotRegular
	// TooLarge: the file holds more than the limit.
	TooLarge
	// HardLinks: the file has more than one name (Dir.ReadOwn only).
	HardLinks
)

// An Error is a file refused for what it is, never read.
type Error struct {
	// Path is the file as the caller named it.
	Path    string
	Problem Problem
	// Mode is the kind of file found, for NotRegular.
	Mode fs.FileMode
	// Size is the file's size (-1 when only reading it found it too
	// large) and Limit the limit, for TooLarge.
	Size, Limit int64
	// Links is its number of hard links, for HardLinks.
	Links uint64
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason() }

// Reason says what is wrong, without the path.
func (e *Error) Reason() string {
	switch e.Problem {
	case Link:
		return "is a symbolic link: links are not followed"
	case NotFolder:
		return "is not a folder"
	case NotRegular:
		return "is " + Kind(e.Mode) + ": only regular files are read"
	case TooLarge:
		if e.Size >= 0 {
			return fmt.Sprintf("is %d bytes, over the limit of %d", e.Size, e.Limit)
		}
		return fmt.Sprintf("is larger than the limit of %d bytes", e.Limit)
	case HardLinks:
		return fmt.Sprintf("has %d hard links", e.Links)
	}
	return "cannot be read"
}

// Kind words what a file that is not regular is.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a folder"
	}
	return "not a regular file"
}

// A Dir is a folder opened without following a symbolic link, so that
// everything read below it is read through it.
type Dir struct {
	fd   int
	path string
}

const dirFlags = unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC

// OpenDir opens the folder at path, refusing a symbolic link or anything
// that is not a folder (the folders above it are the caller's: see
// OpenIn). A path that does not exist is fs.ErrNotExist.
func OpenDir(path string) (*Dir, error) {
	fd, err := unix.Open(path, dirFlags, 0)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			err = unix.ELOOP // O_DIRECTORY answers ENOTDIR for a link
		}
		return nil, openError(path, err)
	}
	return &Dir{fd: fd, path: path}, nil
}

// OpenIn opens the folder rel (slash-separated, local) below root, each
// of its names without following a link: root itself is the caller's.
func OpenIn(root, rel string) (*Dir, error) {
	if !filepath.IsLocal(filepath.FromSlash(rel)) && rel != "." {
		return nil, fmt.Errorf("%s: not a path inside %s", rel, root)
	}
	d, err := OpenDir(root)
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Split(filepath.ToSlash(filepath.Clean(filepath.FromSlash(rel))), "/") {
		if name == "." {
			continue
		}
		sub, err := d.Sub(name)
		d.Close()
		if err != nil {
			return nil, err
		}
		d = sub
	}
	return d, nil
}

// Sub opens the folder name inside d, refusing what OpenDir refuses.
func (d *Dir) Sub(name string) (*Dir, error) {
	fd, err := unix.Openat(d.fd, name, dirFlags, 0)
	if err != nil {
		if e, serr := d.Stat(name); serr == nil && e.Mode&fs.ModeSymlink != 0 {
			err = unix.ELOOP // O_DIRECTORY answers ENOTDIR for a link
		}
		return nil, openError(d.join(name), err)
	}
	return &Dir{fd: fd, path: d.join(name)}, nil
}

// Path is the folder's path, as it was opened.
func (d *Dir) Path() string { return d.path }

// Close closes the folder.
func (d *Dir) Close() { unix.Close(d.fd) }

func (d *Dir) join(name string) string { return d.path + "/" + name }

// openError says what is wrong with what a path names, when opening it
// failed: a link, or a file that is not a folder.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, unix.ELOOP):
		return &Error{Path: path, Problem: Link}
	case errors.Is(err, unix.ENOTDIR):
		return &Error{Path: path, Problem: NotFolder}
	case errors.Is(err, unix.ENOENT):
		return fs.ErrNotExist
	}
	return &fs.PathError{Op: "open", Path: path, Err: err}
}

// An Entry is one name in a folder, with its kind and size as the folder
// holds them (a link is a link, never what it points at).
type Entry struct {
	Name string
	Mode fs.FileMode
	Size int64
}

// Entries lists d's names, sorted, each with its own kind; it reads at
// most max+1 names, and over says the folder holds more than max (then
// no entry is returned: which max of them a listing gives is the file
// system's choice, not a stable one).
func (d *Dir) Entries(max int) (out []Entry, over bool, err error) {
	dup, err := unix.Dup(d.fd)
	if err != nil {
		return nil, false, err
	}
	f := os.NewFile(uintptr(dup), d.path)
	defer f.Close()
	names, err := f.Readdirnames(max + 1)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, false, err
	}
	if len(names) > max {
		return nil, true, nil
	}
	for _, name := range names {
		e, err := d.Stat(name)
		if err != nil {
			return nil, false, err
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, false, nil
}

// Stat is name's kind and size, not following a link.
func (d *Dir) Stat(name string) (Entry, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		if errors.Is(err, unix.ENOENT) {
			return Entry{}, fs.ErrNotExist
		}
		return Entry{}, &fs.PathError{Op: "stat", Path: d.join(name), Err: err}
	}
	return Entry{Name: name, Mode: mode(st.Mode), Size: st.Size}, nil
}

// mode turns a stat's mode into the kind of file it is.
func mode(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFLNK:
		return fs.ModeSymlink
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	}
	return fs.ModeDevice
}

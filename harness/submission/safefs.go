package submission

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// A dir is a folder of a submission, opened without following a symbolic
// link, so that everything read below it is read through it.
type dir struct {
	fd   int
	path string // for messages
}

// openDir opens the folder at path, refusing a symbolic link or anything
// that is not a folder.
func openDir(path string) (*dir, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			err = unix.ELOOP // O_DIRECTORY answers ENOTDIR for a link
		}
		return nil, kindError(path, err)
	}
	return &dir{fd: fd, path: path}, nil
}

// sub opens the folder name inside d, refusing what openDir refuses.
func (d *dir) sub(name string) (*dir, error) {
	fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		if e, serr := d.stat(name); serr == nil && e.mode&fs.ModeSymlink != 0 {
			err = unix.ELOOP // O_DIRECTORY answers ENOTDIR for a link
		}
		return nil, kindError(name, err)
	}
	return &dir{fd: fd, path: d.path + "/" + name}, nil
}

func (d *dir) close() { unix.Close(d.fd) }

// kindError says what is wrong with what a path names, when opening it as
// a folder failed: a link, or another kind of file.
func kindError(name string, err error) error {
	switch {
	case errors.Is(err, unix.ELOOP):
		return &Refusal{File: name, Reason: "is a symbolic link: a submission's files must be its own"}
	case errors.Is(err, unix.ENOTDIR):
		return &Refusal{File: name, Reason: "is not a folder"}
	case errors.Is(err, unix.ENOENT):
		return fs.ErrNotExist
	}
	return err
}

// An entry is one name in a folder, with its kind and size as the folder
// holds them (a link is a link, never what it points at).
type entry struct {
	name string
	mode fs.FileMode
	size int64
}

// entries lists d's names, sorted, each with its own kind; it reads at
// most max+1 names, and over says the folder holds more than max (then
// the entries are not returned: which max of them the listing would give
// is the file system's choice, not a stable one).
func (d *dir) entries(max int) (out []entry, over bool, err error) {
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
		e, err := d.stat(name)
		if err != nil {
			return nil, false, err
		}
		out = append(out, e)
	}
	sortEntries(out)
	return out, false, nil
}

// stat is name's kind and size, not following a link.
func (d *dir) stat(name string) (entry, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		if errors.Is(err, unix.ENOENT) {
			return entry{}, fs.ErrNotExist
		}
		return entry{}, err
	}
	return entry{name: name, mode: mode(st.Mode), size: st.Size}, nil
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

// kind words what a non-regular file is.
func kind(m fs.FileMode) string {
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

// read returns the content of the regular file name in d, at most max
// bytes. It refuses, without reading, a link, a FIFO, a device, a socket
// or a folder, a file larger than max, and a file with more than one
// hard link (the same file as one elsewhere); it opens without following a
// link and without blocking on a FIFO swapped in meanwhile, and checks
// again what it opened.
func (d *dir) read(name string, max int64) ([]byte, error) {
	e, err := d.stat(name)
	if err != nil {
		return nil, err
	}
	if err := regular(e, max); err != nil {
		return nil, err
	}
	fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, kindError(name, err)
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, err
	}
	if err := regular(entry{name: name, mode: mode(st.Mode), size: st.Size}, max); err != nil {
		return nil, err
	}
	if st.Nlink > 1 {
		// A hard link: the same file is also somewhere else, perhaps in
		// another student's submission or outside the class.
		return nil, &Refusal{File: name, Reason: fmt.Sprintf("has %d hard links: a submission's files must be its own", st.Nlink)}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &Refusal{File: name, Reason: fmt.Sprintf("is larger than the limit of %d bytes", max)}
	}
	return data, nil
}

// regular refuses an entry that is not a regular file of at most max
// bytes.
func regular(e entry, max int64) error {
	if e.mode.Type() != 0 {
		return &Refusal{File: e.name, Reason: "is " + kind(e.mode) + ": only regular files are read"}
	}
	if e.size > max {
		return &Refusal{File: e.name, Reason: fmt.Sprintf("is %d bytes, over the limit of %d", e.size, max)}
	}
	return nil
}

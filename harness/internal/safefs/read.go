package safefs

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Read returns the content of the regular file name in d, at most max
// bytes. It refuses, without reading, a link, a FIFO, a device, a socket
// or a folder, and a file larger than max; it opens without following a
// link and without blocking on a FIFO swapped in meanwhile, and checks
// again what it opened.
func (d *Dir) Read(name string, max int64) ([]byte, error) {
	data, _, err := d.read(name, max)
	return data, err
}

// ReadOwn is Read, refusing also a file with more than one hard link
// (the same file as one elsewhere: another student's, or outside the
// class).
func (d *Dir) ReadOwn(name string, max int64) ([]byte, error) {
	data, links, err := d.read(name, max)
	if err == nil && links > 1 {
		return nil, &Error{Path: d.join(name), Problem: HardLinks, Links: links}
	}
	return data, err
}

func (d *Dir) read(name string, max int64) ([]byte, uint64, error) {
	e, err := d.Stat(name)
	if err != nil {
		return nil, 0, err
	}
	if err := regular(d.join(name), e.Mode, e.Size, max); err != nil {
		return nil, 0, err
	}
	fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, 0, openError(d.join(name), err)
	}
	return readOpen(fd, d.join(name), max)
}

// readOpen reads the open file fd when fstat says it is a regular file
// within max, and closes it.
func readOpen(fd int, path string, max int64) ([]byte, uint64, error) {
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, 0, err
	}
	if err := regular(path, mode(st.Mode), st.Size, max); err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, 0, err
	}
	if int64(len(data)) > max {
		return nil, 0, &Error{Path: path, Problem: TooLarge, Size: -1, Limit: max}
	}
	return data, uint64(st.Nlink), nil
}

// regular refuses what is not a regular file of at most max bytes: a
// file that is a link is NotRegular (Link is a link met on the way).
func regular(path string, m fs.FileMode, size, max int64) error {
	switch {
	case m.Type() != 0:
		return &Error{Path: path, Problem: NotRegular, Mode: m}
	case size > max:
		return &Error{Path: path, Problem: TooLarge, Size: size, Limit: max}
	}
	return nil
}

// ReadFile reads the file at path as Dir.Read does: only a regular file
// of at most max bytes, the file itself not followed if it is a link,
// never blocking on a FIFO. The folders above it are the caller's (see
// ReadIn for a file whose folders are untrusted too).
func ReadFile(path string, max int64) ([]byte, error) {
	var st unix.Stat_t
	if err := unix.Lstat(path, &st); err != nil {
		if os.IsNotExist(err) {
			return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
		}
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if err := regular(path, mode(st.Mode), st.Size, max); err != nil {
		return nil, err
	}
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		if e := openError(path, err); e != fs.ErrNotExist {
			return nil, e
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	data, _, err := readOpen(fd, path, max)
	return data, err
}

// ReadIn reads the file rel (slash-separated, local) below root as
// Dir.Read does, every name on its way opened without following a link,
// so that a parent folder that is a link is refused too. root itself is
// the caller's.
func ReadIn(root, rel string, max int64) ([]byte, error) {
	dir, name := filepath.Split(filepath.Clean(filepath.FromSlash(rel)))
	d, err := OpenIn(root, filepath.ToSlash(filepath.Clean(dir)))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Read(name, max)
}

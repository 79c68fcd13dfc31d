package submission

import (
	"errors"
	"fmt"

	"idemlab/harness/internal/safefs"
)

// A submission's folders and files are read through package safefs: a
// folder opened without following a link, every name below it opened
// relative to it, only regular files within the limits read. What safefs
// refuses is worded here as a submission's refusal, as the flags and the
// feedback (package report's wording of them in the student's language)
// know it.

// openDir opens the folder at path, refusing a symbolic link or anything
// that is not a folder.
func openDir(path string) (*safefs.Dir, error) {
	d, err := safefs.OpenDir(path)
	return d, refusal(err)
}

// sub opens the folder name inside d, refusing what openDir refuses.
func sub(d *safefs.Dir, name string) (*safefs.Dir, error) {
	s, err := d.Sub(name)
	return s, refusal(err)
}

// read returns the content of the regular file name in d, at most max
// bytes, refusing without reading a link, a FIFO, a device, a socket or
// a folder, a file larger than max, and a file with more than one hard
// link (the same file as one elsewhere).
func read(d *safefs.Dir, name string, max int64) ([]byte, error) {
	data, err := d.ReadOwn(name, max)
	return data, refusal(err)
}

// refusal words what safefs refused as a submission's [Refusal]; any
// other error is returned as it is.
func refusal(err error) error {
	var e *safefs.Error
	if !errors.As(err, &e) {
		return err
	}
	r := &Refusal{File: e.Path}
	switch e.Problem {
	case safefs.Link:
		r.Reason = "is a symbolic link: a submission's files must be its own"
	case safefs.HardLinks:
		r.Reason = fmt.Sprintf("has %d hard links: a submission's files must be its own", e.Links)
	default:
		r.Reason = e.Reason()
	}
	return r
}

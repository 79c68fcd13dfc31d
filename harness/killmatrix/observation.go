package killmatrix

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"idemlab/harness/internal/safefs"
	"idemlab/harness/script"
)

// The kinds of observation the reports have words for, each a folder of
// a lab's observation folder (the lab's layout says which it reads).
// Happy-path observations exercise the contract as a well-behaved client
// would; most mutants pass them, which is the lab's lesson. Edge
// observations choose a boundary, an input that must be refused, or the
// state after a failure. Student observations are those a student wrote;
// the lab's own gate does not run them.
const (
	KindHappy   = "happy"
	KindEdge    = "edge"
	KindStudent = "student"
)

// Kinds lists the kinds the reports know, in report order; a lab's other
// kinds follow them.
var Kinds = []string{KindHappy, KindEdge, KindStudent}

// An Observation is one testscript file: one behaviour of the contract.
type Observation struct {
	// Name is "kind/base", e.g. "edge/fetch_at_expiry_is_nil".
	Name string `json:"name"`
	Kind string `json:"kind"`
	// File is the script's path as it was found, for positions.
	File string `json:"file"`
	// Doc is the script's opening comment: what it observes and why.
	Doc string `json:"doc"`
	// Script is the parsed script.
	Script *script.Script `json:"-"`
	// Data is the script's text.
	Data []byte `json:"-"`
	// Run is the file testscript reads, when it is not File (a copy of
	// an untrusted file in a private place); "" means File.
	Run string `json:"-"`
}

// Command returns the script's text at line n (1-based), trimmed.
func (o Observation) Command(n int) string {
	if o.Script == nil {
		return ""
	}
	l, _ := o.Script.Line(n)
	return l.Text
}

// MaxFileSize bounds an observation file Discover and Load read, and
// MaxEntries the names a kind's folder may hold.
const (
	MaxFileSize = 8 << 20
	MaxEntries  = 4096
)

// Discover reads the observations in each kind's folder under dir, ordered
// by kind (as listed in kinds) and then by name. A kind whose folder is
// missing has no observations; a script without an opening # comment is an
// error, because an observation must say what it observes.
//
// A checkout is untrusted (checkreport re-runs a student's): the files
// are read through package safefs, so a kind's folder that is a link, or
// a NAME.txtar that is a link (to /dev/zero), a FIFO, a folder or larger
// than MaxFileSize, is an error naming it (a *safefs.Error), at once and
// never read.
func Discover(dir string, kinds ...string) ([]Observation, error) {
	top, err := safefs.OpenDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer top.Close()
	var obs []Observation
	for _, kind := range kinds {
		found, err := discover(top, kind)
		if err != nil {
			return nil, err
		}
		obs = append(obs, found...)
	}
	return obs, nil
}

// discover reads the observations of one kind's folder of top.
func discover(top *safefs.Dir, kind string) ([]Observation, error) {
	d, err := top.Sub(kind)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer d.Close()
	entries, over, err := d.Entries(MaxEntries)
	if err != nil {
		return nil, err
	}
	if over {
		return nil, fmt.Errorf("%s: holds more than %d entries", d.Path(), MaxEntries)
	}
	var obs []Observation
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name, ".txtar")
		if !ok || base == "" {
			continue
		}
		data, err := d.Read(e.Name, MaxFileSize)
		if err != nil {
			return nil, err
		}
		o, err := New(kind, base, filepath.Join(top.Path(), kind, e.Name), data)
		if err != nil {
			return nil, err
		}
		obs = append(obs, o)
	}
	return obs, nil
}

// Load reads one observation script of the given kind from file, as
// Discover reads each: only a regular file of at most MaxFileSize bytes,
// not followed if it is a link (a student's go through the submission
// package, which reads them within its own limits and calls [New]).
func Load(kind, file string) (Observation, error) {
	data, err := safefs.ReadFile(file, MaxFileSize)
	if err != nil {
		return Observation{}, err
	}
	return New(kind, strings.TrimSuffix(filepath.Base(file), ".txtar"), file, data)
}

// New makes the observation kind/base from the script data read from file.
func New(kind, base, file string, data []byte) (Observation, error) {
	s := script.Parse(data)
	if s.Err != "" {
		return Observation{}, fmt.Errorf("%s:%s", file, strings.TrimPrefix(s.Err, "line "))
	}
	if s.Doc == "" {
		return Observation{}, fmt.Errorf("%s:1: an observation must start with a # comment saying what it observes and why", file)
	}
	return Observation{Name: kind + "/" + base, Kind: kind, File: file, Doc: s.Doc, Script: s, Data: data}, nil
}

// runFile is the file testscript reads.
func (o Observation) runFile() string {
	if o.Run != "" {
		return o.Run
	}
	return o.File
}

package coverage

import (
	"errors"
	"io/fs"
	"os"

	"idemlab/harness/internal/jsonpos"
)

// An Entry of the open-cell file: the cell, and why no observation covers
// it.
type Entry struct {
	Subcommand string `json:"subcommand,omitempty"`
	Param      string `json:"param,omitempty"`
	Category   string `json:"category"`
	Reason     string `json:"reason"`
}

// openFile is the open-cell file's shape.
type openFile struct {
	Open []Entry `json:"open"`
}

// ReadOpen reads the open-cell file at file (a missing file opens no
// cell) and checks each entry against t's cells: a cell the table does not
// have, an entry without a reason and a cell named twice are errors,
// named by file and line.
func ReadOpen(file string, cells []Cell) (map[Key]string, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return map[Key]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	f := jsonpos.File{Name: file, Data: data}
	var of openFile
	if err := f.DecodeStrict(&of, "open-cell object"); err != nil {
		return nil, err
	}
	offsets, err := f.ArrayOffsets("open")
	if err != nil {
		return nil, err
	}
	known := map[Key]bool{}
	for _, c := range cells {
		known[c.Key()] = true
	}
	out := map[Key]string{}
	for i, e := range of.Open {
		k := Key{e.Subcommand, e.Param, e.Category}
		switch {
		case !known[k]:
			return nil, f.Errorf(offsets[i], "%s: no such cell: the lab's commands declare no such category", k)
		case e.Reason == "":
			return nil, f.Errorf(offsets[i], "%s: no reason: say why no observation covers it", k)
		case out[k] != "":
			return nil, f.Errorf(offsets[i], "%s: named twice", k)
		}
		out[k] = e.Reason
	}
	return out, nil
}

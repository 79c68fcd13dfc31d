package writers

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/htmlreport"
	"idemlab/harness/report"
	"idemlab/harness/stryker"
)

// A Writer renders one result of type T.
type Writer[T any] struct {
	// Name is what -format calls it; Doc says what it writes.
	Name, Doc string
	Write     func(w io.Writer, v T) error
}

// A Registry is the writers of one result type, in the order usage lists
// them; the first is the default.
type Registry[T any] []Writer[T]

// Lookup returns the writer called name.
func (r Registry[T]) Lookup(name string) (Writer[T], error) {
	i := slices.IndexFunc(r, func(w Writer[T]) bool { return w.Name == name })
	if i < 0 {
		return Writer[T]{}, fmt.Errorf("format %q: want %s", name, strings.Join(r.Names(), ", "))
	}
	return r[i], nil
}

// Names lists the writers' names.
func (r Registry[T]) Names() []string {
	var names []string
	for _, w := range r {
		names = append(names, w.Name)
	}
	return names
}

// Reports writes a report.
var Reports = Registry[*report.Report]{
	{"text", "the report for a person, in its language", func(w io.Writer, r *report.Report) error { return r.Text(w) }},
	{"json", "the whole report as JSON (schema idemlab/report/v3)", func(w io.Writer, r *report.Report) error { return r.JSON(w) }},
	{"html", "one self-contained HTML page", htmlreport.Write},
	{"stryker", "the mutants in Stryker's mutation-testing-report-schema (version 2)", writeStryker},
}

func writeStryker(w io.Writer, r *report.Report) error {
	s, err := stryker.Export(r)
	if err != nil {
		return err
	}
	return s.JSON(w)
}

// Classes writes a graded class.
var Classes = Registry[*grade.Class]{
	{"table", "a table for the instructor, then each student's flags and the class analytics", func(w io.Writer, c *grade.Class) error { return c.Table(w) }},
	{"csv", "one line a student, for a spreadsheet", func(w io.Writer, c *grade.Class) error { return c.CSV(w) }},
	{"json", "the whole class as JSON (schema " + grade.Schema + "); a shard's part for grade merge", func(w io.Writer, c *grade.Class) error { return c.JSON(w) }},
}

// To renders v with the writer called name to file, or to stdout when
// file is "" or "-". The whole output is rendered first, so a failure
// leaves no half-written file.
func To[T any](reg Registry[T], name, file string, stdout io.Writer, v T) error {
	wr, err := reg.Lookup(name)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := wr.Write(&b, v); err != nil {
		return err
	}
	if file == "" || file == "-" {
		_, err = stdout.Write(b.Bytes())
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}

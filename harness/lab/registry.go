package lab

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"idemlab/harness/i18n"
)

// A Registry is the labs a binary has built in, the default first. The
// harness's commands take one and let their user choose a lab by name
// (-lab NAME); only a main knows which labs there are.
type Registry []Entry

// An Entry is one built-in lab: the name -lab takes, a one-line summary
// for -h, and the function that builds the lab (labs are built only when
// chosen, since building one compiles nothing but may read its files).
type Entry struct {
	Name, Summary string
	// Summaries is Summary in other languages, by tag ("zh-CN").
	Summaries map[string]string
	Lab       func() *Lab
}

// Default returns the name of the registry's first lab ("" if it has none).
func (r Registry) Default() string {
	if len(r) == 0 {
		return ""
	}
	return r[0].Name
}

// Lookup builds the lab called name ("" for the default). An unknown name
// is an error that lists the names there are.
func (r Registry) Lookup(name string) (*Lab, error) { return r.LookupIn(name, i18n.English) }

// LookupIn is Lookup with its error in lang, for a command that speaks
// the student's language.
func (r Registry) LookupIn(name string, lang i18n.Lang) (*Lab, error) {
	if name == "" {
		name = r.Default()
	}
	for _, e := range r {
		if e.Name == name {
			return e.Lab(), nil
		}
	}
	return nil, errors.New(lang.T("misuse.no-lab", i18n.M{"Name": strconv.Quote(name), "Names": strings.Join(r.Names(), ", ")}))
}

// Names returns the labs' names in the registry's order.
func (r Registry) Names() []string {
	names := make([]string, len(r))
	for i, e := range r {
		names[i] = e.Name
	}
	return names
}

// Define defines the -lab flag on fs, storing the chosen name in name.
func (r Registry) Define(fs *flag.FlagSet, name *string) {
	fs.StringVar(name, "lab", r.Default(), "the lab to run, by `NAME` (-h lists them)")
}

// WriteList writes one line per lab, name and summary, the default marked:
// what a command's -h says after its flags.
func (r Registry) WriteList(w io.Writer) { r.WriteListIn(w, i18n.English) }

// WriteListIn is WriteList in lang: its heading, its mark, and each lab's
// summary where the entry has one in lang.
func (r Registry) WriteListIn(w io.Writer, lang i18n.Lang) {
	fmt.Fprintln(w, "\n"+lang.T("usage.labs", nil))
	for i, e := range r {
		mark := ""
		if i == 0 {
			mark = lang.T("usage.default", nil)
		}
		summary := e.Summary
		if s, ok := e.Summaries[string(lang)]; ok {
			summary = s
		}
		fmt.Fprintf(w, "  %-12s %s%s\n", e.Name, summary, mark)
	}
}

// Only is the registry of l alone: what a command's Run passes to its Main,
// and what a test passes to run a lab that no binary has built in.
func Only(l *Lab) Registry {
	return Registry{{Name: l.Name, Summary: "", Lab: func() *Lab { return l }}}
}

// LookupRecorded builds the lab that file, which records lab recorded
// (its "lab" field), was made in: without -lab on fs, the lab the file
// records; with it, lab name, which must be the one the file records,
// else the error names the file and both labs. A file that records no
// lab is read as lab name's (the default's without -lab).
func (r Registry) LookupRecorded(fs *flag.FlagSet, name, file, recorded string) (*Lab, error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "lab" })
	switch {
	case recorded == "" || recorded == name:
		l, err := r.Lookup(name)
		if err != nil {
			return nil, fmt.Errorf("-lab: %v", err)
		}
		return l, nil
	case given:
		return nil, fmt.Errorf("%s records lab %q, but -lab names lab %q: drop -lab to read it as lab %s", file, recorded, name, recorded)
	}
	l, err := r.Lookup(recorded)
	if err != nil {
		return nil, fmt.Errorf("%s records lab %q: %v", file, recorded, err)
	}
	return l, nil
}

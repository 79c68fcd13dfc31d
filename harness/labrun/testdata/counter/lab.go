package counter

import (
	_ "embed"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/mutation"
)

// Dir is this lab's folder, relative to the module root: every path of
// its layout is under it.
const Dir = "harness/labrun/testdata/counter"

// CatalogueFile is the catalogue's path relative to the module root, and
// HeldOutFile an instructor's held-out catalogue of the same reference.
const (
	CatalogueFile = Dir + "/catalogue.json"
	HeldOutFile   = Dir + "/heldout.json"
)

//go:embed catalogue.json
var catalogueJSON []byte

// API is the counter's API as values: one field for each exported
// top-level name of counter.go (a variable by address), as the harness
// fills it from every mutated copy of that file.
type API struct {
	Max     int
	ErrFull *error
	Get     func(path string) (int, error)
	Inc     func(path string) (int, error)
	Reset   func(path string) error
}

// Reference is the correct counter, counter.go.
var Reference = lab.Impl{Name: "reference", Value: API{
	Max:     Max,
	ErrFull: &ErrFull,
	Get:     Get,
	Inc:     Inc,
	Reset:   Reset,
}}

// Lab returns the counter lab. Programs the harness generates import this
// package (the lab's Binding) and call it to get the lab back.
func Lab() *lab.Lab { return theLab() }

var theLab = sync.OnceValue(func() *lab.Lab {
	cat, err := mutation.Parse(CatalogueFile, catalogueJSON)
	if err != nil {
		panic(fmt.Sprintf("embedded catalogue: %v", err))
	}
	return &lab.Lab{
		Name:      "counter",
		Binding:   "idemlab/" + Dir,
		Reference: Reference,
		Mutants:   handWritten,
		Catalogue: cat,
		Commands:  []lab.Command{Command()},
		Layout: lab.Layout{
			Source:       cat.Reference,
			Catalogue:    CatalogueFile,
			Equivalents:  Dir + "/equivalent.json",
			Observations: Dir + "/observations",
			Kinds:        []string{"happy", "edge"},
			Own:          "student",
			Worksheets:   []string{Dir + "/worksheet.md"},
			History:      Dir + "/worksheet.history.json",
			Sources:      []string{Dir},
		},
		QuickLoop: "go test ./harness/labrun -run TestAnotherLab",
	}
})

// DefaultFile is the counter file ctr uses when -f is not given, relative
// to the directory it runs in.
const DefaultFile = "counter"

// Command is the ctr command, as the lab's observations use it:
//
//	ctr [-f FILE] inc|get|reset
func Command() lab.Command {
	return lab.Command{
		Name:    "ctr",
		Summary: "one counter operation against the implementation under test",
		Flags: []lab.Flag{{Name: "f", Arg: "FILE", Doc: "the counter's file, relative to the current directory (default " + DefaultFile + ")",
			Domain: &lab.Domain{Kind: lab.Text, Pool: "file", Values: []string{DefaultFile, "a", "b"}}}},
		Subcommands: []lab.Subcommand{
			{Name: "inc", Doc: "Add one to the counter; prints its new value."},
			{Name: "get", Doc: "Print the counter's value, 0 when its file does not exist.", ReadsState: true},
			{Name: "reset", Doc: "Set the counter back to zero, removing its file."},
		},
		Run: run,
	}
}

// run runs one ctr command line against impl. A malformed line is an
// error before anything is touched.
func run(impl lab.Impl, dir string, args []string, stdout io.Writer) error {
	c, ok := impl.Value.(API)
	if !ok {
		return fmt.Errorf("ctr: implementation %s is a %T, not a counter.API", impl.Name, impl.Value)
	}
	file := DefaultFile
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		flag, value, hasValue := strings.Cut(strings.TrimLeft(args[0], "-"), "=")
		if flag != "f" {
			return misuse("", fmt.Sprintf("unknown flag %q", args[0]))
		}
		if !hasValue {
			if len(args) < 2 {
				return misuse("", "flag -f needs a FILE")
			}
			value, args = args[1], args[1:]
		}
		file, args = value, args[1:]
	}
	if len(args) != 1 {
		return misuse("", fmt.Sprintf("want one command, got %q", args))
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	switch args[0] {
	case "inc":
		return printed(stdout)(c.Inc(file))
	case "get":
		return printed(stdout)(c.Get(file))
	case "reset":
		return c.Reset(file)
	}
	return misuse("", fmt.Sprintf("unknown command %q", args[0]))
}

// A usageError is a malformed ctr command line, refused before the
// counter is touched: a [lab.Misuse].
type usageError struct{ sub, msg string }

func misuse(sub, msg string) error { return &usageError{sub, msg} }

func (e *usageError) Misuse() (sub, msg string) { return e.sub, e.msg }

func (e *usageError) Error() string { return "ctr: " + e.msg + "\n" + Command().Usage() }

// printed prints a value on a line of its own, unless there was an error.
func printed(w io.Writer) func(int, error) error {
	return func(n int, err error) error {
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, strconv.Itoa(n)+"\n")
		return err
	}
}

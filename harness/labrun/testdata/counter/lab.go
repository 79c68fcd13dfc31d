package counter

import (
	_ "embed"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// Dir is this lab's folder, relative to the module root: every path of
// its layout is under it.
const Dir = "harness/labrun/testdata/counter"

// HeldOutFile is an instructor's held-out catalogue of the reference.
const HeldOutFile = Dir + "/heldout.json"

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
var Reference = lab.Impl{Name: "reference", Value: API{Max: Max, ErrFull: &ErrFull, Get: Get, Inc: Inc, Reset: Reset}}

// Lab returns the counter lab. Programs the harness generates import this
// package (the lab's Binding) and call it to get the lab back. Its files
// lie in one folder, not in the standard layout, so it declares where.
func Lab() *lab.Lab { return theLab() }

var theLab = sync.OnceValue(func() *lab.Lab {
	l := lab.Spec{Name: "counter", Catalogue: catalogueJSON, Reference: Reference, Mutants: handWritten, Commands: []lab.Command{Command()},
		Layout: lab.Layout{
			Source:       Dir + "/counter.go",
			Catalogue:    Dir + "/catalogue.json",
			Equivalents:  Dir + "/equivalent.json",
			Observations: Dir + "/observations",
			Kinds:        []string{"happy", "edge"},
			Own:          "student",
			Worksheets:   []string{Dir + "/worksheet.md"},
			History:      Dir + "/worksheet.history.json",
			Sources:      []string{Dir},
		}}.Lab()
	// Its Go source is this one package, not DIR/mutants.
	l.Binding, l.QuickLoop = "idemlab/"+Dir, "go test ./harness/labrun -run TestAnotherLab"
	return l
})

// Command is the ctr command, as the lab's observations use it:
//
//	ctr [-f FILE] inc|get|reset
func Command() lab.Command { return table.Command() }

var table = &labcmd.Table[API]{
	Name: "ctr", Summary: "one counter operation against the implementation under test",
	DefaultDB: "counter", StoreFlag: "f", StoreArg: "FILE",
	StoreDomain: &lab.Domain{Kind: lab.Text, Pool: "file", Values: []string{"counter", "a", "b"}},
	Subcommands: []labcmd.Sub[API]{
		{Name: "inc", Doc: "Add one to the counter; prints its new value.",
			Run: func(c API, call *labcmd.Call) (any, error) { return labcmd.Pair(c.Inc(call.DB)) }},
		{Name: "get", Doc: "Print the counter's value, 0 when its file does not exist.", ReadsState: true,
			Run: func(c API, call *labcmd.Call) (any, error) { return labcmd.Pair(c.Get(call.DB)) }},
		{Name: "reset", Doc: "Set the counter back to zero, removing its file.",
			Run: func(c API, call *labcmd.Call) (any, error) { return nil, c.Reset(call.DB) }},
	},
}

package coverage_test

import (
	"os"

	"idemlab/harness/coverage"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/script"
)

// A counter whose NAME has two categories: one observation uses an
// ordinary name and checks the result; no observation uses an empty one,
// so that cell is a hole until an observation covers it or the open-cell
// file says why it is left open.
func ExampleBuild() {
	name := lab.Param{Name: "NAME", Domain: lab.Domain{Kind: lab.Text, Categories: []lab.Category{
		{Name: "ordinary", Values: []string{"a"}},
		{Name: "empty", Values: []string{""}},
	}}}
	l := &lab.Lab{Name: "counter", Commands: []lab.Command{{Name: "ctr",
		Subcommands: []lab.Subcommand{{Name: "inc", Args: "NAME", Params: []lab.Param{name}}}}}}
	o := killmatrix.Observation{Name: "happy/inc", Script: script.Parse([]byte("ctr inc a\nstdout 1\n"))}
	coverage.Build(l, []killmatrix.Observation{o}, nil).WriteText(os.Stdout)
	// Output:
	// coverage of lab counter: 2 cells, 1 covered by an observation that pins its result, 0 open with a reason, 1 holes
	//
	// ctr inc NAME
	//   ordinary                             1  happy/inc
	//   empty                                HOLE
}

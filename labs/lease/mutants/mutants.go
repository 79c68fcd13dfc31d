package mutants

//go:generate go run ../../../harness/cmd/genmutants catalogue.json

import (
	_ "embed"
	"fmt"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/labs/lease/reference/lease"
)

//go:embed catalogue.json
var catalogueJSON []byte

// Dir is the lab's folder, relative to the module root: every path of its
// layout is under it.
const Dir = "labs/lease"

// CatalogueFile is the catalogue's path relative to the module root.
const CatalogueFile = Dir + "/mutants/catalogue.json"

// Lab returns the lease lab, with the catalogue and the mutants compiled
// into this binary.
func Lab() *lab.Lab { return theLab() }

var theLab = sync.OnceValue(func() *lab.Lab {
	cat, err := mutation.Parse(CatalogueFile, catalogueJSON)
	if err != nil {
		// The same bytes are parsed by this package's tests, so a bad
		// catalogue never reaches a build that passed them.
		panic(fmt.Sprintf("embedded catalogue: %v", err))
	}
	return &lab.Lab{
		Name:      "lease",
		Binding:   "idemlab/" + Dir + "/mutants",
		Reference: lease.Reference,
		Mutants:   generated,
		Catalogue: cat,
		Commands:  []lab.Command{lease.Command()},
		Layout: lab.Layout{
			Source:       cat.Reference,
			Catalogue:    CatalogueFile,
			Equivalents:  Dir + "/mutants/equivalent.json",
			Clauses:      Dir + "/mutants/clauses.json",
			Observations: Dir + "/testdata",
			Kinds:        []string{"happy", "edge"},
			Own:          "student",
			Worksheets:   []string{Dir + "/worksheet.md", Dir + "/worksheet.zh-CN.md"},
			History:      Dir + "/worksheet.history.json",
			Sources:      []string{Dir + "/reference", Dir + "/mutants"},
		},
		QuickLoop: "go test ./labs/lease/mutants",
	}
})

package mutants

//go:generate go run ../harness/cmd/genmutants catalogue.json

import (
	_ "embed"
	"fmt"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/reference/idem"
)

//go:embed catalogue.json
var catalogueJSON []byte

// CatalogueFile is the catalogue's path relative to the module root.
const CatalogueFile = "mutants/catalogue.json"

// Lab returns the idempotency-key store lab, with the catalogue and the
// mutants compiled into this binary.
func Lab() *lab.Lab { return theLab() }

var theLab = sync.OnceValue(func() *lab.Lab {
	cat, err := mutation.Parse(CatalogueFile, catalogueJSON)
	if err != nil {
		// The same bytes are parsed by this package's tests, so a bad
		// catalogue never reaches a build that passed them.
		panic(fmt.Sprintf("embedded catalogue: %v", err))
	}
	return &lab.Lab{
		Name:      "idemstore",
		Binding:   "idemlab/mutants",
		Reference: idem.Reference,
		Mutants:   generated,
		Catalogue: cat,
		Commands:  []lab.Command{idem.Command()},
		Layout: lab.Layout{
			Source:       cat.Reference,
			Catalogue:    CatalogueFile,
			Equivalents:  "mutants/equivalent.json",
			Clauses:      "mutants/clauses.json",
			Observations: "testdata",
			Kinds:        []string{"happy", "edge"},
			Own:          "student",
			Worksheets:   []string{"worksheet.md", "worksheet.zh-CN.md"},
			History:      "worksheet.history.json",
			Sources:      []string{"reference", "mutants"},
		},
		QuickLoop: "go test ./mutants",
	}
})

package mutants

//go:generate go run ../harness/cmd/genmutants catalogue.json

import (
	_ "embed"
	"sync"

	"idemlab/harness/lab"
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
	return lab.Spec{Name: "idemstore", Catalogue: catalogueJSON, Reference: idem.Reference, Mutants: generated,
		Commands: []lab.Command{idem.Command()}}.Lab()
})

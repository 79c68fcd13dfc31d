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

// The answer key: what the catalogue a student reads leaves out.
//
//go:embed testdata/answers/key.json
var answersJSON []byte

// CatalogueFile is the catalogue's path relative to the module root.
const CatalogueFile = "mutants/catalogue.json"

// AnswersFile is the answer key's path relative to the module root: each
// mutant's intended killer and hint, in the folder students are told not
// to read before predicting.
const AnswersFile = "mutants/testdata/answers/key.json"

// Lab returns the idempotency-key store lab, with the catalogue and the
// mutants compiled into this binary.
func Lab() *lab.Lab { return theLab() }

var theLab = sync.OnceValue(func() *lab.Lab {
	return lab.Spec{Name: "idemstore", Catalogue: catalogueJSON, Answers: answersJSON, Reference: reference, Mutants: generated,
		Wheats:   wheats,
		Commands: []lab.Command{idem.Command()}}.Lab()
})

package mutants

//go:generate go run ../../../harness/cmd/genmutants catalogue.json

import (
	_ "embed"
	"sync"

	"idemlab/harness/lab"
	"idemlab/labs/lease/reference/lease"
)

//go:embed catalogue.json
var catalogueJSON []byte

// The answer key: what the catalogue a student reads leaves out.
//
//go:embed testdata/answers/key.json
var answersJSON []byte

// Dir is the lab's folder, relative to the module root: every path of its
// layout is under it.
const Dir = "labs/lease"

// Lab returns the lease lab, with the catalogue and the mutants compiled
// into this binary.
func Lab() *lab.Lab { return theLab() }

var theLab = sync.OnceValue(func() *lab.Lab {
	return lab.Spec{Name: "lease", Dir: Dir, Catalogue: catalogueJSON, Answers: answersJSON, Reference: reference, Mutants: generated,
		Wheats: wheats, Commands: []lab.Command{lease.Command()}}.Lab()
})

// Package mutants holds the lab's mutant copies of the reference store, one
// folder per worksheet step, and the catalogue that declares them.
//
// Every copy is generated: edit catalogue.json or the reference, then run
//
//	go generate ./mutants
//
// The test in this folder fails with "stale: run go generate ./mutants"
// when a checked-in copy no longer equals the reference with its one
// replacement.
package mutants

//go:generate go run ../harness/cmd/genmutants

import (
	_ "embed"
	"fmt"

	"idemlab/harness/impl"
	"idemlab/harness/mutation"
)

//go:embed catalogue.json
var catalogueJSON []byte

// Catalogue returns the catalogue compiled into this binary.
func Catalogue() *mutation.Catalogue {
	c, err := mutation.Parse(mutation.CatalogueFile, catalogueJSON)
	if err != nil {
		// The same bytes are parsed by this package's tests, so a bad
		// catalogue never reaches a build that passed them.
		panic(fmt.Sprintf("embedded catalogue: %v", err))
	}
	return c
}

// Impls returns every compiled mutant in catalogue order.
func Impls() []impl.Impl {
	return append([]impl.Impl(nil), generated...)
}

// Lookup returns the implementation called name: "reference" or a mutant.
func Lookup(name string) (impl.Impl, bool) {
	if name == impl.ReferenceName {
		return impl.Reference, true
	}
	for _, m := range generated {
		if m.Name == name {
			return m, true
		}
	}
	return impl.Impl{}, false
}

// Names lists "reference" followed by every mutant's name.
func Names() []string {
	names := []string{impl.ReferenceName}
	for _, m := range generated {
		names = append(names, m.Name)
	}
	return names
}

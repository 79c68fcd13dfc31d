// Command genmutants writes the mutant copies a catalogue declares, and the
// registry that compiles them in. A lab's go:generate line runs it, in the
// catalogue's folder:
//
//	//go:generate go run ../harness/cmd/genmutants catalogue.json
//
// It finds the module root from the working directory, renders every copy
// (in a folder named for the mutant's ID beside the catalogue) and the
// registry, writes those that changed, and removes generated files no
// longer wanted (a mutant dropped from the catalogue), then their folder
// when it is empty. Only files carrying the generated-code header are ever
// removed.
//
// # Synopsis
//
//	genmutants CATALOGUE.json
//
// The catalogue is read strictly (package mutation), and each mutant's old
// text must occur exactly once in the reference it names: a mutant that
// does not apply, or whose copy does not parse, is an error naming the
// catalogue's line, and nothing is written. Each copy is a package of its
// own, in the folder named for the mutant's ID (its label, or its name when
// it has none), with a package comment that says which replacement makes
// it; the registry (registry_gen.go) fills the lab's API struct, which the
// catalogue's "api" field names, from every copy. The reference source must
// have no package comment (a copy carries its own), so a lab keeps its
// reference package's doc in a doc.go.
//
// It prints "wrote FILE" and "removed FILE" for what it changed, and
// nothing when every file was fresh. In the store lab, go generate
// ./mutants runs it, and TestCopiesAreFresh in package mutants fails when a
// checked-in copy has drifted.
//
// # Exit status
//
// It exits 0 when the copies are fresh (written or already so); 1 for a
// usage error: not exactly one argument, a flag (it has none; -h prints
// the usage on stdout and exits 0), a catalogue that does not exist or does
// not parse, a mutant that does not apply, a reference the catalogue names
// that is missing, or no checkout to run in, with nothing written; and 70
// when a file exists but cannot be read, or a file cannot be written or
// removed. These are the statuses of harness/exitcode, the
// README's "Exit statuses".
package main

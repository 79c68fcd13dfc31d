// Package mutation declares the lab's mutants and writes their copies.
//
// A mutant is the reference source with exactly one snippet replaced. The
// catalogue (mutants/catalogue.json) lists each one with the worksheet step
// it belongs to and the idea it breaks; the lab's answer key
// (mutants/testdata/answers/key.json, an [AnswerKey]) gives the
// observation meant to kill it and a hint for a stuck student, kept apart
// because a student reads the catalogue before predicting. [Generate] renders every copy and a registry
// that compiles them into the harness; go generate ./mutants writes them,
// and a test in mutants/ fails when a checked-in copy has drifted.
//
// A replacement must match the reference text exactly once: zero matches
// means the reference changed under the mutant, several mean the mutant
// would break more than one place.
package mutation

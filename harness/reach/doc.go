// Package reach says, from source alone, which entry points of a package
// can run the code a mutant changes. It is the harness's coverage
// analysis, in the manner of Stryker's "perTest" coverage or PIT's: an
// observation that never calls any of those entry points on the reference
// runs the same code on the mutant, and so has the same result; the kill
// matrix takes the reference's result for it instead of running it.
//
// # The question
//
// [Entries] takes the reference source, a mutant's source (the reference
// with one snippet replaced) and the names of the API: the exported
// top-level names through which the harness reaches an implementation.
// It compares the two files declaration by declaration, ignoring comments
// and layout, and answers with the API functions whose static call graph,
// in the reference, reaches a changed declaration:
//
//	entries, known, err := reach.Entries(ref, mutant, []string{"InitDB", "Purge", "DefaultLimit"})
//
// known is false when no such answer is safe, and every observation must
// run:
//
//   - an import, a package-level variable or an init function changed:
//     their code runs when the package starts, whatever is called after;
//   - a declaration was added, removed or renamed (a new method may be
//     called through an interface without any line naming it);
//   - a directive comment changed (//go:embed, //go:linkname, //line, a
//     cgo preamble): it changes what is built, though no code differs;
//   - a changed declaration is reached from a variable's initializer,
//     which also runs at start;
//   - a changed declaration is reached from an API name that is not a
//     function (a constant or a variable): the harness reads those without
//     a call it could record.
//
// An empty, known answer says no entry point reaches a change: the mutant
// differs in declarations nothing calls, and behaves as the reference.
//
// # The call graph
//
// The reference is type-checked with go/types alone: its imports are
// given as empty packages, and the errors that follows are ignored, so the
// analysis needs neither the module's dependencies nor a go command.
// go/types still resolves every name declared in the file, locals and
// shadowing and aliases included, and an edge goes from a declaration to
// each of the file's own top-level objects its body uses. What it cannot
// resolve is over-approximated, never dropped, so that the answer is
// sound:
//
//   - a name it cannot resolve (a selector whose receiver's type comes
//     from an import, a key of an imported map or array type's literal,
//     which go/types leaves unchecked) is taken to be every function,
//     constant, variable, type and method of the file spelt the same;
//   - an interface's method is taken to be every method of that name;
//   - a use of one of the file's types, or of an alias of it, is taken to
//     call all its methods, since fmt, encoding/json and errors call
//     String, MarshalJSON or Error without naming them.
//
// Calls made by reflection on a method's name, by go:linkname, or through
// unsafe are not seen; a reference that relies on them must not use this
// analysis.
//
// # What "the same code" assumes
//
// An observation that calls no entry runs no changed line, but the answer
// also assumes that nothing it sees depends on anything else: that
// observations share no state but their own files (the file's package
// variables make the answer unknown, but a value of one of its types kept
// by an imported package from an earlier call is not followed), and that
// nothing prints the package's own name (a mutant copy is another
// package, so %T differs in every copy, changed or not). The lab's
// reference holds to both; the kill matrix's -run-unreached checks it.
package reach

// Package mutagen generates every single-point mutant of the reference
// store and runs the lab's observations against all of them at once.
//
// The eight hand-written mutants of mutants/catalogue.json each break one
// line of the contract on purpose, for a worksheet step. This package asks
// the wider question: which single-point changes of reference/store.go does
// the observation suite fail to notice?
//
// # Operators
//
// General Go mutation tools see an SQL statement as an opaque string; here,
// in a string literal that holds SQL, the operators are
//
//   - comparison flips inside a WHERE clause: <= and <, > and >=, = and !=;
//   - ASC and DESC swapped;
//   - one conjunct of a WHERE clause dropped (only when there are two or
//     more, so the statement stays valid);
//   - IF NOT EXISTS removed;
//   - a do-nothing-on-conflict insert turned into a replacing one;
//   - LIMIT ? off by one, as LIMIT ? + 1 and LIMIT ? - 1.
//
// In Go code they are relational boundary flips (< and <=, > and >=), a
// negated if condition (if c becomes if !(c)), a swapped boolean return
// (true and false exchanged; any other boolean result negated) and a
// dropped error check (if err != nil becomes if false). A boolean return
// that travels with a non-nil error is left alone: by Go convention a
// caller ignores the other results when the error is set, so such a mutant
// could only be equivalent.
//
// [Operators] lists them with their names, and [Generate] applies them.
//
// # One replacement each
//
// A generated [Mutant] has the same declarative form as the catalogue's:
// an Old text that occurs exactly once in the reference and the New text
// that replaces it. Old starts as the whole source line of the change and
// is widened to neighbouring lines, one at a time, until it is unique. A
// mutant is named file:line:operator, e.g. store.go:124:sql-gt-to-ge; a
// second mutant of the same operator on the same line gets #2, and so on.
//
// # Running them all at once
//
// [Run] materialises every mutant as one file of a program in a temporary
// module: the reference source with its one replacement (rendered by
// [mutation.Render]), every name it declares at the top level prefixed
// (m012_InitDB), so that many mutants share one package. The mutants are
// spread over one package per CPU, which go build compiles in parallel,
// each with a generated registry of its mutants; a main function gathers
// them and calls [killmatrix.Build]. Run builds the program once and runs
// it. A package per mutant made the compiler start, and read the imports'
// export data, 156 times: 15 s of build where a few packages take 5 s on
// two cores. A copy of the unmutated reference, prefixed the same way,
// runs first as a control: it must pass every observation, or the copying
// changed the code and Run fails. A mutant whose replacement does not
// apply, or whose file does not compile, is unviable: it is reported with
// the reason and left out of the build, and the rest are judged.
//
// The build reads only the module cache (the temporary module requires what
// idemlab requires and replaces idemlab with the checkout), and it happens
// in the same folder on every run for one checkout, because the go
// command's build cache keys a package by its folder and files: a package
// of mutants is not compiled again when its mutants have not changed (the
// same reference, the same selection), and the dependencies go test
// compiled are reused. The mutants are compiled without optimisation, inlining or
// DWARF, and the program is linked without symbols, which changes nothing
// they do and makes the build faster.
//
// # Equivalent mutants
//
// A mutant that no observation could kill, because it behaves exactly as
// the reference does wherever the idem command can reach, is equivalent.
// mutants/equivalent.json records each with its reason ([ParseEquivalent]);
// reports keep them apart from real survivors.
package mutagen

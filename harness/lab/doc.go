// Package lab is the seam between the harness and the subject it teaches. A
// lab is data: one [Lab] value says what the correct implementation is,
// which mutants of it exist, which commands its observation scripts speak
// and where its files are kept. Every generic package of the harness (the
// kill matrix, the report, grading, held-out and generated mutants) takes a
// *Lab and knows nothing else of the subject, so that a second lab needs no
// change to any of them.
//
// # The model
//
// A [Lab] holds:
//
//   - Reference and Mutants, each an [Impl]: a name and a Value. The Value
//     is the lab's own handle on one implementation; the harness calls
//     nothing in it, but passes it back to the lab's commands, and looks
//     into it only to find function fields left nil ([Impl.Missing]). For
//     the harness to build mutants itself (held-out and generated ones),
//     the Value must be a struct with one exported field for each exported
//     top-level name of the reference source (functions and constants by
//     value, variables by address), because the generated code fills the
//     same struct from every mutated copy. The catalogue's "api" field
//     names that struct type.
//   - Catalogue, the lab's [mutation.Catalogue]: each mutant's name and
//     neutral label, its step, the one replacement that makes it, the
//     observation meant to kill it and a hint. Mutants holds the compiled
//     mutants in the catalogue's order.
//   - Commands, each a [Command]: the word a script line starts with, its
//     flags, its subcommands and a Run function that runs one command line
//     against an implementation. A [Subcommand] with ReadsState set reports
//     what the implementation has stored rather than the result of an
//     operation; a failing check of its output is state evidence, not
//     return evidence.
//   - Layout, a [Layout]: where the reference source, the catalogue, its
//     answer key (kept apart, where students are told not to look before
//     predicting), the equivalent-mutant list, the clause table, the observation folders,
//     the worksheets and the prediction history are, relative to the module
//     root.
//   - Binding, the import path of the package whose Lab function returns
//     the value. A program the harness generates imports that package to
//     get the lab back.
//   - QuickLoop, the one command a student runs to have their predictions
//     judged (go test ./mutants for the first lab), which the report's
//     words tell them to run.
//
// An Impl may also carry Entries: the API functions through which the code
// a mutant changes can run. The generators fill them (see
// idemlab/harness/reach); the kill matrix then runs a mutant only on the
// observations that call one of them on the reference. A hand-made Impl
// leaves them nil, and every observation runs on it.
//
// [Lab.Impls], [Lab.Lookup] and [Lab.Command] are how the rest of the
// harness reaches into a lab: every implementation in order, one
// implementation by its name or by its mutant's label (a worksheet writes
// labels), and one command by name. [Impl.Missing] names the function
// fields an implementation leaves nil; such an implementation is judged
// invalid rather than run. [Command.Usage] formats a command's usage from
// its table, and [Command.Subcommand] finds the subcommand a script line
// names past its flags.
//
// # Plugging in a lab
//
// A lab is a Go package that exports a function Lab() *lab.Lab, called its
// binding. The idempotency-key store lab is package idemlab/mutants: its
// reference is package idemlab/reference, its copies are generated from
// mutants/catalogue.json, and its one command is idem (package
// idemlab/reference/idem). A second lab needs:
//
//   - a reference source file, and an API struct as described above;
//   - a catalogue of mutants, and the mutants themselves, either generated
//     copies (go generate with harness/cmd/genmutants) or written by hand;
//   - one or more commands, each a [Command] with a Run function that
//     returns a [Misuse] for a malformed line (the first command is the
//     one harness/command/labshell runs from a shell);
//   - observation scripts in folders named for their kinds, which its
//     [Layout] lists (Kinds, the happy path first: happy/ and edge/ in
//     this module's labs; Own, a student's: student/), and a worksheet
//     with a prediction block for each mutant;
//   - the Lab function, which binds these into one value, and a test that
//     calls [Lab.Check] and runs the lab's gate.
//
// A lab laid out in the standard way (mutants/, testdata/, the worksheets
// in its folder; see [StandardLayout]) declares only what is its own, a
// [Spec]: its name, its folder, its embedded catalogue, its
// implementations and its commands; [Spec.Lab] fills in the layout, the
// binding and the quick loop. The test kit, idemlab/harness/labtest, holds
// the tests every lab runs on itself.
//
// A second lab exists: harness/labrun/testdata/counter, a counter kept in a
// file, with three hand-written mutants, a command ctr, its observations, a
// worksheet and a held-out catalogue. TestAnotherLab in package labrun runs
// it through every stage of the harness, which proves the seam holds; the
// Example here uses it too.
//
// # Invariants
//
// [Lab.Check] reports what makes a lab unusable: no reference, a compiled
// mutant the catalogue does not declare, a different number of compiled and
// declared mutants, a command without a name or a Run function, or a layout
// without its reference source. Beyond that, a Run function must refuse a
// malformed command line before it touches anything, so that a typo in an
// observation is never mistaken for a difference between two
// implementations, and it must resolve relative paths against the folder it
// is given, so that every script runs in a work folder of its own.
//
// # What it does not do
//
// The package runs nothing and reads no file. It parses no catalogue but
// the one a [Spec] embeds (package mutation does it), discover observations (package killmatrix) or
// check that an implementation is correct: a lab's gate, the kill matrix of
// its own observations, does that.
package lab

// Package writers is the registry of every output the harness writes: each
// is a writer over one result model, chosen by name (-format) and sent to
// standard output or a file (-o). A report (a lab's run, a generated run)
// has text, json, html and stryker; a graded class has table, csv and json.
//
// # The model
//
// A [Writer] is a name, a line of documentation and a function that renders
// one value of its result type. A [Registry] is the writers of one result
// type, in the order a command's usage lists them, the first being the
// default. There are two registries: [Reports], over a [*report.Report],
// and [Classes], over a [*grade.Class]. A command builds its -format flag's
// documentation from [Registry.Names], checks the name given with
// [Registry.Lookup], and writes with [To].
//
// # Invariants
//
// [To] renders the whole output into memory before it writes anything, so
// that a writer that fails leaves no half-written file behind; an output
// file of "" or "-" means standard output. Adding an output is adding an
// entry to a registry: every command that offers the registry's formats
// offers the new one, and its usage says so.
//
// # What it does not do
//
// The writers themselves live with their models ([report.Report.Text],
// [grade.Class.CSV]) or in packages of their own (htmlreport, stryker);
// this package only names and dispatches them. It chooses no view and no
// language: a report is written as it is given.
package writers

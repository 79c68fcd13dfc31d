// Command gendocs writes the parts of the documentation that restate a
// table in code (see harness/internal/docgen): the worksheets' field
// reference, the README's budgets, exit statuses and idem commands, each
// command's -h output in its manual, and each lab command's command list.
//
//	go generate ./...
//
// runs it (from this folder, against the checkout it is in).
//
// # What it writes
//
// gendocs finds the module root above the folder it runs in and rewrites
// each generated region whole, between its marker lines, leaving everything
// outside the markers as it is. For every built-in lab (the labs of
// harness/cmd/internal/builtin):
//
//   - the "fields" region of each of its worksheets, in the worksheet's
//     language;
//   - the command list of each of its commands, in the doc.go of the
//     command's package beside the lab's reference source
//     (reference/idem/doc.go, labs/lease/reference/lease/doc.go).
//
// Then the README's "budgets" and "exit-codes" regions and the default
// lab's "NAME-commands" tables, and every command's -h output: in its
// manual's region "Usage of NAME" (the doc.go of harness/command/NAME, or
// of a lab's bench under reference/cmd) and, while the README still has
// one, in the README's region usage-NAME. Each is what go run of that
// command with -h prints, so gendocs builds and runs each one; its Usages
// map lists them, and TestEveryCommandHasUsage fails when a folder of
// harness/cmd is missing from it.
//
// It prints "gendocs: wrote FILE" for each file it changed and nothing
// else, so a run that prints nothing found everything fresh. It takes no
// flags and no arguments; gendocs -h prints its usage on stdout and writes
// nothing.
//
// TestFresh in this folder fails with "stale: run go generate ./..." when a
// region made from a table in code has drifted from it; each command's own
// test checks its usage region. Prose belongs outside the regions: anything
// written inside one is replaced by the next go generate.
//
// # Exit status
//
// It exits 0 when every region was written or already fresh (and after
// -h); 1 for a usage error: a flag, an argument, or no checkout to run in;
// and 70 when a file or a region's markers cannot be found, a file cannot
// be written, or a command's -h fails. These are the statuses of
// harness/exitcode, the README's "Exit statuses".
package main

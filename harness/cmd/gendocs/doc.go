// Command gendocs writes the parts of the documentation that restate a
// table in code (see harness/internal/docgen): the worksheets' field
// reference, the README's budgets, exit statuses, idem commands and each
// command's -h output, and the idem package's command list.
//
//	go generate ./...
//
// runs it (from this folder, against the checkout it is in).
//
// # What it writes
//
// gendocs finds the module root above the folder it runs in and rewrites
// each generated region whole, between its marker lines, leaving everything
// outside the markers as it is:
//
//   - the "fields" region of each worksheet, in the worksheet's language;
//   - the README's "budgets", "exit-codes" and "idem-commands" regions;
//   - the command list in reference/idem/doc.go;
//   - the README's "usage-NAME" regions, for every command: idemlab,
//     idemlab mutate, idem, grade, grade merge, checkreport, the benches
//     (gradebench, mutbench, purgebench, loadbench) and the generators
//     (genclass, genmutants, gendocs itself). Each is what go run of that
//     command with -h prints, so gendocs builds and runs each one; its
//     Usages map lists them, and TestEveryCommandHasUsage fails when a
//     folder of harness/cmd is missing from it.
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

// Command checkreport tells whether a JSON kill report (written by idemlab
// -json) matches the checkout it claims to come from:
//
//	checkreport [-C DIR] [-checkout DIR] REPORT.json
//
// It compares the report's input digests with the checkout's files, checks
// that its own observations are the student's observation files one for
// one, runs the lab again on them, and compares every field a student could
// edit. It prints "ok", "OTHER INPUTS" (the report was made from other
// files, or leaves some out), "REFUSED" (the student's observations hold
// what grading refuses, so nothing was run) or "TAMPERED" (the inputs match
// but the results were edited), with every field that differs by its JSON
// path.
//
// The student's observations are read through the same trust boundary as
// grade's: checkreport never runs a command grade would refuse. A report is
// untrusted too: an input it names outside the checkout is an error, and
// nothing outside the checkout is read. Package reportcheck is the checker;
// its manual says what is compared and what is not.
//
// # Flags
//
// -C DIR changes to DIR before anything else, as go -C does, so that
// REPORT.json is relative to it too; -checkout DIR names the checkout while
// REPORT.json stays relative to the current folder. Without either, the
// checkout is the current folder or the one above it that holds go.mod.
// checkreport -h prints the usage; the README shows it.
//
// # Exit status
//
// The exit status is 0 when the report matches (ok), 2 when it does not
// (OTHER INPUTS, REFUSED or TAMPERED), 1 for a usage error or a report
// that cannot be checked (a file that cannot be read, is not a report of
// this schema, or names an input outside the checkout, a -run that does
// not compile or a mutant the checkout lacks: a reportcheck.ReportError),
// and 70 when the checker itself fails (a lab it cannot run).
//
// # Examples
//
// A student hands in report.json with their worksheet and observations; the
// instructor checks it in a checkout of the student's repository:
//
//	go run ./harness/cmd/idemlab -json -o report.json
//	go run ./harness/cmd/checkreport report.json
//
// The same from elsewhere, with the report kept outside the checkout:
//
//	checkreport -checkout ~/submissions/alice reports/alice.json
package main

// Command genclass writes a synthetic class of submissions for grade:
//
//	go run ./harness/cmd/genclass -n 200 /tmp/class
//	go run ./harness/cmd/grade /tmp/class
//
// The mix of right and wrong predictions, killing, happy-path, invalid and
// refused observations, and worksheets that do not parse is fixed by -seed.
//
// # Synopsis
//
//	genclass [-n N] [-seed S] DIR
//
// genclass writes N submission folders (student001, student002, ...) under
// DIR, each with a worksheet.md and a student/ folder, predicting about the
// mutants of the lab in the checkout it runs in (package classgen says what
// the mix holds). -n is the number of submissions and -seed the seed of the
// mix: the same seed writes the same class. DIR is made if it does not
// exist; a file it writes replaces one of the same name.
//
// # Exit status
//
// It exits 0 after writing the class; 1 for a usage error: a bad flag, -n
// under 1, not exactly one DIR, or no checkout to run in (-h prints the
// usage on stdout and exits 0); and 70 when the class cannot be written,
// with the error on stderr. These are the statuses of
// harness/exitcode, the README's "Exit statuses".
package main

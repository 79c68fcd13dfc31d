// Package coverage is a lab's category-partition coverage table (Ostrand
// and Balcer, 1988): which of the input categories its contract
// distinguishes the lab's observations use, and pin.
//
// A lab declares the categories in its command table: each parameter's
// lab.Domain lists its Categories (for a key: ordinary, empty, differing
// only in case or space, SQL and pattern metacharacters, composed against
// decomposed), and the command its States (a row of each status, a second
// client). [Build] reads every observation's command lines: an argument
// that belongs to a category uses that cell, in the parameter's place (an
// idem interleave WRITE is read as a line of its own), and the use pins
// the result when the next command checks output (stdout, stderr, cmp):
// a mutant that changed the result would fail that check. A state is used
// by a script whose lines build it, and pinned when the script checks
// output at all.
//
// A cell no observation covers is a hole, unless the lab's open-cell file
// (lab.Layout.Coverage, mutants/coverage.json in the standard layout)
// says why it is left open, as the equivalent-mutant file says why a
// mutant lives:
//
//	{"open": [
//	  {"subcommand": "reserve", "param": "KEY", "category": "very long",
//	   "reason": "the contract sets no bound on a key's length"}
//	]}
//
// [ReadOpen] reads it, naming by file and line an entry for a cell the
// lab does not declare, one without a reason, or one named twice; a
// reason for a cell an observation now covers is listed as stale.
//
// idemlab coverage prints the table (-json as JSON) and exits 2 when a
// hole is left.
package coverage

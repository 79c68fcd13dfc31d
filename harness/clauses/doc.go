// Package clauses reads a lab's clause table: its contract split into
// clauses, one checkable sentence each, with the observations that pin
// every one of them. The table answers two questions a mutation score
// cannot: which promise of the contract does this observation test, and
// which promise does no observation test yet?
//
// # The file
//
// A clause table is one JSON object (the idempotency-key lab keeps its own
// in mutants/testdata/answers/clauses.json, beside the answer key: a
// clause's step and observations name the observations that kill that
// step's mutant, so a student is told not to read it before predicting):
//
//	{
//	  "$schema": "../../../harness/schemas/clauses.schema.json",
//	  "version": 1,
//	  "clauses": [
//	    {
//	      "id": "fetch.expiry-boundary",
//	      "step": 4,
//	      "function": "Fetch",
//	      "clause": "at now == expires exactly Fetch returns nil",
//	      "observations": ["edge/fetch_at_expiry_is_nil"]
//	    },
//	    {
//	      "id": "drain.nan-now-refused",
//	      "source": "reference/store.go: Drain",
//	      "function": "Drain",
//	      "clause": "a now of NaN is refused by the store's own time check",
//	      "observations": ["edge/drain_refuses_nan_now"]
//	    }
//	  ]
//	}
//
// The fields of a clause:
//
//   - id names the clause: lower-case letters and digits in words joined
//     by dots or hyphens, by convention the function's short name, a dot
//     and what the clause says (purge.pending-never).
//   - step is the step of the contract's table the clause comes from,
//     counted from 1; source names any other place it is written
//     ("reference/store.go: Drain"). A clause needs one or both, so that
//     every clause can be traced back to the text it splits.
//   - function is the function, or command, whose behaviour the clause is
//     about.
//   - clause is the promise itself, one line: one boundary seen from one
//     side, one refused input, one "left untouched", one ordering, one
//     return on one path.
//   - observations name the observation scripts that pin the clause, each
//     as kind/name (edge/fetch_at_expiry_is_nil is
//     testdata/edge/fetch_at_expiry_is_nil.txtar). An observation pins a
//     clause when it fails on an implementation that breaks the clause.
//
// "$schema" is for editors and is not checked; version must be [Version].
//
// # Reading and checking
//
// [Parse] reads the file strictly: an unknown field, a value of the wrong
// type, text after the object, a missing or malformed id, a clause with
// neither step nor source, a function or clause that is empty or spans
// lines, an observation that is not kind/name or is named twice in one
// clause. It reports every such problem, each as "file:line: what is
// wrong" with the line of the clause (or of the offending observation
// name), and returns no partial table.
//
// [Table.Check] then holds the table against the observations that exist:
// it reports every clause that names no observation, every observation
// named that does not exist, and every id declared twice, again each with
// its line. [Table.Unpinned] lists the observations no clause names, so
// that a lab can require every observation to be accounted for.
//
// A lab's test reads its table with Parse, lists its observations, and
// fails on what Check and Unpinned report; in the idempotency-key lab that
// is TestChecks/Clauses in package mutants:
//
//	go test ./mutants -run TestChecks/Clauses
//
// The package knows no lab: it reads no files and imports no lab package.
package clauses

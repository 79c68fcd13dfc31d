// Package idem is the text face of the store: the commands a person types
// at the idem binary and an observation script writes, run against any
// implementation (the reference or a mutant).
//
// Output is stable so scripts can match it: reserve, finish and cycle print
// true or false; fetch prints the response as JSON, or null; expired and
// purge print a JSON array of ids; counts prints {"done":N,"pending":M};
// rows prints one JSON object per stored row, ordered by id, read straight
// from the table. Bad arguments (a limit of "true", "1.5", "0" or "101", a
// time that is not a finite number, malformed JSON, a missing argument)
// return a *UsageError naming the argument, before the store is opened.
package idem

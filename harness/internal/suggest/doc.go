// Package suggest finds, for a name someone mistyped, the known name they
// most likely meant: the "did you mean" of every message about an unknown
// name (a worksheet's field, mutant or observation; an observation's
// command).
//
// [Nearest] measures the Levenshtein distance, in runes, from the typed
// name to each known one and returns the nearest, when it is at most two
// edits away (or a third of the typed name's length, for a long one); a
// name nothing is near, or a name that is itself known, gets "".
//
// The package is internal to the harness.
package suggest

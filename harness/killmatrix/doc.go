// Package killmatrix runs observation scripts against the reference and
// every mutant and builds the kill matrix.
//
// Each observation is a testscript file (github.com/rogpeppe/go-internal/
// testscript) driving the store through the in-process idem command. [Run]
// executes one script against one implementation under a recording
// testscript.T, so a failing script is a result to collect, not a failed Go
// test; [Build] runs the reference first, marks every observation it fails
// as broken, then runs the rest against each mutant in parallel and judges
// each one killed, survived, timed out or invalid.
//
// A timeout is never a kill: general mutation tools credit a hung mutant as
// detected, but a student's observation must show the difference.
package killmatrix

// Package harnesstest runs the lease lab through the harness's library
// entry points, with no change to any of them, as harness/labrun's
// TestAnotherLab does for its counter: the kill report as the idemlab
// command makes it (labrun, and every writer: text, JSON, HTML,
// Stryker's schema), the example held-out catalogue (heldout), every
// generated single-point mutant of the lease store (mutagen, with
// labs/lease/mutants/equivalent.json), grading a class of this lab with
// workers, sharded and merged (grade), and the differential search
// (search), which finds each lab mutant from the argument domains the
// lease command declares.
//
// It lives apart from labs/lease/mutants because it builds programs of
// mutants and starts grading workers (about a minute and a half on two
// cores), which the student's quick loop, go test ./labs/lease/mutants,
// must not wait for. It runs with go test ./... (and so in CI), and alone
// with
//
//	go test ./labs/lease/mutants/harnesstest
//
// go test -short skips the parts that build programs. The package has no
// code of its own.
package harnesstest

// Package scriptrun runs testscript files outside a Go test's failure
// machinery, for the tests that compare what testscript itself does with
// what the harness reads in a script (package script's word splitting,
// package submission's lint).
//
// [Run] runs testscript.RunT with a T of its own: a script that fails or
// skips itself unwinds and is recorded, instead of failing the calling
// test, and Run returns testscript's log. A panic that is not such an
// unwinding is passed on.
//
// The package is internal, for the harness's tests.
package scriptrun

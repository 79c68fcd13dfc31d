// Package funclen measures the length of functions, in lines from the line
// of func to the line of the closing brace, over the non-test Go files of
// some folders: the figures the harness holds itself to (a 90th percentile
// of at most 45 lines, and no function over 100).
//
// [Measure] walks folders and returns every function and method with a
// body, each as a [Func] (its position, name and length), longest first. It
// skips test files, generated files (those with the "Code generated ... DO
// NOT EDIT." header) and testdata folders: the figures are about the code
// people write and read. [Percentile] is the length at or under which a
// given percent of the functions lie, by nearest rank.
//
// TestHarnessFunctionLength, this package's test, holds harness/ and
// reference/ to the figures; a change that makes a function too long, or
// too many functions long, fails it with the position of each offender. Doc
// comments do not count: a function's length starts at its func line.
//
// The package is internal; it exists for that test.
package funclen

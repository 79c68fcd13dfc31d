// Package jsonpos reports problems in a JSON file a person wrote as
// "file:line: what is wrong": the catalogue of mutants, the list of
// equivalent mutants, a rubric. encoding/json reports byte offsets, some of
// them past the point a reader would look at; this package turns each into
// the line to open.
//
// A [File] is a document and the name its errors give. [File.DecodeStrict]
// decodes one JSON value and refuses an unknown field (reported at the line
// where its name first appears, not where the object ends) and anything
// after the value; [File.DecodeError] turns any error of encoding/json into
// one at a line: a syntax error at the offending byte's line, a value of
// the wrong type at its line with the field, the type wanted and the JSON
// found, an early end at the end of the file. [File.ArrayOffsets] finds
// where each element of a top-level array starts, so that a reader that
// decodes the elements one by one can name each one's line; [File.Line] and
// [File.Errorf] turn an offset into a line and an error.
//
// The package is internal: the harness's readers of JSON (packages
// mutation, mutagen, clauses, predict, grade) share it, so that every file
// a person edits is reported the same way.
package jsonpos

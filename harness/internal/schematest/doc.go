// Package schematest validates JSON documents against JSON Schema files in
// tests, with github.com/santhosh-tekuri/jsonschema/v6, so that a test
// checks what the harness writes against the real schema file rather than
// a copy of its rules in Go.
//
// # Use
//
// A test that expects a document to be valid calls [Validate]:
//
//	schematest.Validate(t, "testdata/report-schema/mutation-testing-report-schema.json", data)
//
// It fails the test (t.Errorf) with every problem the validator found, one
// a line, each at the JSON pointer of the offending value, with the
// message and the schema keyword that failed:
//
//	schematest: document does not match schema testdata/report-schema/mutation-testing-report-schema.json: 2 problems:
//	  at "" (the whole document): missing property 'schemaVersion' [#/required]
//	  at "/thresholds/high": maximum: got 101, want 100 [#/properties/thresholds/properties/high/maximum]
//
// A schema that does not compile, or data that is not JSON, stops the test
// (t.Fatalf). A test that expects a rejection calls [Check], which fails
// nothing and returns nil for a valid document, an [*Error] holding each
// [Problem] for an invalid one (get it with [errors.As]), and another
// error when the schema does not compile or the data is not JSON. [Compile]
// gives the compiled [jsonschema.Schema] itself, for a test that wants
// more than these.
//
// A Problem's Location is an RFC 6901 JSON pointer into the document
// ("/files/a~1b.go/mutants/0/status" for the status of the first mutant of
// the file "a/b.go"; "" for the whole document). A missing required
// property is located at the object that lacks it. Problems are sorted by
// Location, then by Keyword, so the same document always reports the same
// list.
//
// # Compiling, once
//
// Each schema file is read and compiled once per test binary, the first
// time a test names it, and kept: later calls with the same file (by
// absolute path) reuse it, from any goroutine. A test that writes schemas
// should write each into a fresh folder, such as one from t.TempDir, since
// a file that changes after it was compiled is not read again.
//
// The draft is the one the schema's $schema names: draft 7 (the Stryker
// report schema) and draft 2020-12 (idemlab's own) both work, as do the
// drafts 4, 6 and 2019-09 the library knows; a schema without $schema is
// taken as 2020-12. The metaschemas of these drafts are built into the
// library. Format keywords are asserted in every draft ("format": "uri"
// rejects a string that is not an absolute URI), though 2020-12 itself
// makes format only an annotation: a test is the place to be strict.
//
// # References, offline
//
// A $ref is resolved, as the drafts say, against the base URI of the
// schema that holds it: the $id of its schema resource, or, for a schema
// without $id, its file's URL. So
//
//   - between schemas without $id, a relative $ref such as
//     "common.json#/definitions/position" names a file beside the
//     referring one, and is read from disk;
//   - between schemas with $ids, such as idemlab's
//     "https://idemlab.example/schemas/report.schema.json", a relative
//     $ref such as "verdict.schema.json" means
//     "https://idemlab.example/schemas/verdict.schema.json", and so does an
//     absolute $ref to that $id.
//
// Nothing is fetched over the network, ever. A URL that is not a file URL
// is looked up among the $ids of the *.json files of every folder met so
// far: the folder of each schema compiled and of each file read for a
// reference. So a folder of schemas that refer to one another by $id
// (idemlab's schemas/*.schema.json, say) resolves offline as soon as one
// of them is compiled. A URL that no such file claims is a compile
// error naming the URL and the folders searched, never a download; so is
// a second file claiming an $id that one file already has, and a *.json
// file in a searched folder that is not JSON. A folder is searched only
// when a reference needs it, so a folder whose schemas refer to each
// other only by path may hold other JSON files too.
//
// Each folder a schema is compiled from gets a compiler of its own, so
// two folders may hold different schemas with the same $id (as two
// t.TempDir folders of the same test do when it runs twice).
//
// # The Stryker report schema
//
// The real mutation-testing-report-schema lives, as published on npm,
// with the package that writes such reports, in
// harness/stryker/testdata/report-schema/, with its licence and a README
// saying where it came from and how to update it. This package's tests
// validate testdata/stryker-report.json, a report of the shape
// stryker.Export writes, against it, and check that each of a list of
// broken variants is rejected at the right place.
package schematest

// Package mutants is the idempotency-key store lab's mutant set: the
// catalogue that declares the eight mutants of the contract's table, their
// generated copies of the reference (one folder per mutant, named for its
// neutral ID), and [Lab], which binds them with the idem commands into the
// value the harness runs.
//
// Every copy is generated: edit catalogue.json or the reference, then run
//
//	go generate ./mutants
//
// The tests in this folder fail with "stale: run go generate ./mutants"
// when a checked-in copy no longer equals the reference with its one
// replacement. They also hold the lab's gate, TestLab, and the student's
// test, TestPredictions.
//
// # What the folder holds
//
//   - catalogue.json declares the mutants (harness/schemas/catalogue.schema.json):
//     for each, its name (4_fetch_replays_at_expiry), its neutral label
//     (4_fetch), its worksheet step and function, the idea it breaks, the
//     one replacement of reference/store.go that makes it, in English and
//     Chinese. A student opens it to see the mutants, so it answers no
//     prediction. It is embedded in the binary, and [CatalogueFile] is its
//     path.
//   - testdata/answers/key.json, the answer key
//     (harness/schemas/answers.schema.json): each mutant's intended killer
//     and its hint, which the lab joins to the catalogue when it is loaded
//     ([AnswersFile]). It lives beside the tests' filled example worksheet,
//     in the folder the README tells students not to read before
//     predicting.
//   - 1_init/ to 8_cycle/ are the generated copies, one package per mutant,
//     named for its label; registry_gen.go fills one idem.API for each from
//     its copy's top-level names. Both carry the generated-code header and
//     are never edited by hand.
//   - testdata/answers/clauses.json splits the contract into clauses, each
//     with the observations that show it (package clauses reads it); it
//     sits with the answer key, since a step's clauses name its killers.
//   - equivalent.json lists the generated single-point mutants that no
//     input can tell from the reference, each with why (idemlab mutate
//     reads it).
//
// [Lab] returns the lab as a [lab.Lab]: the reference (generated in
// registry_gen.go), the compiled mutants in the catalogue's order, its
// wheat [Ledger] (idemlab/reference/wheats/ledger, a second correct store
// written apart from the reference: a WITHOUT ROWID table, reads before
// writes in an explicit BEGIN IMMEDIATE, purge candidates and replays
// decided in Go), on which every observation must pass too, the catalogue, the idem
// command, and the layout of the checkout (the observations in testdata/,
// the worksheets and their history at the root). Programs the harness
// generates for held-out and generated mutants import this package, the
// lab's Binding, to get the same value back.
//
// # The tests
//
// Each is one line calling idemlab/harness/labtest, the test kit every
// lab shares:
//
//   - TestLab is the gate CI relies on: every observation of testdata/happy
//     and testdata/edge passes on the reference, and every mutant is
//     killed, among others by the observation the catalogue intends, and by
//     a set of observations no other mutant shares.
//   - TestPredictions judges the predictions of worksheet.md and
//     worksheet.zh-CN.md, one subtest a mutant, and fails a wrong one with
//     its lesson; TestStudentObservations names each of the student's own
//     observations (testdata/student) that counts as no evidence, and why.
//     These two are the only tests a student's work can fail, and "go test
//     ./mutants" is the student's quick loop.
//   - TestChecks/Wheats runs every observation on the wheat: one that fails
//     there asserts what the contract does not promise, and counts as
//     broken in every report and grade, a student's own included.
//   - TestCopiesAreFresh and TestLabIsSound keep the copies, the registry,
//     the embedded catalogue and the idem.API type in step with the
//     reference; TestHandWritten checks each hand_written reason; TestClauses holds clauses.json against the
//     observations; TestExampleWorksheet runs the filled example in
//     mutants/testdata/answers (an answer key for the tests). The thousand-run test of the interleaving
//     observation lives apart, in mutants/interleavetest, so that the
//     quick loop stays quick.
//
// # Adding a mutant
//
// Add an entry to catalogue.json, whose old text occurs exactly once in
// reference/store.go and whose label gives nothing away, its intended
// killer and hint to testdata/answers/key.json, and run go generate
// ./mutants. Nothing counts the mutants: the gate fails if the new
// one survives, if its intended killer is not among its killers, or if
// another mutant has the same killers.
package mutants

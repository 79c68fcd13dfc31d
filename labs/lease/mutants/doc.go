// Package mutants is the lease lab's mutant set and its binding to the
// harness: the catalogue that declares the eight mutants of
// ../shared/LEASE-CONTRACT.md's table, their generated copies of
// labs/lease/reference/store.go (one folder per mutant, named for its
// neutral label), and [Lab], which binds them with the lease command into
// the value the harness runs. It is laid out as the first lab's
// idemlab/mutants is, under labs/lease.
//
// Every copy is generated, with the project's generator
// (harness/cmd/genmutants): edit catalogue.json or the reference, then run
//
//	go generate ./labs/lease/mutants
//
// TestCopiesAreFresh fails with "stale: run go generate
// ./labs/lease/mutants" when a checked-in copy no longer equals the
// reference with its one replacement.
//
// # What the folder holds
//
//   - catalogue.json declares the mutants (harness/schemas/catalogue.schema.json):
//     for each, its name, its neutral label (4_finish), its step and
//     function, the idea it breaks and the one replacement that makes it,
//     in English and Chinese; nothing in it answers a prediction.
//   - testdata/answers/key.json is the answer key: each mutant's intended
//     killer and hint (harness/schemas/answers.schema.json), joined to the
//     catalogue when the lab is loaded.
//   - 1_claim/ to 8_cycle/ are the generated copies, and registry_gen.go
//     fills one lease.API for each; both carry the generated-code header.
//   - testdata/answers/clauses.json splits the contract into clauses, each
//     with the observations that show it; it sits with the answer key,
//     since a step's clauses name its killers.
//   - equivalent.json lists the generated single-point mutants (harness/
//     mutagen) that no lease command can tell from the reference, each
//     with why.
//
// [Lab] returns the lab: the reference (generated in registry_gen.go), the
// compiled mutants in the catalogue's order, its wheat [Audit]
// (idemlab/labs/lease/reference/wheats/audit, a second correct store
// written apart from the reference: a STRICT, WITHOUT ROWID table, every
// test-and-write one statement with RETURNING, a takeover with no read
// before its write), on which every observation must pass too (TestChecks/Wheats;
// one that fails there is broken), the catalogue, the lease command, and
// the layout (observations in labs/lease/testdata, the worksheets and
// their history in labs/lease). Programs the harness generates for
// held-out and generated mutants import this package, the lab's Binding.
//
// # The tests
//
// Each test is one line calling idemlab/harness/labtest, the test kit
// every lab shares:
//
//   - TestLab is the gate: every observation passes on the reference;
//     every mutant is killed, by its intended killer among others, with a
//     kill vector no other mutant shares; every mutant survives some
//     happy-path observation, and only step 1's mutant is killed by one
//     (a lease born lapsed shows on the everyday path, as the contract
//     says).
//   - TestPredictions judges the predictions of the lab's two worksheets
//     and fails a wrong one with its lesson, in the worksheet's language;
//     TestStudentObservations names the student's own observations
//     (labs/lease/testdata/student) that count as no evidence. These two
//     are the only tests a student's work can fail, and "go test
//     ./labs/lease/mutants" is the student's quick loop for this lab.
//     TestExampleWorksheet is a student's trial of the Chinese worksheet
//     (labs/lease/mutants/testdata/answers), with lessons in Chinese.
//   - idemlab/labs/labstest runs this lab, as every built-in lab, through
//     the harness's library entry points, with no harness change: the kill
//     report and every writer, the example held-out catalogue, every
//     generated single-point mutant (killed, or listed in
//     equivalent.json), grading a class sharded and merged, and the
//     search. It is apart, with the interleavings' thousand runs, so that
//     the quick loop stays quick.
//   - TestCopiesAreFresh and TestLabIsSound keep the copies, the
//     registry, the embedded catalogue and the lease.API type in step with
//     the reference; TestHandWritten checks each hand_written reason;
//     TestClauses holds clauses.json
//     against the observations. The thousand-run test of the two-worker
//     interleavings lives apart, in labs/lease/mutants/interleavetest, so
//     that the quick loop stays quick.
package mutants

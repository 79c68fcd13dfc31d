// Package labtest is the test kit of a lab: the tests every lab runs on
// itself, each a function its test file calls in one line, so that a
// course author writes the lab's content (the contract, the store, the
// mutants and the observations) and not the checks that hold it
// together. A lab's mutants package tests itself with:
//
//	func TestLab(t *testing.T)                 { labtest.Gate(t, mutants.Lab(), labtest.GateOptions{}) }
//	func TestPredictions(t *testing.T)         { labtest.Predictions(t, mutants.Lab()) }
//	func TestStudentObservations(t *testing.T) { labtest.StudentObservations(t, mutants.Lab()) }
//	func TestExampleWorksheet(t *testing.T)    { labtest.ExampleWorksheet(t, mutants.Lab()) }
//	func TestChecks(t *testing.T)              { labtest.Checks(t, mutants.Lab()) }
//
// The slow checks, which build programs of mutants and start grading
// workers, the student's quick loop does not wait for: idemlab/labs/labstest
// runs them on every lab of idemlab/labs's Builtin list, with nothing
// written for a new lab ([KillReport], [HeldOutExample],
// [GradeShardedAndMerged] with [Main] as its TestMain, [Search] and
// [GeneratedMutants]).
//
// What each holds:
//
//   - [Gate], the check CI relies on: every observation of the lab passes
//     on the reference, and every mutant (a subtest each, named for its
//     ID) is killed, by the observation the catalogue intends (one of the
//     lab's kinds other than its happy path, the layout's first kind),
//     and by a set of observations no other mutant shares. The happy path
//     must let most mutants through (the lesson: happy paths alone do not
//     find these bugs), or exactly those of the steps GateOptions names.
//     go test -v logs a mutant's killers only where the student's view
//     allows (see idemlab/harness/labrun's Gate).
//   - [Wheats]: every observation of the lab passes on each of its
//     wheats (lab.Lab's Wheats, a subtest each), as on the reference. A
//     wheat is a second correct store, written apart from the reference
//     and in another design (another schema, reads before writes, another
//     transaction style, error texts of its own where the contract leaves
//     them open): an observation that fails on one asserts something the
//     contract does not promise, and the kill matrix counts it broken,
//     never a kill, a student's as a lab's (the gate names the wheat).
//     The fix is the observation's: assert only what the contract says
//     (for an interleaving, the results, not whether a second client
//     waited, ran during or after, which depends on how a store reads).
//   - [Predictions], the student's quick loop: every prediction of the
//     lab's worksheets judged, one subtest a mutant, a wrong one failing
//     with its lesson; and [StudentObservations], each of the student's own
//     observations that counts as no evidence, with why.
//   - [ExampleWorksheet]: the filled example submission beside the answer
//     key (mutants/testdata/answers: worksheets with right and wrong
//     predictions, a student folder with an observation that kills and
//     one that expects a mutant's behaviour) is judged as expected.json
//     there says: verdicts, problems, score, misconceptions and lessons,
//     compared (-want +got); -update rewrites it after a deliberate change.
//   - [Clauses]: the clause table pins every clause with observations that
//     exist, and every observation pins a clause.
//   - [CopiesAreFresh]: the generated copies and registry are what
//     genmutants makes of the reference and the catalogue now.
//   - [Sound]: the lab value passes lab.Check, its embedded catalogue,
//     joined to its answer key, is the files on disk and its registry
//     follows it, every implementation
//     is found by name and every mutant by label, and the API struct has
//     a field for every exported name of the reference source.
//   - [HandWritten]: each catalogue mutant is made by an operator of
//     idemlab/harness/mutagen or says in hand_written why none makes it.
//   - [KillReport]: the instructor's kill report through every writer,
//     the JSON and Stryker exports valid against their schemas, every
//     mutant killed by its intended killer; [HeldOutExample]: the lab's
//     testdata/heldout/example.json (optional) built and judged, hidden
//     mutants unnamed to students; [GradeShardedAndMerged]: a synthetic
//     class graded by workers equals itself graded in two merged shards;
//     [Search]: the differential search finds every lab mutant from the
//     command domains alone.
//   - [Scripts], for a lab's command package: its own tests as
//     testdata/*.txtar run on the reference (what each subcommand prints
//     and passes on to the store), not as Go.
//   - [GeneratedMutants]: every single-point mutant of the reference dies
//     or is listed, with its reason, in the lab's equivalents file.
//   - [Chinese] (a lab with Chinese worksheets): every subcommand, flag
//     and note of its commands has Chinese text, and the Chinese usage
//     keeps no English.
//   - [InterleaveIgnoresScheduling] (a lab whose observations compare an
//     interleaving with want-interleave.txt): each prints the same with
//     every store call and connection slow and the scheduler starved;
//     and [InterleavingsAreDeterministic] (in a package of its own, as
//     slow as GeneratedMutants), a thousand copies of each race passing on
//     the reference and failing at the same line on the mutant that reads
//     before its transaction begins.
//
// Every function finds the module root from the test's working directory
// and the lab's files from its layout; none needs a path.
//
// # Writing a lab
//
// Everything a lab needs, in labs/NAME/ (paths below relative to it), and
// which test or command holds each:
//
//   - reference/STORE.go, the correct store, in a package of its own. Its
//     source file has no package comment (put it in a doc.go): every
//     mutant is a copy of the file with a comment of its own (genmutants).
//   - reference/wheats/NAME/, at least one wheat: a correct store in a
//     package of its own, written from the contract and not from the
//     reference, differing from it in design wherever the contract leaves
//     a choice, with the store's exported names; genmutants fills the API
//     struct for each (registry_gen.go's wheats), which goes in the
//     lab.Spec's Wheats (TestChecks/Wheats). Under reference/, the lab's
//     source digest covers it.
//   - reference/CMD/, the lab's command package: an API struct with one
//     field per exported name of the store's source, a variable held by
//     address (Sound checks it against the source; genmutants fills it
//     for the reference too, in registry_gen.go), the command, a
//     labcmd.Table (harness/labcmd; its Run refuses a malformed line with
//     a lab.Misuse before touching anything), and a doc.go whose comment
//     holds the two lines "// The commands, generated from the table in
//     CMD.go (go generate ./...):" and "// (end of the generated command
//     list)", between which gendocs writes the command list.
//   - mutants/catalogue.json (harness/schemas/catalogue.schema.json): each
//     mutant's step, neutral label, the old text (once in the source) and
//     its replacement, and hand_written when no operator of
//     harness/mutagen makes it (HandWritten); nothing that answers a
//     prediction.
//   - mutants/testdata/answers/key.json (harness/schemas/answers.schema.json):
//     each mutant's intended killer (an edge observation that kills it;
//     Gate) and hint, kept where students are told not to read; beside
//     it an example submission and its expected.json (ExampleWorksheet).
//   - mutants/mutants.go: //go:generate go run ../../../harness/cmd/genmutants
//     catalogue.json (which writes the copies and registry_gen.go; go
//     generate ./... must leave them fresh, CopiesAreFresh), the catalogue
//     and answer key embedded, and Lab() returning a lab.Spec's Lab (name,
//     folder, catalogue, answer key, the generated reference, mutants and
//     wheats, the command).
//   - mutants/testdata/answers/clauses.json, the contract's clauses and the observations
//     that pin each (Clauses); mutants/equivalent.json, the generated
//     mutants no observation can tell apart, each with why (idemlab mutate,
//     GeneratedMutants; {"version": 1, "equivalent": []} to start). A
//     first reference leaves many generated mutants alive (a third, in
//     a course author's trial): idemlab -lab NAME mutate -no-search
//     lists them in seconds; kill each with an observation (idemlab
//     search -mutant ID -instructor writes one) or list it here with
//     why, then mutate -record 2000 records the searches.
//   - testdata/happy/*.txtar, the everyday path, which most mutants pass,
//     and testdata/edge/*.txtar, the edges that kill them (Gate).
//   - worksheet.md (and worksheet.zh-CN.md, optional), a prediction block
//     per mutant (Predictions) and the fields markers
//     <!-- begin fields: ... --> and <!-- end fields --> that go generate
//     ./... (gendocs, not go generate ./labs/NAME/...) fills with the field
//     reference once the lab is in Builtin.
//   - mutants/lab_test.go, the one-liners above; and one entry in
//     idemlab/labs's Builtin list, after which every command takes
//     -lab NAME and no file under harness/ changes.
package labtest

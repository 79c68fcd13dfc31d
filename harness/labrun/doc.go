// Package labrun runs a lab the way the idemlab command does: it finds the
// observations and the worksheets of a checkout, reads the predictions,
// digests every input, runs the kill matrix (and any held-out mutants) and
// builds the report, in the student's language and the view asked for. The
// command, the report checker and the tests share it, so a report checked
// is a report made the same way.
//
// # The model
//
// A run has two phases, so that nothing is judged from input that was only
// half read:
//
//   - [Prepare] takes a [Config] (the lab, the checkout's root, and what
//     the user chose: folders, worksheets, a -run pattern, the mutants to
//     judge, held-out mutants, the view and the language) and reads
//     everything in full: the lab's own observations, the student's, the
//     worksheets' predictions and the digest of every input. It returns a
//     [Plan].
//   - [Plan.Run] builds the kill matrix of the lab's mutants (and of any
//     held-out ones), assembles the report, records the prediction history,
//     and returns a [Result]: the report in the plan's view and language,
//     the same report in the instructor's view, and the matrix whose Gate
//     says whether the lab itself is sound.
//
// The grader does not run the matrix here: it judges each submission in a
// worker of its own and then calls [Assemble] with the matrices that came
// back, as [Parts], so that a graded report is built by the same code as a
// student's. [Known] is what a worksheet may name for a lab and its
// observations, and [Language] is the language a student is spoken to in,
// from their predictions. [LabObservations] lists a lab's own observations,
// for commands that need them without a run.
//
// # Using it
//
// A command fills a Config from its flags and runs:
//
//	plan, err := labrun.Prepare(labrun.Config{Lab: mutants.Lab(), Root: root})
//	if err != nil {
//		return err // a *UsageError: a bad folder, an unreadable worksheet
//	}
//	res, err := plan.Run()
//
// and writes res.Report with one of the writers. Left empty, Dir is the
// lab's observation folder, StudentRoot is Dir, Worksheets are the lab's,
// Mutants are all of the lab's compiled mutants, and View is
// [report.Student]. A student's own observations are read from
// StudentRoot/student, unless Own or Refused is set: then they are taken as
// given, already read through the trust boundary of package submission,
// which is how idemlab itself reads them.
//
// # Invariants
//
//   - A malformed prediction block is left out and listed, at its
//     file:line, in Plan.Problems and the report's WorksheetProblems; the
//     well-formed blocks beside it are judged, as grade judges them, so a
//     student sees what their grader will.
//   - Predictions are read against every observation and mutant of the lab,
//     not only those a selection (Run, Only, Mutants) keeps, so that a
//     prediction about something left out is not judged, never wrong.
//   - Every observation is named relative to the module root
//     (testdata/edge/x.txtar:12), whatever folder the command ran from, so
//     that a report's positions and digests are the same on every machine;
//     a report checker depends on it.
//   - Result.Full is always the instructor's view of the same run; only
//     Result.Report is cut down to the view asked for.
//   - The prediction history is written whenever Config.History names its
//     file, in every view, before the report is printed: the instructor's
//     view shows every answer, so in a checkout that keeps a history it
//     records each as shown (by "instructor", or "ci" for the gate's log
//     when the CI variable chose the view). In a checkout with no history
//     yet and no prediction in its worksheets (the course's own, or a
//     fresh clone of it: [StudentsCheckout]) the instructor's view records
//     nothing, since a history committed with a course's template would
//     count every student's predictions as made after their answers. A
//     run of other worksheets names no history of its own; a command that
//     shows its answers on a checkout records them there with
//     [RecordShown] ([Shown] lists them), as idemlab -worksheet does. A
//     grader's run names no history, and so marks nothing. What this
//     cannot stop: answers seen in another clone, or in a fresh clone
//     before any prediction, leave no trace in this one.
//   - The language is Config.Lang when set, else the predictions' (see
//     [Language]), else the environment's.
//
// # What it does not do
//
// The package does not read untrusted files safely on its own (package
// submission does, and passes its result in Own and Refused), writes no
// output (package writers does), and chooses no exit status (the commands
// do, from Result.Matrix and [Result.HeldOutSurvived]).
//
// The Example runs the counter lab, the small second lab kept in this
// package's test data (harness/labrun/testdata/counter), which
// TestAnotherLab also runs through every stage of the harness.
package labrun

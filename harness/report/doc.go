// Package report is the harness's one result model: everything a run found,
// as a [Report] that every writer renders the same way (text and JSON here,
// HTML in package htmlreport, Stryker's schema in package stryker), in the
// view and the language its reader is owed.
//
// # The model
//
// A [Report] is of one of two kinds ([Meta].Kind): [KindLab], the kill
// report of a lab's mutants (and any held-out ones) with the student's
// predictions, which [New] builds from a kill matrix; or [KindGenerated], a
// run of every single-point mutant of the reference (idemlab mutate), which
// [Generated] builds from a [GeneratedRun]. It holds:
//
//   - Meta: whose report it is, of which commit, when, in which language
//     and [View], and what part of the lab the run judged.
//   - Summary and Score: the mutants counted by outcome, and the line a
//     student reads first (predictions right out of predictable, mutants
//     the student's own observations kill).
//   - Predictions and Verdicts: what the worksheets say and, for each
//     prediction, a [Verdict] (package predict's, with whether it was
//     recorded before the answer was first shown); Unpredicted lists the
//     mutants no block predicts.
//   - Observations and Mutants: every observation's result on the
//     reference, and each mutant as a [Mutant]: its row of the matrix, its
//     origin ([OriginLab], [OriginHeldOut] or [OriginGenerated]), what its
//     catalogue or the generator says of it, and its diff when a reader
//     must look at it.
//   - Uncounted: the student's observations that count as no evidence, each
//     [Uncounted] with why (broken, flaky, timed out, or [Refused] before
//     it ran) and, for a broken one, the mutants whose behaviour it
//     expects, as a [Misconception].
//   - Problems: what makes the run's verdicts untrustworthy (an observation
//     of the lab's own that fails on the reference, an equivalent mutant
//     that was killed).
//   - Inputs: the SHA-256 [Digest] of every file the result depends on,
//     made by [Inputs]: the files given (observations and worksheets), the
//     catalogue, each Go file of the lab's Sources folders, and the
//     harness's Go source as one digest. A report checker compares them
//     with a checkout.
//
// The lab run's pieces that come from elsewhere are added by
// [Report.AddRefused] (observations refused before they ran),
// [Report.MarkHeldOut] and [Report.AddUnviable] (held-out mutants, which no
// worksheet predicts) and [Report.History] (whether each prediction came
// first); package labrun does all of it.
//
// # Views
//
// [Report.For] returns a copy of a report as a [View] shows it:
//
//   - [Student], the default: predict first. A lab mutant the student has
//     not predicted is concealed: its outcome shows under its neutral ID,
//     but not its killers, evidence or divergence, nor what it does.
//     Intended killers are left out, and a mutant's hint appears only after
//     a wrong prediction of it.
//   - [Reveal]: every answer shown, and Meta.Revealed records the mutants
//     whose answers were shown before any prediction of them.
//   - [Instructor]: everything, hidden mutants and intended killers
//     included, for instructors, grading and CI.
//
// In the student's and the reveal view, mutants hidden from students (their
// catalogue's visibility) are counted in Hidden and named nowhere: not
// among the mutants, the verdicts, the unpredicted or the misconceptions of
// a broken observation.
//
// # Language
//
// A report is built in English. [Report.Localize] words its findings in
// another language and makes it the report's; [Report.Text],
// [Report.Lesson], [Report.SummaryLine] and [Report.ScoreLine] then speak
// it. A finding is kept as a code and its facts, so that the JSON carries
// both the data and the words.
//
// # The JSON form
//
// [Report.JSON] writes the report as [Schema] (harness/schemas/report.schema.json).
// The schema's version changes whenever a field is removed or its meaning
// changes; fields may be added within a version. The reference source and
// the observations' text (Sources) and the lab's state-reading commands
// (StateCommands) are for writers, and are not written. The report's
// Harness field is [Version]: [HarnessVersion], with the VCS revision when
// the binary was built with one.
//
// # Invariants
//
//   - For never changes the report it is called on: the instructor's full
//     report and a student's copy can be written from one run.
//   - A report never claims more than its run judged: a prediction the
//     selection left out is not judged, and counted as such in
//     Score.NotJudged.
//   - Outcomes are the words of package outcome, the same in every writer;
//     only the words around them are translated.
//
// # What it does not do
//
// The package runs nothing (packages killmatrix, labrun and mutagen do),
// judges no prediction itself (package predict does), chooses no exit
// status, and writes neither HTML nor Stryker's schema.
package report

// Package reportcheck tells whether a JSON kill report matches a checkout:
// whether the inputs it digested are the checkout's files, whether its own
// observations are the student's observation files one for one, and whether
// running the lab again on them gives the same report. A report whose
// inputs match but whose results do not was edited after it was written: it
// is tampered.
//
// # The model
//
// [Check] takes a lab, the checkout's root, the report's JSON, the options
// to run observations with, and a [Vetter], the function that reads a
// student's observation folder as grading would (the checkreport command
// passes submission.Reader.Vet). It returns a [Result] with one of four
// verdicts, each a [Verdict]:
//
//   - [OtherInputs]: a digest of the report differs from the checkout's
//     file, the report leaves out an input the checkout has (the harness,
//     the reference, a student's observation), or names a student
//     observation the folder does not hold. Result.Mismatched lists them.
//     Nothing is run: the report was made from other files, and a re-run
//     would prove nothing.
//   - [Refused]: the student's observations hold what grading refuses.
//     Nothing is run; Result.Refusals says why, file and line.
//   - [Tampered]: the inputs match, but the report differs from a re-run of
//     the lab with the same observations, worksheets, mutants, -run
//     pattern, view and language as the report names. Result.Differences
//     lists every field that differs, as a [Difference] with its JSON path
//     (verdicts[2].right) and both values.
//   - [OK]: the inputs match and a re-run gives the same report.
//
// The comparison covers every field a student could edit to look better:
// verdicts, kill positions, the predictions' text, the hidden and
// unpredicted lists, the harness version. Only the fields that change from
// one honest run to the next are left out: timings, logs, and when, by whom
// and of which commit the report was made. Each verdict's recorded (before
// or after its answer was revealed) is not the inputs' to say but the
// checkout's prediction history's: a re-run keeps no history and must not
// write one, so when the report says it of any verdict, the checker reads
// the history (as untrusted as the rest, never written) and notes it in
// the re-run, and a verdict edited from "after" to "before", or one the
// history does not back, is a difference like any other.
//
// # Invariants
//
// A report is untrusted input. An input path that is not local to the
// checkout (absolute, or climbing out with "..") is an error, so nothing
// outside the checkout is read or run because a report names it; and the
// student's observations are read through the Vetter, so that the checker
// never runs an observation grading would refuse. The re-run is made by
// package labrun, the code that made the report in the first place.
//
// # What it does not do
//
// The checker proves that a report is what this checkout makes of the files
// it names; it cannot tell who wrote those files, or when. Whether each
// prediction came before its answer is the prediction history's to record
// (package predict): the checker holds the report to the history, but
// whether the history itself was edited is grading's to judge
// (predict.History.Impossible).
package reportcheck

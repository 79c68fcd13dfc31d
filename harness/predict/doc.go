// Package predict reads the predictions students write in their worksheets
// and judges each one against the kill matrix.
//
// The lab's method is "predict, then run": before running anything, a
// student writes down which observation will expose a mutant and how the
// difference will show. This package turns those notes into data ([Sheet],
// [Prediction]), tells the student exactly where a note is malformed
// ([Problem]), compares each prediction with what really happened
// ([Compare], [Verdict]) and keeps a record of when each prediction was
// first seen and each answer first shown ([History]).
//
// # The prediction block
//
// A worksheet is Markdown. A prediction is a fenced code block whose info
// string is exactly [InfoString], "prediction":
//
//	```prediction
//	mutant: 4_fetch
//	killer: edge/fetch_at_expiry_is_nil
//	evidence: return
//	reason: at now == expires the mutant still replays the response
//	survives: happy/finish_then_fetch_replays
//	```
//
// The rules, which the worksheet's own field table restates (that table is
// generated from [Fields]):
//
//   - The fence is three or more backticks or tildes, and may be indented
//     (a block may sit under a list item); it is closed by a line of the
//     same character at least as long. Any other code block is skipped
//     whole, so a block quoted inside one is not read. A fence whose info
//     string is nearly "prediction" (another letter case, a letter or two
//     off, or any word starting with "predict") is not read either, and is
//     reported as a warning, which does not stop the sheet.
//   - Each non-blank line is "field: value". Field names are
//     case-insensitive; values are trimmed. The fields are mutant, killer,
//     evidence, reason and survives; any other name, a field given twice or
//     a line without a colon is an error.
//   - mutant names the mutant, by its label (the neutral ID a worksheet
//     shows, 4_fetch) or by its catalogue name; [Prediction].Mutant is
//     always the catalogue name, and Wrote keeps what the block said. A
//     block without a mutant line is an error.
//   - A block holding only its mutant line (the other fields empty) is
//     unfilled: the mutant is listed in [Sheet].Unfilled, and nothing is
//     judged. Once any other field has a value, killer, evidence and reason
//     are all required; survives stays optional.
//   - killer and every entry of survives name observations, as kind/name
//     (edge/fetch_at_expiry_is_nil) or as the observation's file, with or
//     without .txtar, by any path that ends in its kind's folder (see
//     [ObservationName]). survives is a comma-separated list; a list
//     separated by spaces is an error that says so.
//   - evidence is return (a printed value differs), error (a command fails,
//     or succeeds where it must be refused) or state (what a state-reading
//     command prints afterwards differs), in any letter case.
//   - A mutant has at most one block in a file, and is predicted in one
//     worksheet only: a filled block for a mutant already predicted in an
//     earlier worksheet is an error, while its empty block in another
//     worksheet is ignored.
//
// A worksheet must be UTF-8 text; CRLF line ends are read as LF. Its name
// gives its language ([LangOf]: worksheet.zh-CN.md is Chinese, any other
// English), and its problems are worded in that language.
//
// # Reading
//
// [Read] reads any number of worksheets, as [Source] values, against a
// [Known] (the mutants, their labels and the observations a block may
// name), and returns what it could read together with every problem, each
// at its file and line with a "did you mean" for a near miss. A malformed
// block is left out and the rest are kept: a grader needs that. [Parse] and
// [ParseFiles] are strict: any error, and no sheet is returned, so that a
// report is never made from a worksheet read in part. [Problems] is an
// error, one problem a line; [Problems.Errors] and [Problems.Warnings]
// split it.
//
// # Judging
//
// [Compare] judges one prediction against a kill matrix. A prediction is
// right when its killer is among the mutant's killers (any valid
// observation that fails on the mutant kills it, not only the first), with
// the kind of evidence predicted, and the mutant passes every observation
// predicted in survives that the run judged: one that kills it, times out
// on it, or does not count (broken, flaky, or timed out on the reference)
// makes the prediction wrong. A prediction whose mutant or killer the run
// left out (a -run or -mutant selection) is not judged: it is neither right
// nor wrong; one of a mutant that could not be judged (invalid) is wrong,
// with the reason. Every part that was wrong is one [Finding], a code and
// its facts, which a report words in the student's language. A [Divergence]
// shows where the reference and the mutant first printed different things:
// in the predicted killer when it killed, else in the first real killer in
// [Rank]'s order, at most [MaxSteps] commands from there. [Rank] orders a
// mutant's killers as a student should meet them: its intended killer when
// it kills, then those sharing the most with the prediction (the killer
// itself, the command where the mutant differs, the operation its name
// starts with, the evidence), then the matrix's order.
//
// # History
//
// A [History] lives beside the worksheets (worksheet.history.json) and is
// committed with them. [History.Record] notes each distinct prediction (a
// digest of what it says, not where) when first seen, and each mutant's
// answer when first revealed, by a prediction or by -reveal;
// [History.Before] then tells whether a prediction came before its answer.
// [ParseHistory] reads the file strictly, naming file and line.
//
// # What it does not do
//
// The package reads no observation and runs nothing: the matrix it judges
// against comes from package killmatrix, and the words a student reads come
// from package report. It does not know any lab: what a block may name is
// given to it as a Known.
package predict

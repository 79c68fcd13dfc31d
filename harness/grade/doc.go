// Package grade grades a whole class: every student's predictions and own
// observations, judged against the lab's mutants and any held-out ones,
// turned into counts, a total by a rubric, flags that say what could not be
// graded and why, and analytics of the class as a whole. It is what the
// grade command runs; the README's section "Grading untrusted work" is the
// instructor's view of the same rules.
//
// # The model
//
//   - An [Entry] is one name in the class folder (or on the roster): a
//     submission folder to grade, or the flags that say why it is not
//     graded. [ReadClass] lists a class folder and [ReadRoster] reads the
//     students expected.
//   - [Options] say what grading needs from the grader's checkout: the lab
//     and its own observations, the held-out mutants, the [Rubric], the
//     [Budgets], how many submissions run at once, how to start a [Worker],
//     where feedback goes.
//   - [Grade] grades the entries and returns a [Class]: one [Row] per
//     entry, in order, and the class's [Analytics].
//   - A [Row] holds everything about one student that the analytics and a
//     merge of shards need (predictions made and right, mutants killed by
//     the student's own observations, invalid, flaky and timed-out
//     observations, flags, the total), and refers to nothing outside
//     itself.
//   - [Class.Table], [Class.CSV] and [Class.JSON] write the class; the JSON
//     form is [Schema] (harness/schemas/grade.schema.json), and is also what a
//     shard writes for a merge, with its feedback and [Signature].
//
// # How a submission is graded
//
// The lab's own observations run once, in the grader's process, against the
// reference, the lab's mutants and the held-out mutants. If they do not
// pass on the reference (the lab's gate), Grade returns an [*UnsoundError]
// and grades nobody: no grade would be fair.
//
// Each submission is then read through package submission, which refuses
// links, special files, oversized files and observations that could leave
// their work folder, and copies the observations it accepts to a stage
// folder. Its worksheets are read leniently: a malformed block is flagged
// with its line and the rest is graded. Its observations run in a worker of
// their own: the grading program started again with the arguments "worker
// JOB", whose main function hands them to [Serve]. The worker runs in the
// sandbox of package internal/sandbox (bubblewrap when it is available,
// kernel resource limits always) under the submission's [Budgets], lints
// the observations again, judges them against the reference, the lab's
// mutants and the held-out mutants, and prints its matrices as JSON. The
// grader checks that they judge exactly the observations it handed over,
// puts back the names and files it vetted (the worker is trusted with
// verdicts, not with names), joins them to the lab's matrix and assembles
// the student's report with labrun.Assemble, the same code a student's own
// run uses.
//
// The counts of the row come from that report; [Rubric.Total] weighs them:
// each count times its weight, summed ([DefaultRubric] unless a rubric file
// says otherwise, see [ParseRubric]). Predict first on every path, and
// only honest predictions earn points: a right prediction earns the
// rubric's prediction_right only when the submission's prediction history
// (worksheet.history.json) records it, seen no later than its answer was
// first shown. Every other judged prediction earns prediction_after_reveal
// (default 0) instead, is named in the feedback with why, in the
// student's language ([Analytics].AfterReveal counts those recorded
// after their answer):
//
//   - recorded after its answer was revealed (by -reveal, the instructor's
//     view, go test -v, or an earlier prediction): the feedback says when
//     and how. Where the reveal was the instructor's view's or CI's, or
//     came before the first prediction the history records, the row is
//     also flagged with the mutants' names ("history: FILE:LINE: IDS:
//     answers shown by ..."): a history written in the course's own
//     checkout and committed with its template counts every student's
//     predictions as after their answers, and must not do so in silence;
//   - never seen by the history, whose record of the mutant may show its
//     answer shown at R: a text edited after R cannot be shown to precede
//     it (flagged "history: FILE:LINE: the prediction of ID is not in ...");
//   - a history holding what no run writes (a time after the grading,
//     predictions out of order, a reveal by an unknown way, a prediction
//     with no reveal of its mutant or one later than the prediction,
//     though the run that first sees a prediction records its answer
//     shown): tampered, flagged with its line, and it backs no
//     prediction;
//   - a history that does not read: no run writes one, so it is treated
//     as tampered;
//   - no history handed in. This is a choice: a student who never ran
//     the report has none, but every path that shows an answer in a
//     checkout (the report in any view, go test -v's log of the gate, CI
//     included) writes one first, so a missing history more likely hides
//     a reveal, and the remedy for an honest student is one run before
//     handing in. An instructor who disagrees sets prediction_after_reveal.
//
// What the history cannot prevent: it is the student's own file, kept in
// their own clone. Answers seen in another clone (or a teammate's, or a
// CI log) leave no trace here, and a student who writes a history by
// hand with plausible times and the predictions' digests is not caught.
// Where proof matters, the commit history of the student's repository is
// the record to check: a history committed with the worksheet at each
// step is much harder to forge than one written the night before.
// With Options.FeedbackDir set, each
// student's feedback (their report in the graded view, report.Graded:
// a mutant's answer only where the history records its prediction first,
// since the feedback also goes where the history never hears of it,
// Gradescope and GitHub Classroom; in their worksheet's language; then
// the grade as a sum of its terms with every reason) is written to
// NAME.txt as soon as the student is graded, and with Options.Answers
// the report with every answer shown to NAME.answers.txt.
//
// # Budgets
//
// [Budgets] bound what one submission may cost: the wall-clock time of its
// worker, one observation on one implementation, the memory of each worker
// process, the disk of its work area, the size of the results it sends
// back, its open files, and (as submission.Limits) what is read from the
// submission at all. [DefaultBudgets] are generous for an honest
// submission, whose observations take milliseconds. A worker that runs over
// any budget, dies or cannot start ends that submission's observations
// alone: they count nothing and the row is flagged with why; its worksheet
// is graded all the same. [BudgetTable] describes the defaults, and the
// README's budgets table is generated from it.
//
// # Shards
//
// A class too big for one machine is graded in parts. A [Shard] K/N
// ([ParseShard]) selects the entries whose place in the sorted class,
// counted from 0, is K-1 modulo N ([Shard.Select]), so that N machines
// listing the same folder grade every entry once between them. Each writes
// its Class as JSON with its Shard set and, with Options.Shard, each graded
// student's feedback in Class.Feedback; [Class.Sign] signs it with the
// instructor's key ([Signature]: HMAC-SHA256 over [Class.Canonical],
// recording the [Inputs] graded with: digests of the rubric, held-out
// catalogue file, lab's observations, class listing and roster).
//
// A shard is untrusted input. [ReadPartial] reads one back, refusing a
// whole class and naming a file written in another format (a table, a
// CSV) as such; [Class.CheckShard] verifies its signature and checks it
// against what the merging instructor names ([Expect]: the key, the
// rubric, the held-out catalogue, the roster and the class); [Merge]
// combines the N parts into exactly what one run of the whole class
// writes, timings aside, and [WriteFeedback] writes their feedback. Merge
// refuses a missing or repeated shard, a student graded in two, shards
// graded with another harness, lab, rubric, budgets, number of mutants,
// held-out catalogue or (when signed) inputs or key, and every row whose
// fields disagree as grading never writes them: after-reveal counts that
// are not the predictions recorded after their answer, mutants killed
// that own_killers does not name, invalid or flaky counts that are not
// the flags naming them, counts in a row never graded, a total the rubric
// does not give. Those checks hold unsigned shards to consistency alone:
// an edit that changes every field restating a count (an invalid
// observation erased with its flag, count and expectation) is shown only
// by the signature. [Analyse] computes the analytics from the rows alone,
// which is why a merge can recompute them.
//
// # Invariants
//
//   - Nothing a submission holds stops the grading of the class: a
//     submission that cannot be graded in full is graded as far as it can
//     be and flagged. Only a lab whose own observations fail is an error.
//   - An honest student's grade is the same graded alone or beside any
//     class: nothing one submission does reaches another's row (a test
//     grades one beside every known attack on the boundary and compares).
//   - Every flag says why, and every name and flag is escaped
//     (submission.Quote) in the table and the CSV, so that no name a
//     student chose can forge a line of output.
//
// # What it does not do
//
// The package decides neither what a submission may contain nor what an
// observation may do (package submission does), nor how a worker is
// confined (package internal/sandbox). It judges no prediction itself
// (package predict does, through the report) and does not start the
// worker's program: the caller names it in [Worker], and that program must
// call [Serve] when started with "worker".
package grade

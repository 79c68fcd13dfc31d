// Command grade grades a whole class from its submissions:
//
//	grade [flags] CLASS
//	grade merge [-format F] [-o FILE] SHARD.json...
//	grade gradescope [-heldout FILE] [-rubric FILE] [-o FILE]
//
// CLASS holds one folder per student, named for the student (any letters:
// José and 王伟 are names), with the student's worksheet.md or
// worksheet.zh-CN.md and their own observations in student/*.txtar.
// Everything else in a folder is ignored: the reference and the mutants
// always come from the checkout grade runs in, never from a submission.
//
// A submission is untrusted input. grade reads it without following a link,
// within size limits, and refuses an observation that could reach outside
// its work directory; it runs each submission's observations in a worker of
// its own (grade started again, in a sandbox, under budgets of time,
// memory, disk and output), so that nothing one student wrote can stop the
// grading, slow it beyond its budget, or change another's grade. The
// README's section "Grading untrusted work" says what a submission may do
// and lists the budgets.
//
// grade prints one line per student: predictions right, lab mutants and
// held-out mutants killed by the student's own observations, invalid
// observations, timeouts, flags, and a total by the rubric; then every flag
// with its reason, and the class analytics. With -shard K/N it grades the
// K-th of N parts of the class; grade merge combines the N parts' JSON into
// what one run of the whole class writes.
//
// # Flags
//
// grade -h and grade merge -h list the flags; the README shows both. By
// what they choose:
//
//   - the output: -format table, csv or json (harness/schemas/grade.schema.json),
//     canvas or moodle (the gradebook's import file, from a -roster with
//     its identifiers, with -assignment naming the column; see go doc
//     ./harness/gradebook), gradescope (one submission's results.json;
//     grade gradescope writes the autograder bundle that runs it, see go
//     doc ./harness/gradescope), classroom (one repository's points
//     file, for the GitHub Classroom workflow of go doc
//     ./harness/classroom), and -o FILE; -html FILE also writes the class
//     dashboard (go doc ./harness/dashboard);
//   - the grading: -C (the checkout, as go -C; CLASS and every file named
//     are then relative to it), -rubric (the weights, as JSON), -roster
//     (the students expected, one a line, or CSV with the gradebook's
//     identifiers and sections: a student without a folder is listed and
//     flagged), -heldout (an instructor's catalogue of extra
//     mutants), -feedback DIR (each student's feedback, written to
//     DIR/NAME.txt as soon as the student is graded), -shard K/N;
//   - the budgets of one submission: -wall, -timeout, -memory, -disk,
//     -output, -max-file, -max-submission, -max-observations; sizes take
//     KiB, MiB or GiB (64MiB). The README's budgets table gives each
//     default and what enforces it;
//   - how it runs: -parallel (submissions graded at once, by default the
//     number of CPUs), -no-sandbox (workers under the resource limits only,
//     without bubblewrap), -q (no progress on stderr).
//
// Progress goes to stderr, redrawn in place on a terminal and a line every
// few seconds in a log.
//
// # Exit status
//
// The exit status is 0 when the class was graded (flagged submissions are
// graded as far as they can be and do not change it), 1 for a usage error,
// 4 when the lab's own observations do not pass (no grade would be fair),
// and 70 for an internal error. grade merge exits 0 when the shards were
// merged, 1 when a shard cannot be read or the shards do not make one class
// (a missing or repeated shard, a whole class given as a shard, shards
// graded with another harness, lab, rubric, budgets or held-out catalogue),
// and 70 when the output cannot be written.
//
// grade worker JOB is how grade starts itself for one submission; it is not
// meant to be run by hand.
//
// # Examples
//
//	go run ./harness/cmd/grade class
//	go run ./harness/cmd/grade -format csv -o grades.csv -feedback feedback class
//	go run ./harness/cmd/grade -roster roster.txt -heldout ~/heldout.json -rubric rubric.json class
//
// A class in four parts, on four machines, then merged:
//
//	grade -q -format json -shard 1/4 -o shard-1.json class
//	...
//	grade merge -format csv -o grades.csv shard-*.json
//
// The README's section "Classes too big for one machine" has the same as a
// GitHub Actions workflow.
package main

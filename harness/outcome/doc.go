// Package outcome names, once for every output, what can happen to a mutant
// and to an observation.
//
// The words follow cargo-mutants (caught, missed, unviable, timeout), in
// the lab's own vocabulary, with one change a lab needs: a timeout is its
// own outcome and never counts as a kill, because a student's observation
// must show the difference, not merely take too long. Each outcome is one
// lower-case word, spelled the same in text, JSON, HTML and grading; a
// person's language may translate the word it shows, never the token.
//
// # The model
//
// A [Mutant] outcome is the verdict on one mutant: [Killed], [Survived],
// [Timeout], [Invalid], [Unviable] or [Equivalent], listed in report order
// in [Mutants]. The first three are the verdicts of a run of the
// observations, and only they enter the mutation score ([Mutant.Counted]);
// an invalid mutant could not be judged, an unviable one was never built,
// and an equivalent one is, for a recorded reason, one no observation can
// tell from the reference.
//
// An [Observation] outcome is what one observation did. On one
// implementation it is [Pass], [Fail] or [TimedOut]; for the observation as
// a whole, judged on the reference, it is [Pass], [Broken], [Flaky] or
// [TimedOut], and only an observation that passes on the reference counts
// as evidence against a mutant ([Observation.Counts]). [Observations] lists
// them in report order. TimedOut's token is "timeout", the same word as the
// mutant's Timeout.
//
// # Invariants
//
// The tokens are part of the output formats: the JSON report's schema and
// the grade JSON's (harness/schemas/report.schema.json, harness/schemas/grade.schema.json)
// list them as they are, and the message catalogues translate each as
// "outcome." followed by its token. A new outcome is a change of those
// formats, not only of this package.
//
// # What it does not do
//
// The package judges nothing: package killmatrix decides which outcome a
// mutant or an observation has.
package outcome

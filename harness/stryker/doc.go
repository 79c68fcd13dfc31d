// Package stryker exports a kill matrix as a mutation testing report in the
// format of Stryker's mutation-testing-elements, so the lab's results open
// in the <mutation-test-report-app> viewer, the Stryker dashboard, or any
// other tool that reads that format.
//
// The format is the JSON schema "mutation-testing-report-schema", schema
// version 2, at
//
//	github.com/stryker-mutator/mutation-testing-elements
//	packages/report-schema/src/mutation-testing-report-schema.json
//
// (in older trees packages/mutation-testing-report-schema/src/). The schema
// is not copied here; [Export] builds a report that follows its rules:
//
//   - the report requires schemaVersion (a string matching
//     ^([1-2])(\.(([1-9]\d*)|0)){0,2}$; this package writes "2"),
//     thresholds and files; testFiles, framework, projectRoot, config,
//     performance and system are optional, and "$schema" is not among the
//     properties the schema declares, so it is not written;
//   - thresholds requires integers high and low, each in 0..100;
//   - files maps a file's path to a FileResult, which requires language,
//     source and mutants (an array whose items are unique);
//   - a MutantResult requires id, mutatorName, location and status, where
//     status is one of Killed, Survived, NoCoverage, CompileError,
//     RuntimeError, Timeout, Ignored or Pending; description, replacement,
//     statusReason, killedBy, coveredBy and static are optional;
//   - a location requires start and end; a position requires integer line
//     and column, both counted from 1; start is inclusive and end is
//     exclusive;
//   - testFiles maps a test file's path to a TestFile, which requires
//     tests; a TestDefinition requires id and name, and its location is an
//     open-end location, which requires only start;
//   - framework requires name.
//
// The schema allows additional properties at every level. It describes
// killedBy and coveredBy as test ids, which JSON Schema cannot check; this
// package only ever writes ids of tests that testFiles lists.
//
// How the lab maps onto the format:
//
//   - [Export] reads a kill report ([report.Report]), so a lab run, a run
//     with held-out mutants and a run of generated mutants export alike;
//   - the reference source is the one file, in language "go"; every
//     mutant the run judged (lab, held-out or generated, unviable ones
//     included) is one MutantResult, located at its Old snippet (an
//     unviable one whose snippet is not in the source at the source's
//     first character), with its operator (generated) or its catalogue
//     Idea as mutatorName and New as replacement; a mutant without a
//     snippet (one no catalogue declares, or a concealed one of a
//     student's view) is left out;
//   - each observation is a test whose id is its name, listed under its
//     script file; an observation that fails on the reference (broken) is
//     listed but never kills or covers a mutant;
//   - the lab's outcomes map to statuses: killed to Killed, survived to
//     Survived, timed out to Timeout (which the lab, unlike Stryker, does
//     not count as detected; the viewer's score will), invalid to
//     RuntimeError with the reason as statusReason, unviable (a mutant
//     whose replacement does not apply or does not compile) to
//     CompileError with the reason, and equivalent to Ignored
//     with the reason it cannot be observed;
//   - killedBy lists the observations that killed the mutant, and, as the
//     schema asks, a killed mutant's statusReason holds their failure
//     messages, one a line; a timed-out mutant's names the observations
//     still running at the deadline;
//   - coveredBy lists the observations that are not broken and that can
//     reach the mutant: all but those that, on the reference, called none
//     of the functions through which its change can run (a cell marked
//     not_reached; see idemlab/harness/reach). A survivor that none
//     reaches is NoCoverage, as Stryker's own per-test coverage says.
//
// The schema does not say what a column counts. The viewer
// (packages/elements/src/lib/code-helpers.ts in the same repository) walks
// the source as a JavaScript string, one UTF-16 code unit per column, and
// does not count a carriage return; so do the locations here. For ASCII
// source with Unix line endings that is the byte count.
package stryker

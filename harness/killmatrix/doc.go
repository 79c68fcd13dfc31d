// Package killmatrix runs observation scripts against the reference and
// every mutant and builds the kill matrix.
//
// Each observation is a testscript file (github.com/rogpeppe/go-internal/
// testscript) driving an implementation through the lab's commands, run in
// process (idem for the idempotency-key store). [Run]
// executes one script against one implementation under a recording
// testscript.T, so a failing script is a result to collect, not a failed Go
// test; [Build] runs the reference first, marks every observation it fails
// as broken, then runs the rest against each mutant in parallel and judges
// each one killed, survived, timed out or invalid.
//
// A timeout is never a kill: general mutation tools credit a hung mutant as
// detected, but a student's observation must show the difference.
//
// # Wheats
//
// A lab may have wheats (lab.Lab's Wheats, Examplar's term): further
// correct implementations, written apart from the reference in another
// design. Every observation runs once on each, in the pool of the
// reference's first run. One that passes on the reference but fails (or
// times out) on a wheat asserts something the contract does not promise:
// it is broken (timed out), like one the reference fails, and never a
// kill; its row names the wheat (ObservationRow.Wheat) and keeps the
// failure there (OnWheat, [ObservationRow.Failure]), and the gate names
// both. A wheat runs no mutant's observations and is never cached.
//
// # Verdicts that do not depend on the order of runs
//
// The reference runs every observation twice before any mutant, and a
// kill counts only if it repeats and if the observation, run on the
// reference once more after the mutants ran, still passes; otherwise the
// observation is flaky. So an observation that reads what earlier runs
// left behind (a counter of the process, such as /proc/self/io's read
// bytes, which only grows; a file outside its work folder) and so passes
// on the reference only because the reference ran first, kills nothing.
// The extra reference run costs one run per killing observation in
// [Build]'s full mode, and one per kill in its first-kill mode.
//
// A confirming run stopped at its deadline disagrees with nothing: on a
// loaded machine an honest run can be slow. When it was the reference's,
// the observation is timed out (it counts as no kill, and the report says
// why); when it was the mutant's repeat, that timeout is the mutant's
// result on the observation, and the observation keeps its status.
//
// A mutant's deadline on an observation is fifty times the reference's
// time on it, at least two seconds and at most [Options.Timeout]: a
// mutant that loops (a drain whose cursor never moves) costs seconds, not
// the whole deadline a reference is given. In lab 1 one such mutant alone
// held a fresh idemlab mutate for 32 of its 56 seconds.
//
// # Coverage analysis
//
// While the reference runs, its Value's function fields are wrapped so
// that each script's result records which of them it called
// (Result.Calls). A mutant whose [lab.Impl.Entries] are known (the
// generators compute them with idemlab/harness/reach) is run only on the
// observations that called one of its entries: any other runs the very
// same code on the mutant as on the reference, so its cell takes the
// reference's result, marked NotReached, without running. This is
// Stryker's per-test coverage analysis; [Options.RunUnreached] turns it
// off, and a test checks, on the lab's mutants, that the matrix is the
// same either way. One thing only a full run can do is lost: a cell not
// run cannot show an observation to be flaky; the reference's two runs
// and the repeat of every kill still do.
package killmatrix

// Package search is a differential search: given a lab and two of its
// implementations, the reference and any other (a lab mutant, a generated
// or held-out one, a student's), it generates programs in the lab's own
// observation language, runs each on both, and on the first command where
// they differ shrinks the program to a minimal script and writes it as a
// ready-to-run observation.
//
// # What a program is
//
// A program is a sequence of the lab's script commands, such as
//
//	idem init
//	idem reserve k1 v1 10
//	idem finish k1 v1 '{"receipt":1}'
//	idem fetch k1 5
//
// It starts with each command's Prelude (idem init) and goes on with
// subcommands drawn from the lab's tables: every [lab.Subcommand] that
// takes no argument or declares its [lab.Param]s, with flags that declare
// a [lab.Domain]. The vocabulary is the lab value's, never the harness's:
// a second lab (harness/labrun/testdata/counter; a lease lab) gets the
// search by declaring its arguments' domains, with no code here.
//
// Each argument is drawn from its domain by kind (see [lab.Kind]), and
// adversarially on purpose: typical values most of the time, so that the
// store a program builds has keys, fingerprints and times that meet again;
// values already drawn into the same pool, so that a fetch names a key
// stored before and a time lands exactly on an expiry stored before, or
// the next float either side of it; text that differs only in ways people
// overlook (letter case, a trailing or leading space, Unicode's composed
// and decomposed forms, a prefix, a LIKE or GLOB wildcard, the empty
// string); numbers that break arithmetic (minus zero, the infinities, NaN,
// 2^53+1); integers at the sizes of pools and one either side; JSON of
// every kind, and the same JSON written with its keys in another order or
// its integers as fractions; and, for idem between and idem interleave,
// whole command lines run by another client.
//
// # Running both, and shrinking
//
// Every command runs in process, through the lab's Command.Run, on the
// reference and on the other implementation, each in a store folder of
// its own; what it printed (its work folder written $WORK) and whether it
// failed are compared. A command that does not return is a difference
// too, but only once confirmed: on a loaded machine an honest command can
// take seconds, and a search that took it for a difference would find a
// difference that does not happen again, and end without one. A command
// that has not returned within Options.CallTimeout is therefore only
// suspected; it is waited for up to Options.HangTimeout more, while its
// program, up to that command, runs again on the same implementation in a
// fresh folder, and whichever returns first is what the command did (the
// program goes on in that folder). Only a command that neither returns
// nor returns when run again has hung, as a mutant's endless loop or
// endless lock wait does every time; a stall, however long, that does not
// happen again is no difference, on the reference or the other.
//
// # What counts as a difference: the contract, judged by the wheats
//
// A difference is one the contract forbids, and the lab's wheats (its
// other correct implementations, lab.Lab.Wheats) are the judges, as
// Examplar's wheats judge a student's test. Where the reference and the
// other differ on a command, each wheat runs the program up to it in a
// fresh folder (kept, as the reference's outcomes are, for every search
// of the process): if a wheat does not agree with the reference there, a
// correct store may do otherwise, and the command is no difference. A
// subcommand may say which of its printed lines are results
// (lab.Subcommand.Results, such as an interleaving's, which fix what each
// line returned but not an error's wording nor where a write ran: see
// idemlab/harness/labcmd.ResultPatterns); its outputs are compared by
// those, a result of the reference's counting only if every wheat printed
// it, one of the other's only if no wheat did, and the script checks just
// those results. Without wheats the reference alone is the judge.
// Generator names what draws the programs (GeneratorVersion and what of
// the lab the search draws from); an equivalence record keeps it, and a
// record made by another is searched again rather than believed.
//
// Generation and shrinking are pgregory.net/rapid's: a program is a
// rapid state machine (T.Repeat, one action per subcommand) and rapid's
// shrinker minimises the first program that differs, removing commands and
// simplifying values towards the first of each domain, while the property
// fails with the same message. The harness writes no shrinker of its own.
// While shrinking, a program already seen is not run again (what a line
// prints depends only on the lines before it), which makes shrinking a
// matter of a second or so for most differences.
//
// rapid is built to run inside go test; [Run] also runs it outside (in
// idemlab and in the generated mutants' program): it initialises the
// testing package's flags, hands rapid a testing.TB of its own, and sets
// rapid's flags (checks, seed, steps, shrink time) for the run, putting
// them back afterwards. Those flags are one per process, so searches in
// one process take turns.
//
// # Budget and determinism
//
// A search is bounded by Options.Programs and, optionally, Options.Time:
// once the time has passed no program starts, and [Result] says the
// budget in programs was not spent. The same lab, seed and budget draw the
// same programs, whatever the implementations print (a program's values
// depend on the values drawn before, never on output), so a seed
// reproduces the same script, as long as the shrinking finishes within
// Options.ShrinkTime.
//
// A difference that does not happen again when rapid runs its program
// once more ends the search with an error that names it, rather than a
// second try: with hangs confirmed as above, load alone does not make
// one, so it says an implementation is not deterministic, which a retry
// that found nothing would hide (and idemlab mutate -record would then
// record the mutant as equivalent).
//
// # What it writes
//
// [Script.Observation] is a testscript file whose comment says what
// differs, and which runs every command of the minimal program (with ! on
// those that fail on the reference) and checks, after the last, what the
// reference printed. Before [Run] returns, that file is run as any
// observation is (killmatrix.Run): Script.Confirmed says it passed on the
// reference and failed on the other.
//
// # Where it is used
//
// idemlab mutate searches every survivor and re-runs the search recorded
// for every equivalent mutant (mutants/equivalent.json); idemlab search
// prints the minimal script for one mutant.
package search

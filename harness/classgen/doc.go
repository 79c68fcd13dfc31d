// Package classgen writes a synthetic class of submissions, for measuring
// how fast a class is graded and for testing the grader on a realistic mix:
// predictions right and wrong, observations that kill, that kill nothing,
// that assert what the contract does not say, that the grader must refuse
// to run, and worksheets that do not parse.
//
// # The model
//
// [Write] creates n submission folders, student001, student002 and so on,
// in the form the grader reads: a worksheet.md with one prediction block
// per mutant of the catalogue it is given, and a student/ folder of
// observations. What each submission holds is drawn from a [Mix], the
// chance out of 100 of each kind of content, by a random source seeded with
// the seed given, so that one seed always writes the same class.
// [DefaultMix] is a class where most students try, some err and a few break
// the rules.
//
// The observations are a fixed set written for the idempotency-key store
// lab's idem command: three that each kill one of the lab's mutants, one
// that passes everywhere, one that fails on the reference (it expects a
// mutant's behaviour), and one the grader refuses because it runs a
// program. A prediction is left unfilled, names the mutant's intended
// killer with a kind of evidence drawn at random, or names a happy-path
// observation or one of the student's own that can run; a garbled block
// that does not parse is added to some worksheets.
//
// # What it does not do
//
// The package grades nothing. A student keeps a prediction history
// (worksheet.history.json) by the Mix's chance, in which some predictions
// were first seen after their mutant's answer was revealed; the histories
// draw from a random source of their own, so the rest of the class does
// not change with them. Its observations
// are the store lab's: for another lab the worksheets still fit (they come
// from the catalogue), but the observations use the idem command, so the
// grader would refuse them all.
//
// The commands genclass and gradebench use it.
package classgen

// Package classgen writes a synthetic class of submissions, for measuring
// how fast a class is graded and for testing the grader on a realistic mix:
// predictions right and wrong, observations that kill, that kill nothing,
// that assert what the contract does not say, that the grader must refuse
// to run, and worksheets that do not parse.
//
// # The model
//
// [Write] creates n submission folders, student001, student002 and so on,
// in the form the grader reads, where the lab's layout puts each file: a
// worksheet (its first, worksheet.md in this module's labs) with one
// prediction block per mutant of the lab's catalogue, and a folder of the
// student's own observations (its Own, student/). What each submission holds is drawn from a [Mix], the
// chance out of 100 of each kind of content, by a random source seeded with
// the seed given, so that one seed always writes the same class.
// [DefaultMix] is a class where most students try, some err and a few break
// the rules.
//
// A submission's own observations come from the lab itself, so that a
// class of any lab speaks that lab's commands: copies of one to three of
// the catalogue's intended killers (they kill), a copy of one of the lab's
// happy-path observations (it kills little or nothing), a killer whose last
// stdout or stderr check is negated, so that it expects the mutant's
// behaviour and fails on the reference (invalid), and one that runs a
// program, which the grader refuses. A prediction is left unfilled, names
// the mutant's intended killer with a kind of evidence drawn at random, or
// names a happy-path observation or one of the student's own that can run;
// a garbled block that does not parse is added to some worksheets.
//
// # What it does not do
//
// The package grades nothing. A student keeps a prediction history
// (worksheet.history.json) by the Mix's chance, in which some predictions
// were first seen after their mutant's answer was revealed; the histories
// draw from a random source of their own, so the rest of the class does
// not change with them. Its observations are the lab's own, copied or
// with one check negated; it writes none the lab has not (a class drawn
// from the lab's command domains is the differential search's work, see
// package search).
//
// The commands genclass and gradebench use it.
package classgen

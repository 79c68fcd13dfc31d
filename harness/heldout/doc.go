// Package heldout runs mutants that an instructor keeps outside the
// students' repository. They are declared in a catalogue of the same form
// as the lab's (see testdata/heldout/example.json); each is materialised as
// a copy of the lab's reference with its replacement, compiled with the
// others into one program (see the mutagen package) when the catalogue is
// loaded, and run against whatever observations it is given. A replacement
// that does not apply, or a copy that does not compile, makes the mutant
// unviable: reported with its reason, never counted as killed or survived.
//
// A held-out mutant must not share a name or label with a lab mutant or
// another held-out one, and its intended killer, when it names one, must be
// one of the lab's observations. An instructor whose mutant no lab
// observation kills writes, instead of a killer, an observation of its own
// (the "observation" field: a script's text): Load checks that it passes on
// the reference and on every wheat of the lab and kills the mutant, naming
// the entry's line and the script's when it does not, and makes it the
// mutant's killer, heldout/NAME ([OwnName]). One that survives is a failure of the
// observations, unless its catalogue entry marks it equivalent with a
// reason.
//
// # The model
//
// [Load] reads a catalogue file, checks it against the lab, and builds
// every mutant into one program, returning a [Set]. The catalogue is parsed
// by package mutation, which also refuses two held-out mutants of the same
// name or label; Load then refuses a catalogue whose reference is not the
// lab's, a name or label that is already a lab mutant's, and a killer that
// is not one of the observations it is told of (with none, killers are not
// checked). Every problem names the catalogue's file and line. Building
// takes the go command and seconds, not milliseconds: a command loads a
// catalogue once per run, and [Set.Close] removes the program when the run
// is done.
//
// Each [Mutant] of the set is the catalogue's entry with two more facts:
// Unviable, why it could not be built ("" when it runs), and Shown, whether
// students may see its name, from its visibility: visible, hidden, or
// after-due, which is shown once the catalogue's reveal_after_due is set.
//
// [Set.Run] judges every viable mutant of the set against a list of
// observations and returns their kill matrix, the observations named as
// they were given (the program runs copies of them under names of its own,
// and the matrix is renamed back). A copy of the unmodified reference,
// built the same way, runs every observation as the control: an observation
// that fails on it is marked broken, which is the observation's problem (a
// student's invalid observation), never a reason to discard the run for the
// rest.
//
// A grading worker does not build the program again: the grader built it
// once for the whole class, and hands each worker the program's path
// ([Set.Bin]) and the mutants; [Attach] makes a set of them that runs
// without building, and closing it leaves the program in place.
//
// [Set.Command] runs one command line of the lab's first command against
// one held-out mutant, for idem -heldout.
//
// # What it does not do
//
// The package builds and runs held-out mutants and nothing else: whether a
// survivor is equivalent, what a student's report may name, and what a
// held-out kill is worth in a grade are decided by packages labrun, report
// and grade.
package heldout

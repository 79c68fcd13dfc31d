package htmlreport

import (
	"idemlab/harness/i18n"
	"idemlab/harness/report"
)

// view is what the template renders: the report, arranged.
type view struct {
	L                               i18n.Lang
	Lang                            string
	Summary, Score, Elapsed, Counts string
	Whose, Lab                      string
	Student                         bool
	Colspan                         int
	Schema, Harness                 string
	Stats                           []stat
	Columns                         []column
	Groups                          []group
	Mutants                         []mutant
	Verdicts                        []verdict
	Unpredicted                     []string
	Uncounted                       []uncounted
	Own                             []own
	Inputs                          []report.Digest
}

type stat struct {
	Label, Class string
	Value        string
}

// column is one mutant's header in the grid.
type column struct {
	N                               int
	Name, ID, Outcome, Class, Title string
	Step                            int
	Function, Idea, Title2, Killer  string
	Hint                            string
	Concealed                       bool
}

type group struct {
	Kind, Label string
	Rows        []row
}

type row struct {
	Name, Doc, File string
	// Reference is the observation's status; RefLabel what the grid shows.
	Reference, RefLabel, RefTitle string
	Cells                         []cell
}

type cell struct {
	Observation, Mutant string
	Status, Predicted   string
	Mark, Title         string
	// Happy marks a survived happy-path cell, shown as neutral: a mutant
	// passing the happy path is the lab's lesson, not a failure.
	Happy bool
}

type kill struct{ Observation, Pos, Command, Evidence string }

type mutant struct {
	column
	Reason        string
	Killers       []kill
	TimedOutOn    []string
	SurvivedHappy []string
	Happy         int
	HappyLine     string
	Diff          []diffLine
}

type verdict struct {
	N                        int
	Mutant, Title, Pos       string
	Verdict, VerdictLabel    string
	Recorded                 string
	Killer, Evidence, Reason string
	Survives                 []string
	Outcome                  string
	Judged                   bool
	Killers                  []kill
	Problems                 []string
	Divergence               *divergence
	Hint                     string
}

type divergence struct {
	Observation string
	N           int
	Steps       []divStep
}

type divStep struct {
	Command, Reference, Mutant string
	Differ                     bool
}

type diffLine struct{ Class, Text string }

type uncounted struct {
	Name, Status, Label, Pos, Message string
}

type own struct {
	report.Uncounted
	Label  string
	Shared []shared
	// Ran is what the observation printed on the reference, a command a
	// row (report.Uncounted's Printed).
	Ran []ranStep
}

type ranStep struct {
	Line            int
	Command, Output string
}

type shared struct {
	N            int
	Mutant, Hint string
}

package gradebook

import (
	"fmt"
	"io"
	"strconv"

	"idemlab/harness/grade"
	"idemlab/harness/internal/csvsafe"
	"idemlab/harness/submission"
)

// An LMS is a gradebook's import format.
type LMS string

// The gradebooks written.
const (
	Canvas LMS = "canvas"
	Moodle LMS = "moodle"
)

// CanvasColumns and MoodleColumns are the columns each file starts with;
// the assignment's column follows.
var (
	CanvasColumns = []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}
	MoodleColumns = []string{"Full name", "ID number", "Username", "Email address", "Section"}
)

// A Book is a class's grades ready for one gradebook.
type Book struct {
	LMS LMS
	// Assignment heads the points column: for Canvas, "Name (id)" to
	// update an existing assignment, or a new name to create one.
	Assignment string
	Class      *grade.Class
	Roster     *Roster
}

// Unmatched lists the class's students that are not on the roster, in
// the class's order: graded, but not known to the gradebook.
func (b Book) Unmatched() []string {
	out := []string{}
	for _, row := range b.Class.Rows {
		if _, ok := b.Roster.Lookup(row.Student); !ok {
			out = append(out, submission.Quote(row.Student))
		}
	}
	return out
}

// Write writes the import file: a header, then one line per student of
// the class, in its order, with the roster's identifiers and the total,
// never below the rubric's GradebookFloor (an LMS takes no negative
// points). No cell begins a formula (package csvsafe: a name or an
// identifier starting with =, +, -, @, a tab or a line break is written
// after a single quote).
// A student not on the roster is a line with the folder as the name and
// no identifier in Canvas's file, whose import lists such lines as
// unmatched; Moodle's import stops at a line it cannot map, so there the
// student is left out of the file, and only [Book.Unmatched] lists them.
func (b Book) Write(w io.Writer) error {
	var header []string
	switch b.LMS {
	case Canvas:
		header = CanvasColumns
	case Moodle:
		header = MoodleColumns
	default:
		return fmt.Errorf("gradebook: unknown LMS %q: want %s or %s", b.LMS, Canvas, Moodle)
	}
	cw := csvsafe.NewWriter(w)
	cw.Write(append(append([]string{}, header...), b.Assignment))
	for _, row := range b.Class.Rows {
		s, ok := b.Roster.Lookup(row.Student)
		if !ok && b.LMS == Moodle {
			continue
		}
		name := s.Name
		if name == "" {
			name = submission.Quote(row.Student)
		}
		points := strconv.FormatFloat(max(row.Total, b.Class.Rubric.GradebookFloor), 'f', -1, 64)
		switch b.LMS {
		case Canvas:
			cw.Write([]string{name, s.ID, s.SISUserID, s.SISLoginID, s.Section, points})
		case Moodle:
			cw.Write([]string{name, s.SISUserID, s.SISLoginID, s.Email, s.Section, points})
		}
	}
	return cw.Error()
}

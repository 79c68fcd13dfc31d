package gradebook

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/submission"
)

// A Student is one line of a roster: the folder a student's submission is
// in, and what the course's gradebook knows them by.
type Student struct {
	// Folder names the submission folder in the class.
	Folder string
	// Name is the student's name as the gradebook shows it ("" for the
	// folder's).
	Name string
	// ID is the LMS's own user id (Canvas's "ID").
	ID string
	// SISUserID and SISLoginID are the student information system's ids
	// (Canvas's "SIS User ID" and "SIS Login ID"; Moodle's "ID number"
	// and "Username").
	SISUserID, SISLoginID string
	// Section is the course section.
	Section string
	// Email is the student's address (Moodle's "Email address").
	Email string
}

// A Roster lists the students a class expects, in the roster's order.
type Roster struct {
	Students []Student
}

// Columns are the names a roster's header may use, in the order a roster
// usually has them; folder is required.
var Columns = []string{"folder", "name", "id", "sis_user_id", "sis_login_id", "section", "email"}

// ReadRoster reads a roster in either form: one folder name a line, as
// package grade reads it, or a CSV file whose first line is a header
// starting with "folder" and naming any of [Columns]. In both, blank lines
// and lines starting with # are skipped. A folder name that could never
// name a folder, a folder listed twice, an unknown column and a line
// with the wrong number of fields are errors naming file:line.
func ReadRoster(file string, data []byte) (*Roster, error) {
	if !isCSV(data) {
		names, err := grade.ReadRoster(file, data)
		if err != nil {
			return nil, err
		}
		r := &Roster{}
		for _, n := range names {
			r.Students = append(r.Students, Student{Folder: n})
		}
		return r, r.check(file, nil)
	}
	cr := csv.NewReader(strings.NewReader(string(data)))
	cr.Comment, cr.TrimLeadingSpace = '#', true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	headerLine, _ := cr.FieldPos(0)
	for i, h := range header {
		header[i] = strings.TrimSpace(h)
		if !slices.Contains(Columns, header[i]) {
			return nil, fmt.Errorf("%s:%d: unknown column %q: want %s", file, headerLine, header[i], strings.Join(Columns, ", "))
		}
		if slices.Index(header, header[i]) < i {
			return nil, fmt.Errorf("%s:%d: column %q twice", file, headerLine, header[i])
		}
	}
	r := &Roster{}
	var lines []int
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s:%d: %v", file, pe.Line, pe.Err)
			}
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		line, _ := cr.FieldPos(0)
		var s Student
		for i, v := range rec {
			*s.field(header[i]) = strings.TrimSpace(v)
		}
		r.Students = append(r.Students, s)
		lines = append(lines, line)
	}
	return r, r.check(file, lines)
}

// isCSV tells a roster with a header from a list of names: its first line
// that is not blank or a comment starts with the folder column.
func isCSV(data []byte) bool {
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		return line == "folder" || strings.HasPrefix(line, "folder,")
	}
	return false
}

func (s *Student) field(column string) *string {
	switch column {
	case "folder":
		return &s.Folder
	case "name":
		return &s.Name
	case "id":
		return &s.ID
	case "sis_user_id":
		return &s.SISUserID
	case "sis_login_id":
		return &s.SISLoginID
	case "section":
		return &s.Section
	}
	return &s.Email
}

// check refuses a folder that could not be one, and a folder listed twice;
// lines are each student's line, nil for a list of names (whose own
// reader has checked the names).
func (r *Roster) check(file string, lines []int) error {
	seen := map[string]bool{}
	for i, s := range r.Students {
		at := file
		if lines != nil {
			at = fmt.Sprintf("%s:%d", file, lines[i])
		}
		if err := submission.CheckName(s.Folder); err != nil {
			return fmt.Errorf("%s: folder %q is %v", at, s.Folder, err)
		}
		if seen[s.Folder] {
			return fmt.Errorf("%s: folder %q is listed twice", at, s.Folder)
		}
		seen[s.Folder] = true
	}
	return nil
}

// Folders lists the roster's folders, for grade.ReadClass.
func (r *Roster) Folders() []string {
	out := make([]string, 0, len(r.Students))
	for _, s := range r.Students {
		out = append(out, s.Folder)
	}
	return out
}

// Lookup returns the roster's line for a folder.
func (r *Roster) Lookup(folder string) (Student, bool) {
	i := slices.IndexFunc(r.Students, func(s Student) bool { return s.Folder == folder })
	if i < 0 {
		return Student{}, false
	}
	return r.Students[i], true
}

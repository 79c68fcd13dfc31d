package grade

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/classroom"
	"idemlab/harness/dashboard"
	grading "idemlab/harness/grade"
	"idemlab/harness/gradebook"
	"idemlab/harness/gradescope"
	"idemlab/harness/lab"
	"idemlab/harness/writers"
)

// platform holds what the formats for a course's own platforms need
// beyond the class: the roster's identifiers and the assignment's name.
type platform struct {
	assignment, html string
	// lab is the lab graded, whose catalogue the formats name.
	lab    *lab.Lab
	roster *gradebook.Roster
	stderr io.Writer
	// feedback is where the students' feedback is written, for
	// -format gradescope; temporary is set when grade made it.
	feedback, temporary string
}

// prepare makes sure grading writes the feedback that -format gradescope
// puts in results.json.
func (p *platform) prepare(format string, feedbackDir *string) error {
	if format != "gradescope" {
		return nil
	}
	if *feedbackDir == "" {
		dir, err := os.MkdirTemp("", "idemlab-feedback-")
		if err != nil {
			return err
		}
		*feedbackDir, p.temporary = dir, dir
	}
	p.feedback = *feedbackDir
	return nil
}

func (p *platform) close() {
	if p.temporary != "" {
		os.RemoveAll(p.temporary)
	}
}

// dashboard writes the class dashboard, when -html asks for it.
func (p *platform) dashboard(c *grading.Class) error {
	if p.html == "" {
		return nil
	}
	var b bytes.Buffer
	if err := dashboard.Write(&b, c, p.lab.Catalogue, dashboard.Options{}); err != nil {
		return err
	}
	return os.WriteFile(p.html, b.Bytes(), 0o644)
}

// gradescope writes the one graded student's results.json.
func (p *platform) gradescope(w io.Writer, c *grading.Class) error {
	var text, answers []byte
	if len(c.Rows) == 1 && p.feedback != "" {
		// None for a submission not read.
		text, _ = os.ReadFile(filepath.Join(p.feedback, c.Rows[0].Student+".txt"))
		answers, _ = os.ReadFile(filepath.Join(p.feedback, c.Rows[0].Student+".answers.txt"))
	}
	r, err := gradescope.From(c, p.lab.Catalogue, text, answers)
	if err != nil {
		return err
	}
	return r.JSON(w)
}

func (p *platform) define(fs *flag.FlagSet) {
	fs.StringVar(&p.html, "html", "", "also write the class dashboard, one self-contained HTML page, to `FILE`")
	fs.StringVar(&p.assignment, "assignment", "idemlab", "the gradebook's assignment column for -format canvas or moodle (`NAME`; Canvas: \"Name (id)\" updates that assignment)")
}

// formats are the class writers -format chooses from: package writers'
// own, then the gradebooks.
func (p *platform) formats() writers.Registry[*grading.Class] {
	book := func(lms gradebook.LMS) func(io.Writer, *grading.Class) error {
		return func(w io.Writer, c *grading.Class) error {
			if p.roster == nil {
				return fmt.Errorf("-format %s: name the roster with the gradebook's identifiers (-roster FILE)", lms)
			}
			b := gradebook.Book{LMS: lms, Assignment: p.assignment, Class: c, Roster: p.roster}
			if un := b.Unmatched(); len(un) > 0 && p.stderr != nil {
				fmt.Fprintf(p.stderr, "grade: %d graded students are not on the roster, so %s cannot match them: %s\n", len(un), lms, strings.Join(un, ", "))
			}
			return b.Write(w)
		}
	}
	return append(writers.Classes[:len(writers.Classes):len(writers.Classes)],
		writers.Writer[*grading.Class]{Name: "canvas", Doc: "Canvas's gradebook import CSV (needs -roster with ids)", Write: book(gradebook.Canvas)},
		writers.Writer[*grading.Class]{Name: "moodle", Doc: "Moodle's CSV grade import (needs -roster with ids)", Write: book(gradebook.Moodle)},
		writers.Writer[*grading.Class]{Name: "gradescope", Doc: "Gradescope's results.json, for a class of one submission", Write: p.gradescope},
		writers.Writer[*grading.Class]{Name: "classroom", Doc: "the points file GitHub Classroom's workflow checks, for a class of one repository", Write: func(w io.Writer, c *grading.Class) error {
			return classroom.Write(w, c, p.lab.Catalogue)
		}},
	)
}

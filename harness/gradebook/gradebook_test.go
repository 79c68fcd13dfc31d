package gradebook_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
	"idemlab/harness/gradebook"
)

func TestReadRosterRefuses(t *testing.T) {
	for _, tc := range []struct{ name, roster, want string }{
		{"unknown column", "# ids\nfolder,login\nalice,al\n", "r.csv:2: unknown column \"login\""},
		{"column twice", "folder,id,id\n", "r.csv:1: column \"id\" twice"},
		{"bad folder", "folder,id\nalice,1\n../x,2\n", "r.csv:3: folder \"../x\" is"},
		{"folder twice", "folder,id\nalice,1\n\nalice,2\n", "r.csv:4: folder \"alice\" is listed twice"},
		{"too many fields", "folder,id\nalice,1,2\n", "r.csv:2: wrong number of fields"},
		{"bad quote", "folder,name\nalice,\"Al\"ice\n", "r.csv:2:"},
		{"plain bad name", "alice\nbad name\n", "r.csv:2:"},
		{"plain twice", "alice\nalice\n", "folder \"alice\" is listed twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := gradebook.ReadRoster("r.csv", []byte(tc.roster))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestReadRosterForms(t *testing.T) {
	for _, tc := range []struct {
		name, roster string
		want         []gradebook.Student
	}{
		{"plain", "# class\nalice\n\n王伟\n", []gradebook.Student{{Folder: "alice"}, {Folder: "王伟"}}},
		{"csv in any column order", "# ids\nfolder,email,section,sis_login_id\nalice, a@x.edu ,A,al\n",
			[]gradebook.Student{{Folder: "alice", Email: "a@x.edu", Section: "A", SISLoginID: "al"}}},
		{"csv with every column", "folder,name,id,sis_user_id,sis_login_id,section,email\n王伟,\"Wang, Wei\",7,S7,ww,B,w@x.edu\n",
			[]gradebook.Student{{Folder: "王伟", Name: "Wang, Wei", ID: "7", SISUserID: "S7", SISLoginID: "ww", Section: "B", Email: "w@x.edu"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := gradebook.ReadRoster("r.csv", []byte(tc.roster))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, r.Students); diff != "" {
				t.Errorf("students (-want +got):\n%s", diff)
			}
		})
	}
}

// synthetic is a graded class of n students, student001 on, each with a
// total of its number modulo 23, and a roster of every student but each
// tenth, plus three who handed nothing in (graded as grade grades them:
// a row with a zero total).
func synthetic(n int) (*grade.Class, *gradebook.Roster, error) {
	class := &grade.Class{}
	var roster strings.Builder
	roster.WriteString("folder,name,id,sis_user_id,sis_login_id,section,email\n")
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("student%03d", i)
		class.Rows = append(class.Rows, grade.Row{Student: name, Graded: true, Total: float64(i%23) - 2})
		if i%10 != 0 {
			fmt.Fprintf(&roster, "%s,\"Doe, %s\",%d,S%d,login%d,S%d,%s@example.edu\n", name, name, 1000+i, i, i, i%3, name)
		}
	}
	for _, absent := range []string{"absent1", "absent2", "absent3"} {
		class.Rows = append(class.Rows, grade.Row{Student: absent, Flags: []string{"no submission"}})
		fmt.Fprintf(&roster, "%s,,,,,,\n", absent)
	}
	r, err := gradebook.ReadRoster("roster.csv", []byte(roster.String()))
	return class, r, err
}

// TestThreeHundredStudents writes both gradebooks for a class of 300 and
// reads them back: every student is a line of Canvas's file with their
// identifiers and total; Moodle's leaves out the 30 not on the roster,
// and both list those 30 as unmatched.
func TestThreeHundredStudents(t *testing.T) {
	class, roster, err := synthetic(300)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lms       gradebook.LMS
		lines     int
		idColumn  int
		totalOf41 string
	}{
		{gradebook.Canvas, 303, 1, "16"},
		{gradebook.Moodle, 273, 1, "16"},
	} {
		t.Run(string(tc.lms), func(t *testing.T) {
			book := gradebook.Book{LMS: tc.lms, Assignment: "idemlab (42)", Class: class, Roster: roster}
			var b bytes.Buffer
			if err := book.Write(&b); err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if got := len(recs) - 1; got != tc.lines {
				t.Errorf("%d students in the file, want %d", got, tc.lines)
			}
			if last := recs[0][len(recs[0])-1]; last != "idemlab (42)" {
				t.Errorf("assignment column %q", last)
			}
			byName := map[string][]string{}
			for _, rec := range recs[1:] {
				byName[rec[0]] = rec
			}
			got := byName["Doe, student041"]
			if got == nil || got[len(got)-1] != tc.totalOf41 {
				t.Errorf("student041's line %q, want a total of %s", got, tc.totalOf41)
			}
			if tc.lms == gradebook.Canvas && (got[1] != "1041" || got[2] != "S41" || got[3] != "login41" || got[4] != "S2") {
				t.Errorf("student041's Canvas ids %q", got)
			}
			if tc.lms == gradebook.Moodle && (got[1] != "S41" || got[2] != "login41" || got[3] != "student041@example.edu") {
				t.Errorf("student041's Moodle ids %q", got)
			}
			_, inFile := byName["student050"]
			if inFile != (tc.lms == gradebook.Canvas) {
				t.Errorf("student050 (not on the roster) in the %s file: %v", tc.lms, inFile)
			}
			un := book.Unmatched()
			if len(un) != 30 || un[0] != "student010" || un[29] != "student300" {
				t.Errorf("unmatched %v, want student010 ... student300, 30 of them", un)
			}
		})
	}
}

// TestTotalsFollowTheFloor: a negative total (an invalid observation's
// penalty) is no total an LMS takes: the gradebook files hold the
// rubric's gradebook_floor instead, 0 by default, and a total above the
// floor as it is.
func TestTotalsFollowTheFloor(t *testing.T) {
	roster, err := gradebook.ReadRoster("r.csv", []byte("folder,name,id,sis_user_id,sis_login_id,section,email\nann,Ann,1,S1,ann,A,ann@x.edu\nben,Ben,2,S2,ben,A,ben@x.edu\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		floor float64
		want  []string // ann's total, then ben's
	}{
		{"default", 0, []string{"0", "3"}},
		{"below zero", -0.5, []string{"-0.5", "3"}},
		{"far below", -100, []string{"-1", "3"}},
	} {
		for _, lms := range []gradebook.LMS{gradebook.Canvas, gradebook.Moodle} {
			t.Run(tc.name+"/"+string(lms), func(t *testing.T) {
				rb := grade.DefaultRubric
				rb.GradebookFloor = tc.floor
				class := &grade.Class{Rubric: rb, Rows: []grade.Row{{Student: "ann", Graded: true, Total: -1}, {Student: "ben", Graded: true, Total: 3}}}
				var b bytes.Buffer
				if err := (gradebook.Book{LMS: lms, Assignment: "lab", Class: class, Roster: roster}).Write(&b); err != nil {
					t.Fatal(err)
				}
				recs, err := csv.NewReader(&b).ReadAll()
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, rec := range recs[1:] {
					got = append(got, rec[len(rec)-1])
				}
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("totals (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// TestCellsAreNotFormulas: what a student or a roster names (a folder
// called =HYPERLINK(…), an identifier starting with +, - or @) reaches the gradebook files as text: a single quote
// before it, as OWASP's CSV injection guidance says.
func TestCellsAreNotFormulas(t *testing.T) {
	roster, err := gradebook.ReadRoster("r.csv", []byte("folder,name,id,sis_user_id,sis_login_id,section,email\nann,=Ann,+1,-S1,@ann,-A,@ann.example.edu\n"))
	if err != nil {
		t.Fatal(err)
	}
	class := &grade.Class{Rows: []grade.Row{{Student: "ann", Total: 2}, {Student: `=HYPERLINK("http://evil.example","x")`, Total: 0}}}
	for _, tc := range []struct {
		lms  gradebook.LMS
		want [][]string
	}{
		{gradebook.Canvas, [][]string{
			{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", "'=lab"},
			{"'=Ann", "'+1", "'-S1", "'@ann", "'-A", "2"},
			{`'=HYPERLINK("http://evil.example","x")`, "", "", "", "", "0"},
		}},
		{gradebook.Moodle, [][]string{
			{"Full name", "ID number", "Username", "Email address", "Section", "'=lab"},
			{"'=Ann", "'-S1", "'@ann", "'@ann.example.edu", "'-A", "2"},
		}},
	} {
		t.Run(string(tc.lms), func(t *testing.T) {
			var b bytes.Buffer
			if err := (gradebook.Book{LMS: tc.lms, Assignment: "=lab", Class: class, Roster: roster}).Write(&b); err != nil {
				t.Fatal(err)
			}
			got, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s file (-want +got):\n%s", tc.lms, diff)
			}
		})
	}
}

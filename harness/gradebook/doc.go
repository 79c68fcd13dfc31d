// Package gradebook writes a graded class as the file a course's
// gradebook imports: Canvas's gradebook CSV or Moodle's CSV grade import.
// grade -format canvas and grade -format moodle write them, from a roster
// that maps each submission folder to the identifiers the gradebook knows.
//
// # The roster
//
// [ReadRoster] reads either form of grade's -roster file. The plain form
// is one folder name a line, as package grade reads it: enough to list
// who is missing, but it names no one to a gradebook. The CSV form starts
// with a header line whose first column is folder, and may name any of
// [Columns]:
//
//	# CS 101, autumn
//	folder,name,id,sis_user_id,sis_login_id,section,email
//	alice,"Liddell, Alice",1001,S1001,aliddell,A,alice@example.edu
//	王伟,"Wang, Wei",1002,S1002,wwang,B,wei@example.edu
//
// Blank lines and lines starting with # are skipped in both forms. An
// unknown or repeated column, a folder name that could never name a
// folder, a folder listed twice and a line with the wrong number of
// fields are errors naming the file and line.
//
// # The column map
//
// Canvas (Grades, Import) matches a student by ID, SIS User ID or SIS
// Login ID, and reads an assignment column headed "Name (id)" (the id of
// an existing assignment; a new name creates one). Moodle (Grades, Import,
// CSV file) asks which column identifies the user (map from one of ID
// number, Username or Email address to the user field of the same name)
// and which column is the assignment's grade item.
//
//	roster column   Canvas column    Moodle column
//	name            Student          Full name
//	id              ID               -
//	sis_user_id     SIS User ID      ID number
//	sis_login_id    SIS Login ID     Username
//	section         Section          Section
//	email           -                Email address
//	(the total)     the assignment   the assignment
//
// The points are each row's total by the rubric, as grade's table and CSV
// show it, but never below the rubric's gradebook_floor (0 unless the
// rubric names another): an LMS takes no negative points, so a total of
// -1 (an invalid observation's penalty) is written 0. A student on the
// roster without a submission has the total grade gives them (0 with the
// default rubric, flagged in grade's own outputs).
//
// # Cells a spreadsheet reads as formulas
//
// An instructor opens these files, and grade's -format csv, in a
// spreadsheet, and they hold what students and rosters named. As OWASP's
// CSV injection guidance says, no cell begins with =, +, -, @, a tab, a
// carriage return or a line feed: such a cell (a folder named
// =HYPERLINK(…), an identifier +1) is written after a single quote,
// which the spreadsheet reads as "text". A total is a number and is
// written as it is. See harness/internal/csvsafe.
//
// # Students the gradebook cannot match
//
// A submission folder that is not on the roster is graded all the same,
// and never dropped: [Book.Unmatched] lists such students (grade prints
// them on stderr), and Canvas's file has a line for each with the folder
// as the name and no identifier, which Canvas's import lists as a student
// it could not find. Moodle's import refuses a whole file with a line it
// cannot map, so a Moodle file leaves them out and the list on stderr is
// where they are.
package gradebook

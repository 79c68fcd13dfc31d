package gradebook_test

import (
	"fmt"
	"os"

	"idemlab/harness/grade"
	"idemlab/harness/gradebook"
)

// A Canvas import file from a graded class and a roster: bob handed
// nothing in, and mallory's folder is not on the roster, so Canvas will
// list her as a student it cannot find.
func ExampleBook_Write() {
	roster, err := gradebook.ReadRoster("roster.csv", []byte(
		"folder,name,id,sis_user_id,section\n"+
			"alice,\"Liddell, Alice\",1001,S1001,A\n"+
			"bob,\"Builder, Bob\",1002,S1002,B\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	class := &grade.Class{Rows: []grade.Row{{Student: "alice", Total: 7}, {Student: "bob"}, {Student: "mallory", Total: 3}}}
	book := gradebook.Book{LMS: gradebook.Canvas, Assignment: "Idempotency lab (4242)", Class: class, Roster: roster}
	if err := book.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	fmt.Println("not on the roster:", book.Unmatched())
	// Output:
	// Student,ID,SIS User ID,SIS Login ID,Section,Idempotency lab (4242)
	// "Liddell, Alice",1001,S1001,,A,7
	// "Builder, Bob",1002,S1002,,B,0
	// mallory,,,,,3
	// not on the roster: [mallory]
}

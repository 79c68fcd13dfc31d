package script_test

import (
	"fmt"

	"idemlab/harness/script"
)

// An observation parsed once: its opening comment, every line of its
// script with its prefixes, command and words, and its archive's files.
func ExampleParse() {
	s := script.Parse([]byte(`# At now == expires exactly fetch prints null,
# though the response is still stored.
idem init
idem reserve k1 v1 10
! idem finish k1 v2 '{"receipt":1}'  # another fingerprint
idem fetch k1 10
cmp stdout $WORK/null.txt
-- null.txt --
null
`))
	fmt.Println("doc:", s.Doc)
	for _, l := range s.Lines {
		if !l.IsCommand() {
			continue
		}
		fmt.Printf("%d: neg=%v %s %q", l.N, l.Neg, l.Cmd, l.Words())
		for _, w := range l.Args {
			if len(w.Vars) > 0 {
				fmt.Printf(" expands %v", w.Vars)
			}
		}
		fmt.Println()
	}
	for _, f := range s.Files {
		fmt.Printf("file %s at line %d: %q\n", f.Name, f.Line, f.Data)
	}
	// Output:
	// doc: At now == expires exactly fetch prints null, though the response is still stored.
	// 3: neg=false idem ["init"]
	// 4: neg=false idem ["reserve" "k1" "v1" "10"]
	// 5: neg=true idem ["finish" "k1" "v2" "{\"receipt\":1}"]
	// 6: neg=false idem ["fetch" "k1" "10"]
	// 7: neg=false cmp ["stdout" "$WORK/null.txt"] expands [WORK]
	// file null.txt at line 8: "null\n"
}

// A line that cannot run as written says why, as testscript would.
func ExampleLine_Err() {
	s := script.Parse([]byte("idem finish k v 'open\n[short] !\n"))
	for _, l := range s.Lines {
		fmt.Printf("%d: %s\n", l.N, l.Err)
	}
	// Output:
	// 1: unterminated quoted argument
	// 2: a prefix with no command after it
}

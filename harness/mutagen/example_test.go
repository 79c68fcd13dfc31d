package mutagen_test

import (
	"fmt"
	"strings"

	"idemlab/harness/mutagen"
)

// Generate finds the mutants general Go tools miss: inside the SQL string,
// the boundary of the time test, the order of the batch and the size of the
// LIMIT; in Go code, the error check.
func ExampleGenerate() {
	src := []byte("package store\n" +
		"\n" +
		"func expired(db DB, now float64) error {\n" +
		"\t_, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, now, 10)\n" +
		"\tif err != nil {\n" +
		"\t\treturn err\n" +
		"\t}\n" +
		"\treturn nil\n" +
		"}\n")
	mutants, err := mutagen.Generate("store.go", src)
	if err != nil {
		panic(err)
	}
	for _, m := range mutants {
		lines := strings.Split(m.New, "\n")
		fmt.Printf("%-32s %s\n", m.ID, strings.TrimSpace(lines[len(lines)-1]))
	}
	// Output:
	// store.go:4:sql-le-to-lt          _, err := db.Query(`SELECT id FROM keys WHERE expires < ? ORDER BY id ASC LIMIT ?`, now, 10)
	// store.go:4:sql-asc-to-desc       _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id DESC LIMIT ?`, now, 10)
	// store.go:4:sql-limit-plus-one    _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ? + 1`, now, 10)
	// store.go:4:sql-limit-minus-one   _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ? - 1`, now, 10)
	// store.go:5:go-negate-if          if !(err != nil) {
	// store.go:5:go-drop-err-check     if false {
}

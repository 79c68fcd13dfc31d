package mutagen_test

import (
	"fmt"
	"strings"

	"idemlab/harness/mutagen"
)

// Generate finds the mutants general Go tools miss: inside the SQL string,
// every other comparison in place of the time test's, the order of the
// batch dropped or reversed, and the size of the LIMIT; in the Go code that
// hands values to the query, the arguments swapped, the time moved by one
// float step and the limit by one; and the error check.
func ExampleGenerateAll() {
	src := []byte("package store\n" +
		"\n" +
		"func expired(db DB, now float64) error {\n" +
		"\t_, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, now, 10)\n" +
		"\tif err != nil {\n" +
		"\t\treturn err\n" +
		"\t}\n" +
		"\treturn nil\n" +
		"}\n")
	mutants, err := mutagen.GenerateAll("store.go", src)
	if err != nil {
		panic(err)
	}
	for _, m := range mutants {
		lines := strings.Split(m.New, "\n")
		fmt.Printf("%-32s %s\n", m.ID, strings.TrimSpace(lines[len(lines)-1]))
	}
	// Output:
	// store.go:4:sql-le-to-lt          _, err := db.Query(`SELECT id FROM keys WHERE expires < ? ORDER BY id ASC LIMIT ?`, now, 10)
	// store.go:4:sql-le-to-eq          _, err := db.Query(`SELECT id FROM keys WHERE expires = ? ORDER BY id ASC LIMIT ?`, now, 10)
	// store.go:4:sql-le-to-ne          _, err := db.Query(`SELECT id FROM keys WHERE expires != ? ORDER BY id ASC LIMIT ?`, now, 10)
	// store.go:4:sql-le-to-gt          _, err := db.Query(`SELECT id FROM keys WHERE expires > ? ORDER BY id ASC LIMIT ?`, now, 10)
	// store.go:4:sql-le-to-ge          _, err := db.Query(`SELECT id FROM keys WHERE expires >= ? ORDER BY id ASC LIMIT ?`, now, 10)
	// store.go:4:go-higher-order       _, err := db.Query(`SELECT id FROM keys WHERE expires = ? ORDER BY id ASC LIMIT ?`, math.Nextafter(now, math.Inf(1)), 10)
	// store.go:4:sql-drop-order-by     _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? LIMIT ?`, now, 10)
	// store.go:4:sql-asc-to-desc       _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id DESC LIMIT ?`, now, 10)
	// store.go:4:sql-limit-plus-one    _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ? + 1`, now, 10)
	// store.go:4:sql-limit-minus-one   _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ? - 1`, now, 10)
	// store.go:4:go-swap-args          _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, 10, now)
	// store.go:4:go-neighbour-arg      _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, 10, 10)
	// store.go:4:go-arg-next-float     _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, math.Nextafter(now, math.Inf(1)), 10)
	// store.go:4:go-arg-prev-float     _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, math.Nextafter(now, math.Inf(-1)), 10)
	// store.go:4:go-whole-param        _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, float64(int64(now)), 10)
	// store.go:4:go-const-plus-one     _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, now, 11)
	// store.go:4:go-const-minus-one    _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, now, 9)
	// store.go:4:go-neighbour-arg#2    _, err := db.Query(`SELECT id FROM keys WHERE expires <= ? ORDER BY id ASC LIMIT ?`, now, now)
	// store.go:5:go-negate-if          if !(err != nil) {
	// store.go:5:go-drop-err-check     if false {
}

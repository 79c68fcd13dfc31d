package search

import (
	"database/sql"
	"testing"

	_ "modernc.org/sqlite"
)

// TestTextVariantsMeetSQLiteComparisons: for each comparison a mutant of
// an SQL store may swap in for =, some variant of a text is another text
// that SQLite itself (modernc.org/sqlite, the labs' driver) finds equal
// to it under that comparison, so a search can tell the two apart.
func TestTextVariantsMeetSQLiteComparisons(t *testing.T) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	comparisons := []string{
		"SELECT ?1 = ?2 COLLATE NOCASE",
		"SELECT ?1 = ?2 COLLATE RTRIM",
		"SELECT ?1 LIKE ?2",
		"SELECT ?1 GLOB ?2",
		"SELECT ?1 >= ?2",
		"SELECT ?1 <= ?2",
	}
	for _, base := range []string{"k1", "v1", "A", "a_b"} {
		for _, query := range comparisons {
			var met []string
			for _, variant := range textVariants {
				v := variant(base)
				var equal bool
				if err := db.QueryRow(query, base, v).Scan(&equal); err != nil {
					t.Fatalf("%s with %q, %q: %v", query, base, v, err)
				}
				if equal && v != base {
					met = append(met, v)
				}
			}
			if len(met) == 0 {
				t.Errorf("%s: no variant of %q other than itself compares equal to it", query, base)
			}
		}
	}
}

package reference_test

import (
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"

	"idemlab/labs/lease/reference"
)

// row is one stored key as the table holds it.
type row struct {
	ID, Fingerprint, Status string
	Response                *string
	Owner                   string
	LeaseUntil              float64
	Token                   int64
}

// newStore returns the path of a fresh, initialised store.
func newStore(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "store.db")
	if err := reference.InitDB(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// rows reads every row of the store at path, ordered by id, straight from
// the table.
func rows(t testing.TB, path string) []row {
	t.Helper()
	// A file: URI escapes the '#' of a fuzz seed's folder (seed#0).
	dsn := url.URL{Scheme: "file", Path: filepath.ToSlash(path), RawQuery: "mode=ro"}
	db, err := sql.Open("sqlite", dsn.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rs, err := db.Query(`SELECT id, fingerprint, status, response, owner, lease_until, token FROM keys ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var out []row
	for rs.Next() {
		var r row
		var resp sql.NullString
		if err := rs.Scan(&r.ID, &r.Fingerprint, &r.Status, &resp, &r.Owner, &r.LeaseUntil, &r.Token); err != nil {
			t.Fatal(err)
		}
		if resp.Valid {
			r.Response = &resp.String
		}
		out = append(out, r)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// text is a pointer to s, for a row's response.
func text(s string) *string { return &s }

// must fails the test on a setup step's error.
func must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

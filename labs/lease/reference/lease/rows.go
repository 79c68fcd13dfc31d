package lease

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"idemlab/harness/labcmd"
)

// A Row is one stored key, exactly as the table holds it.
type Row struct {
	ID          string          `json:"id"`
	Fingerprint string          `json:"fingerprint"`
	Status      string          `json:"status"`
	Response    json.RawMessage `json:"response"` // null when NULL
	Owner       string          `json:"owner"`
	LeaseUntil  labcmd.Seconds  `json:"lease_until"`
	Token       int64           `json:"token"`
}

// ReadRows returns every row of the store at path, ordered by id. It reads
// the table directly, not through any implementation's API, so a mutant
// whose API misreports state cannot hide it here. It never writes.
func ReadRows(path string) ([]Row, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("rows: store %q does not exist", path)
	case err != nil:
		return nil, fmt.Errorf("rows: %w", err)
	case info.IsDir():
		return nil, fmt.Errorf("rows: store %q is a directory, not a database file", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("rows: %w", err)
	}
	dsn := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "mode=ro&_pragma=busy_timeout(10000)"}
	db, err := sql.Open("sqlite", dsn.String())
	if err != nil {
		return nil, fmt.Errorf("rows: %w", err)
	}
	defer db.Close()
	rs, err := db.Query(`SELECT id, fingerprint, status, response, owner, lease_until, token FROM keys ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("rows: store %q: %w", path, err)
	}
	defer rs.Close()
	rows := []Row{}
	for rs.Next() {
		var r Row
		var response sql.NullString
		if err := rs.Scan(&r.ID, &r.Fingerprint, &r.Status, &response, &r.Owner, &r.LeaseUntil, &r.Token); err != nil {
			return nil, fmt.Errorf("rows: store %q: %w", path, err)
		}
		switch {
		case !response.Valid:
			r.Response = json.RawMessage("null")
		case json.Valid([]byte(response.String)):
			r.Response = json.RawMessage(response.String)
		default:
			// Not JSON: show the text itself rather than fail to print.
			quoted, _ := json.Marshal(response.String)
			r.Response = quoted
		}
		rows = append(rows, r)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("rows: store %q: %w", path, err)
	}
	return rows, nil
}

package labcmd

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Rows declares the raw view of a store's table, which the rows
// subcommand prints (see RowsSub): read from the table itself, never
// through an implementation, so a mutant whose API hides or misreports
// state cannot hide it there.
type Rows struct {
	// Table is the table's name; its rows are read ordered by id.
	Table string
	// Columns are printed in this order, each as its Kind says.
	Columns []Column
	// Open is the query of the file: URI the store is read through
	// (default mode=rw with query_only, so it never writes).
	Open string
}

// A Column is one column of Rows, printed under its name.
type Column struct {
	Name string
	Kind ColumnKind
}

// A ColumnKind says how a column is read and printed.
type ColumnKind int

const (
	// TextColumn is text, printed as a JSON string.
	TextColumn ColumnKind = iota
	// JSONColumn holds JSON text, printed as it is (null when NULL, as a
	// string when it is not JSON).
	JSONColumn
	// SecondsColumn is a time, printed as Seconds prints it.
	SecondsColumn
	// IntegerColumn is an integer.
	IntegerColumn
)

// A Row is one stored row, its values in the order of its columns.
type Row struct {
	Columns []Column
	Values  []any
}

// MarshalJSON writes the row as one object, its columns in order.
func (r Row) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteString("{")
	for i, c := range r.Columns {
		if i > 0 {
			b.WriteString(",")
		}
		if err := enc.Encode(c.Name); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1)
		b.WriteString(":")
		if err := enc.Encode(r.Values[i]); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1)
	}
	b.WriteString("}")
	return b.Bytes(), nil
}

// Read returns every row of the store at path, ordered by id. It never
// writes.
func (r Rows) Read(path string) ([]Row, error) {
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
	open := r.Open
	if open == "" {
		open = "mode=rw&_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	}
	db, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: open}).String())
	if err != nil {
		return nil, fmt.Errorf("rows: %w", err)
	}
	defer db.Close()
	names := make([]string, len(r.Columns))
	for i, c := range r.Columns {
		names[i] = c.Name
	}
	rs, err := db.Query(`SELECT ` + strings.Join(names, ", ") + ` FROM ` + r.Table + ` ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("rows: store %q: %w", path, err)
	}
	defer rs.Close()
	rows := []Row{}
	for rs.Next() {
		row, err := r.scan(rs)
		if err != nil {
			return nil, fmt.Errorf("rows: store %q: %w", path, err)
		}
		rows = append(rows, row)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("rows: store %q: %w", path, err)
	}
	return rows, nil
}

// scan reads one row, each column as its kind says.
func (r Rows) scan(rs *sql.Rows) (Row, error) {
	dest := make([]any, len(r.Columns))
	for i, c := range r.Columns {
		dest[i] = [...]any{new(string), new(sql.NullString), new(Seconds), new(int64)}[c.Kind]
	}
	if err := rs.Scan(dest...); err != nil {
		return Row{}, err
	}
	row := Row{Columns: r.Columns, Values: make([]any, len(dest))}
	for i, d := range dest {
		switch d := d.(type) {
		case *string:
			row.Values[i] = *d
		case *Seconds:
			row.Values[i] = *d
		case *int64:
			row.Values[i] = *d
		case *sql.NullString:
			row.Values[i] = jsonText(*d)
		}
	}
	return row, nil
}

// jsonText is a stored response as rows prints it: null when NULL, the
// JSON as it is, and text that is not JSON as a string rather than fail.
func jsonText(s sql.NullString) json.RawMessage {
	switch {
	case !s.Valid:
		return json.RawMessage("null")
	case json.Valid([]byte(s.String)):
		return json.RawMessage(s.String)
	}
	quoted, _ := json.Marshal(s.String)
	return quoted
}

// RowsSub is the rows subcommand, printing r.
func RowsSub[API any](r Rows) Sub[API] {
	return Sub[API]{Name: "rows", ReadsState: true,
		Doc: "Print every stored row, one JSON object per line, ordered by id, read from the table itself (never through the implementation).",
		Zh:  "打印存储中的每一行，每行一个 JSON 对象，按 id 排序，直接从表中读取（绝不经过被测实现）。",
		Run: func(_ API, c *Call) (any, error) {
			rows, err := r.Read(c.DB)
			lines := make(JSONLines, len(rows))
			for i, row := range rows {
				lines[i] = row
			}
			return lines, err
		}}
}

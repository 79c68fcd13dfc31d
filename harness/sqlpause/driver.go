package sqlpause

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"net/url"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver this one wraps
)

// DriverName is the database/sql driver name this package registers: pass it
// to sql.Open where "sqlite" would go, with the same DSN.
const DriverName = "sqlite-pause"

func init() {
	// The driver registered as "sqlite" is modernc.org/sqlite's package-level
	// one, which carries the functions, collations and connection hooks
	// registered on the package; a fresh &sqlite.Driver{} would not.
	db, err := sql.Open("sqlite", "")
	if err != nil {
		panic("sqlpause: " + err.Error())
	}
	base := db.Driver()
	db.Close() // opened no connection
	sql.Register(DriverName, &pauseDriver{base: base})
}

// pauseDriver wraps the "sqlite" driver.
type pauseDriver struct {
	base driver.Driver
}

var (
	_ driver.Driver        = (*pauseDriver)(nil)
	_ driver.DriverContext = (*pauseDriver)(nil)
	_ driver.Connector     = (*connector)(nil)
)

// Open implements driver.Driver. database/sql itself uses OpenConnector.
func (d *pauseDriver) Open(dsn string) (driver.Conn, error) {
	c, err := d.base.Open(dsn)
	if err != nil {
		return nil, err
	}
	return wrapConn(context.Background(), c, keyOf(dsn))
}

// OpenConnector implements driver.DriverContext, so that the DSN is parsed
// once per sql.DB rather than once per connection. Like sql.Open with the
// "sqlite" driver, it reports no error: a bad DSN fails the first connection.
func (d *pauseDriver) OpenConnector(dsn string) (driver.Connector, error) {
	return &connector{d: d, dsn: dsn, key: keyOf(dsn)}, nil
}

// connector opens connections to one DSN.
type connector struct {
	d   *pauseDriver
	dsn string
	key string // the database file, "" when it has none
}

// Connect implements driver.Connector.
func (c *connector) Connect(ctx context.Context) (driver.Conn, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	bc, err := c.d.base.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return wrapConn(ctx, bc, c.key)
}

// Driver implements driver.Connector.
func (c *connector) Driver() driver.Driver { return c.d }

// wrapConn wraps a newly opened connection to the file key. A connection that
// opens while a pause function for its file runs is quiet: its busy timeout
// is set to zero and it never counts toward a pause.
func wrapConn(ctx context.Context, bc driver.Conn, key string) (driver.Conn, error) {
	c := &conn{base: bc, key: key}
	if pausing(key) {
		c.quiet = true
		if err := execBase(ctx, bc, "PRAGMA busy_timeout = 0"); err != nil {
			bc.Close()
			return nil, err
		}
	}
	return c, nil
}

// execBase runs one statement without arguments on a driver connection.
func execBase(ctx context.Context, bc driver.Conn, query string) error {
	if ex, ok := bc.(driver.ExecerContext); ok {
		_, err := ex.ExecContext(ctx, query, nil)
		if !errors.Is(err, driver.ErrSkip) {
			return err
		}
	}
	s, err := bc.Prepare(query)
	if err != nil {
		return err
	}
	defer s.Close()
	//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
	_, err = s.Exec(nil)
	return err
}

// conn wraps a connection of the "sqlite" driver. Every method delegates; a
// query that is a SELECT on a file with an armed pause gets rows whose Close
// reports the finished SELECT.
type conn struct {
	base  driver.Conn
	key   string // the database file, "" when it has none (":memory:")
	quiet bool   // opened while a pause function ran: never pauses
}

var (
	_ driver.Conn               = (*conn)(nil)
	_ driver.ConnBeginTx        = (*conn)(nil)
	_ driver.ConnPrepareContext = (*conn)(nil)
	_ driver.ExecerContext      = (*conn)(nil)
	_ driver.QueryerContext     = (*conn)(nil)
	_ driver.Pinger             = (*conn)(nil)
	_ driver.SessionResetter    = (*conn)(nil)
	_ driver.Validator          = (*conn)(nil)
	_ driver.NamedValueChecker  = (*conn)(nil)
)

// pausable reports whether a query on this connection may count toward a
// pause: the connection is not quiet, the query is a SELECT and its file has
// a pause armed. Unarmed, it costs one atomic load.
func (c *conn) pausable(query string) bool {
	return !c.quiet && armed(c.key) && isSelect(query)
}

func (c *conn) Prepare(query string) (driver.Stmt, error) {
	s, err := c.base.Prepare(query)
	if err != nil {
		return nil, err
	}
	return c.wrapStmt(s, query), nil
}

func (c *conn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	var s driver.Stmt
	var err error
	if pc, ok := c.base.(driver.ConnPrepareContext); ok {
		s, err = pc.PrepareContext(ctx, query)
	} else { // as database/sql does for such a driver
		s, err = c.base.Prepare(query)
		if err == nil && ctx.Err() != nil {
			s.Close()
			return nil, ctx.Err()
		}
	}
	if err != nil {
		return nil, err
	}
	return c.wrapStmt(s, query), nil
}

// wrapStmt wraps a prepared SELECT on a connection that may pause, since a
// pause may be armed between Prepare and Query; any other statement is
// returned as it is.
func (c *conn) wrapStmt(s driver.Stmt, query string) driver.Stmt {
	if c.quiet || c.key == "" || !isSelect(query) {
		return s
	}
	return &stmt{base: s, conn: c}
}

func (c *conn) Close() error { return c.base.Close() }

// Unwrap returns the modernc.org/sqlite connection, for code that reaches
// its own methods (Serialize, NewBackup, ...) through sql.Conn.Raw.
func (c *conn) Unwrap() driver.Conn { return c.base }

//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
func (c *conn) Begin() (driver.Tx, error) { return c.base.Begin() }

func (c *conn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if bt, ok := c.base.(driver.ConnBeginTx); ok {
		return bt.BeginTx(ctx, opts)
	}
	// What database/sql does for a driver without ConnBeginTx.
	if opts.Isolation != driver.IsolationLevel(sql.LevelDefault) {
		return nil, errors.New("sql: driver does not support non-default isolation level")
	}
	if opts.ReadOnly {
		return nil, errors.New("sql: driver does not support read-only transactions")
	}
	//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
	tx, err := c.base.Begin()
	if err == nil && ctx.Err() != nil {
		tx.Rollback()
		return nil, ctx.Err()
	}
	return tx, err
}

func (c *conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if ex, ok := c.base.(driver.ExecerContext); ok {
		return ex.ExecContext(ctx, query, args)
	}
	return nil, driver.ErrSkip // database/sql prepares the statement instead
}

func (c *conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	qc, ok := c.base.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip // database/sql prepares the statement instead
	}
	counts := c.pausable(query) // before the query: it may be the paused one
	r, err := qc.QueryContext(ctx, query, args)
	if err != nil || !counts {
		return r, err
	}
	return &rows{base: r, key: c.key}, nil
}

func (c *conn) Ping(ctx context.Context) error {
	if p, ok := c.base.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c *conn) ResetSession(ctx context.Context) error {
	if r, ok := c.base.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *conn) IsValid() bool {
	if v, ok := c.base.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

// CheckNamedValue delegates, or returns driver.ErrSkip, which makes
// database/sql apply its default conversion, as it does for a connection
// without the method.
func (c *conn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.base.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// stmt wraps a prepared SELECT on a connection that may pause.
type stmt struct {
	base driver.Stmt
	conn *conn
}

var (
	_ driver.Stmt              = (*stmt)(nil)
	_ driver.StmtExecContext   = (*stmt)(nil)
	_ driver.StmtQueryContext  = (*stmt)(nil)
	_ driver.NamedValueChecker = (*stmt)(nil)
)

func (s *stmt) Close() error  { return s.base.Close() }
func (s *stmt) NumInput() int { return s.base.NumInput() }

//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
func (s *stmt) Exec(args []driver.Value) (driver.Result, error) { return s.base.Exec(args) }

func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	counts := armed(s.conn.key)
	//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
	r, err := s.base.Query(args)
	return s.wrapRows(r, err, counts)
}

func (s *stmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if ec, ok := s.base.(driver.StmtExecContext); ok {
		return ec.ExecContext(ctx, args)
	}
	vals, err := values(args)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
	return s.base.Exec(vals)
}

func (s *stmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	counts := armed(s.conn.key)
	if qc, ok := s.base.(driver.StmtQueryContext); ok {
		r, err := qc.QueryContext(ctx, args)
		return s.wrapRows(r, err, counts)
	}
	vals, err := values(args)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	//lint:ignore SA1019 a wrapper forwards what the driver it wraps provides, the pre-context methods included
	r, err := s.base.Query(vals)
	return s.wrapRows(r, err, counts)
}

func (s *stmt) wrapRows(r driver.Rows, err error, counts bool) (driver.Rows, error) {
	if err != nil || !counts {
		return r, err
	}
	return &rows{base: r, key: s.conn.key}, nil
}

// CheckNamedValue asks the statement, else its connection, as database/sql
// does when neither is wrapped; driver.ErrSkip selects the default
// conversion.
func (s *stmt) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := s.base.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return s.conn.CheckNamedValue(nv)
}

// values converts arguments for a statement without the context methods,
// with the error database/sql gives for named ones.
func values(args []driver.NamedValue) ([]driver.Value, error) {
	vals := make([]driver.Value, len(args))
	for i, a := range args {
		if a.Name != "" {
			return nil, errors.New("sql: driver does not support the use of Named Parameters")
		}
		vals[i] = a.Value
	}
	return vals, nil
}

// rows wraps the result of a SELECT that counts toward a pause. Close closes
// the statement first, so that the paused connection has finished it (an
// autocommit SELECT has released its read lock), then reports it.
type rows struct {
	base   driver.Rows
	key    string
	closed bool // database/sql closes once; this makes sure it counts once
}

var (
	_ driver.Rows                           = (*rows)(nil)
	_ driver.RowsColumnTypeScanType         = (*rows)(nil)
	_ driver.RowsColumnTypeDatabaseTypeName = (*rows)(nil)
	_ driver.RowsColumnTypeLength           = (*rows)(nil)
	_ driver.RowsColumnTypeNullable         = (*rows)(nil)
	_ driver.RowsColumnTypePrecisionScale   = (*rows)(nil)
)

func (r *rows) Columns() []string              { return r.base.Columns() }
func (r *rows) Next(dest []driver.Value) error { return r.base.Next(dest) }

func (r *rows) Close() error {
	err := r.base.Close()
	if !r.closed {
		r.closed = true
		selectFinished(r.key)
	}
	return err
}

// The column type methods delegate, or answer what database/sql assumes for
// rows without them.

func (r *rows) ColumnTypeScanType(i int) reflect.Type {
	if p, ok := r.base.(driver.RowsColumnTypeScanType); ok {
		return p.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}

func (r *rows) ColumnTypeDatabaseTypeName(i int) string {
	if p, ok := r.base.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return p.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *rows) ColumnTypeLength(i int) (int64, bool) {
	if p, ok := r.base.(driver.RowsColumnTypeLength); ok {
		return p.ColumnTypeLength(i)
	}
	return 0, false
}

func (r *rows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if p, ok := r.base.(driver.RowsColumnTypeNullable); ok {
		return p.ColumnTypeNullable(i)
	}
	return false, false
}

func (r *rows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	if p, ok := r.base.(driver.RowsColumnTypePrecisionScale); ok {
		return p.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}

// keyOf returns the absolute path of the database file a DSN names, or ""
// for an in-memory or temporary database. It reads the DSN as
// modernc.org/sqlite and SQLite do: a "file:" URI has its query and fragment
// cut off, an authority of "" or "localhost" dropped and %HH escapes
// decoded; any other name has its query cut off at a '?' past the first
// byte.
func keyOf(dsn string) string {
	name, query := dsn, ""
	if rest, ok := strings.CutPrefix(dsn, "file:"); ok {
		if i := strings.IndexAny(rest, "?#"); i >= 0 {
			if rest[i] == '?' {
				query, _, _ = strings.Cut(rest[i+1:], "#")
			}
			rest = rest[:i]
		}
		if auth, ok := strings.CutPrefix(rest, "//"); ok {
			host, p, _ := strings.Cut(auth, "/")
			if host != "" && host != "localhost" {
				return "" // SQLite refuses a remote authority
			}
			rest = "/" + p
		}
		p, err := url.PathUnescape(rest)
		if err != nil {
			return ""
		}
		if runtime.GOOS == "windows" && len(p) >= 3 && p[0] == '/' && p[2] == ':' {
			p = p[1:] // file:/C:/dir/x.db
		}
		name = filepath.FromSlash(p)
	} else if i := strings.IndexByte(dsn, '?'); i >= 1 {
		name, query = dsn[:i], dsn[i+1:]
	}
	if name == "" || name == ":memory:" {
		return ""
	}
	if q, err := url.ParseQuery(query); err == nil && q.Get("mode") == "memory" {
		return ""
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return ""
	}
	return abs
}

// isSelect reports whether a statement's first keyword, after whitespace
// and comments, is SELECT or WITH (in any case).
func isSelect(query string) bool {
	q := query
	for {
		q = strings.TrimLeft(q, " \t\n\f\r\v")
		switch {
		case strings.HasPrefix(q, "--"):
			i := strings.IndexByte(q, '\n')
			if i < 0 {
				return false
			}
			q = q[i+1:]
		case strings.HasPrefix(q, "/*"):
			i := strings.Index(q[2:], "*/")
			if i < 0 {
				return false
			}
			q = q[2+i+2:]
		default:
			n := 0
			for n < len(q) && (q[n]|0x20 >= 'a' && q[n]|0x20 <= 'z') {
				n++
			}
			w := q[:n]
			return strings.EqualFold(w, "select") || strings.EqualFold(w, "with")
		}
	}
}

package sqlpause

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// storeDSN is the DSN the store's open builds for path, with _txlock set to
// txlock and the file created when create is set.
func storeDSN(path, txlock string, create bool) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		panic(err)
	}
	mode := "rw"
	if create {
		mode = "rwc"
	}
	q := "mode=" + mode + "&_pragma=busy_timeout(10000)"
	if txlock != "" {
		q += "&_txlock=" + txlock
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q}
	return u.String()
}

// open is the store's open: one connection, immediate transactions.
func open(t testing.TB, driverName, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open(driverName, storeDSN(path, "immediate", false))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	return db
}

// row is one row of the keys table.
type row struct {
	ID, Fingerprint, Status string
	Expires                 float64
}

// newStore creates the store's schema at path (as InitDB does) holding rows.
func newStore(t testing.TB, path string, rows ...row) {
	t.Helper()
	db, err := sql.Open("sqlite", storeDSN(path, "immediate", true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`PRAGMA journal_mode = WAL`,
		`CREATE TABLE IF NOT EXISTS keys (id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status TEXT NOT NULL, response TEXT, expires REAL NOT NULL)`,
		`CREATE INDEX IF NOT EXISTS keys_status_id_expires ON keys (status, id, expires)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range rows {
		if _, err := db.Exec(`INSERT INTO keys VALUES (?, ?, ?, NULL, ?)`, r.ID, r.Fingerprint, r.Status, r.Expires); err != nil {
			t.Fatal(err)
		}
	}
}

// dump returns every row, by id, read with the plain driver.
func dump(t testing.TB, path string) []row {
	t.Helper()
	db := open(t, "sqlite", path)
	defer db.Close()
	rs, err := db.Query(`SELECT id, fingerprint, status, expires FROM keys ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	got := []row{}
	for rs.Next() {
		var r row
		if err := rs.Scan(&r.ID, &r.Fingerprint, &r.Status, &r.Expires); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// errClass names an error for a comparison: "ok", "locked" for SQLITE_BUSY
// ("database is locked"), else its text.
func errClass(err error) string {
	if err == nil {
		return "ok"
	}
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY && strings.Contains(err.Error(), "database is locked") {
		return "locked"
	}
	return err.Error()
}

func scanIDs(rs *sql.Rows) ([]string, error) {
	defer rs.Close()
	ids := []string{}
	for rs.Next() {
		var id string
		if err := rs.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rs.Err()
}

const purgeSelect = `SELECT id FROM keys WHERE status = 'done' AND expires <= ? ORDER BY id ASC LIMIT ?`

// purgeReference is the reference's Purge: BEGIN (IMMEDIATE, from the DSN),
// SELECT, DELETE each, COMMIT, on one connection opened with DriverName.
func purgeReference(t testing.TB, path string, now float64, limit int) ([]string, error) {
	db := open(t, DriverName, path)
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rs, err := tx.Query(purgeSelect, now, limit)
	if err != nil {
		return nil, err
	}
	ids, err := scanIDs(rs)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if _, err := tx.Exec(`DELETE FROM keys WHERE id = ?`, id); err != nil {
			return nil, err
		}
	}
	return ids, tx.Commit()
}

// purgeSelectFirst is the mutant: the SELECT runs before BEGIN, outside the
// transaction.
func purgeSelectFirst(t testing.TB, path string, now float64, limit int) ([]string, error) {
	db := open(t, DriverName, path)
	defer db.Close()
	rs, err := db.Query(purgeSelect, now, limit)
	if err != nil {
		return nil, err
	}
	ids, err := scanIDs(rs)
	if err != nil {
		return nil, err
	}
	tx, err := db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, id := range ids {
		if _, err := tx.Exec(`DELETE FROM keys WHERE id = ?`, id); err != nil {
			return nil, err
		}
	}
	return ids, tx.Commit()
}

// rereserve is the other writer: on a new handle opened with DriverName, it
// deletes id and inserts it again as pending, and classifies each
// statement's error. It also reports id's status as it reads it first.
func rereserve(t testing.TB, path, id string) (status string, errs []string) {
	db := open(t, DriverName, path)
	defer db.Close()
	if err := db.QueryRow(`SELECT status FROM keys WHERE id = ?`, id).Scan(&status); err != nil {
		status = errClass(err)
	}
	_, err := db.Exec(`DELETE FROM keys WHERE id = ?`, id)
	errs = append(errs, errClass(err))
	_, err = db.Exec(`INSERT INTO keys VALUES (?, 'retry', 'pending', NULL, 100)`, id)
	errs = append(errs, errClass(err))
	return status, errs
}

var purgeRows = []row{
	{"a", "fa", "done", 5},
	{"b", "fb", "done", 5},
	{"c", "fc", "pending", 5},
	{"d", "fd", "done", 50},
}

// race is what one interleaving produced.
type race struct {
	Fired    bool     // the pause fired
	Seen     string   // a's status as the other writer read it
	Injected []string // the other writer's statements, during the pause
	Retried  []string // the same, rerun after the purge when they were locked out
	Purged   []string // what the purge returned
	Final    []row    // the rows afterwards
}

// reused is a store file that many runs share. An idle connection stays
// open on it: it holds no lock, so it changes nothing in a race, but while it
// is open no other close is the last one, which in WAL mode checkpoints and
// deletes the -wal and -shm files, to be created again by the next open.
// Creating a file costs about half a millisecond on this machine's disk;
// without reuse that, not SQLite, is most of a run.
type reused struct {
	path string
	keep *sql.DB
}

func newReused(t testing.TB, path string) *reused {
	t.Helper()
	newStore(t, path, purgeRows...)
	keep := open(t, "sqlite", path)
	t.Cleanup(func() { keep.Close() })
	// Resetting is scaffolding, not part of any race: it need not wait for
	// the disk.
	if _, err := keep.Exec(`PRAGMA synchronous = OFF`); err != nil {
		t.Fatal(err)
	}
	return &reused{path: path, keep: keep}
}

// reset gives the store purgeRows again, in one transaction.
func (s *reused) reset(t testing.TB) {
	t.Helper()
	tx, err := s.keep.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`DELETE FROM keys`); err != nil {
		t.Fatal(err)
	}
	for _, r := range purgeRows {
		if _, err := tx.Exec(`INSERT INTO keys VALUES (?, ?, ?, NULL, ?)`, r.ID, r.Fingerprint, r.Status, r.Expires); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// runRace purges the store at path, which holds purgeRows, at now 10, limit
// 10, with the other writer re-reserving "a" in a pause after the purge's
// SELECT (when pause) or after the purge (when not). A write locked out
// during the pause is retried after the purge, which is what a writer with a
// busy timeout would have done: wait for the purge's commit, then write.
func runRace(t testing.TB, path string, purge func(testing.TB, string, float64, int) ([]string, error), pause bool) race {
	var r race
	disarm := func() bool { return false }
	if pause {
		disarm = Pause(path, func() { r.Seen, r.Injected = rereserve(t, path, "a") })
	}
	ids, err := purge(t, path, 10, 10)
	if err != nil {
		t.Fatalf("purge: %v", err)
	}
	r.Purged = ids
	r.Fired = disarm()
	switch {
	case !pause:
		r.Seen, r.Injected = rereserve(t, path, "a")
	case r.Injected != nil && r.Injected[0] == "locked":
		_, r.Retried = rereserve(t, path, "a")
	}
	r.Final = dump(t, path)
	return r
}

// TestPurgeRace shows the interleaving with the reference and with the
// select-first mutant, 1,000 times each (100 with -short), and that without
// the pause the two cannot be told apart.
func TestPurgeRace(t *testing.T) {
	sequential := race{ // the other writer runs after the purge
		Seen:     "sql: no rows in result set",
		Injected: []string{"ok", "ok"},
		Purged:   []string{"a", "b"},
		Final:    []row{{"a", "retry", "pending", 100}, {"c", "fc", "pending", 5}, {"d", "fd", "done", 50}},
	}
	// The purge holds the write lock from BEGIN IMMEDIATE: the other writer
	// reads a as done but cannot touch it, and gets a in the end, once the
	// purge has committed.
	reference := race{
		Fired:    true,
		Seen:     "done",
		Injected: []string{"locked", "locked"},
		Retried:  []string{"ok", "ok"},
		Purged:   []string{"a", "b"},
		Final:    []row{{"a", "retry", "pending", 100}, {"c", "fc", "pending", 5}, {"d", "fd", "done", 50}},
	}
	// Nothing is locked between the SELECT and BEGIN: the other writer's
	// reservation of a succeeds, and the purge's DELETE by id then deletes
	// that pending row. The reservation it was granted is lost.
	selectFirst := race{
		Fired:    true,
		Seen:     "done",
		Injected: []string{"ok", "ok"},
		Purged:   []string{"a", "b"},
		Final:    []row{{"c", "fc", "pending", 5}, {"d", "fd", "done", 50}},
	}
	tests := []struct {
		name         string
		purge        func(testing.TB, string, float64, int) ([]string, error)
		pause, fresh bool // fresh: a new file per run, as the store's callers work
		runs         int
		want         race
	}{
		{"reference/sequential", purgeReference, false, false, 10, sequential},
		{"select_first/sequential", purgeSelectFirst, false, false, 10, sequential},
		{"reference/paused", purgeReference, true, false, 1000, reference},
		{"select_first/paused", purgeSelectFirst, true, false, 1000, selectFirst},
		{"reference/paused/fresh", purgeReference, true, true, 50, reference},
		{"select_first/paused/fresh", purgeSelectFirst, true, true, 50, selectFirst},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			start := time.Now()
			var s *reused
			if !tt.fresh {
				s = newReused(t, filepath.Join(dir, "store.db"))
			}
			runs := tt.runs
			if testing.Short() {
				runs = min(runs, 100)
			}
			for i := range runs {
				path := filepath.Join(dir, fmt.Sprintf("store%d.db", i))
				if tt.fresh {
					newStore(t, path, purgeRows...)
				} else {
					path = s.path
					s.reset(t)
				}
				got := runRace(t, path, tt.purge, tt.pause)
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Fatalf("run %d of %d (-want +got):\n%s", i+1, runs, diff)
				}
			}
			t.Logf("%d runs in %v", runs, time.Since(start))
		})
	}
}

// TestTransparent runs a store-like script through "sqlite" and through
// DriverName, unarmed and armed with a pause that never fires, on equal
// files, and requires the same transcript.
func TestTransparent(t *testing.T) {
	dir := t.TempDir()
	want := script(t, "sqlite", filepath.Join(dir, "plain.db"))
	if len(want) < 20 {
		t.Fatalf("transcript too short: %q", want)
	}
	for _, armed := range []bool{false, true} {
		t.Run(fmt.Sprintf("armed=%v", armed), func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("pause-%v.db", armed))
			if armed {
				disarm := PauseAfter(path, 1<<30, func() { t.Error("the pause fired") })
				defer func() {
					if disarm() {
						t.Error("disarm reported a pause that fired")
					}
				}()
			}
			got := script(t, DriverName, path)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("transcript (-sqlite +%s):\n%s", DriverName, diff)
			}
		})
	}
}

// script exercises what the store and the harness use of database/sql, and
// returns what each step gave.
func script(t *testing.T, driverName, path string) []string {
	var out []string
	log := func(step string, v ...any) { out = append(out, step+": "+fmt.Sprint(v...)) }
	ctx := context.Background()

	db, err := sql.Open(driverName, storeDSN(path, "immediate", true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	log("ping", errClass(db.PingContext(ctx)))

	var mode string
	err = db.QueryRow(`PRAGMA journal_mode = WAL`).Scan(&mode)
	log("journal_mode", mode, " ", errClass(err))
	var busy int
	err = db.QueryRow(`PRAGMA busy_timeout`).Scan(&busy)
	log("busy_timeout from _pragma", busy, " ", errClass(err))
	_, err = db.Exec(`CREATE TABLE IF NOT EXISTS keys (id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status TEXT NOT NULL, response TEXT, expires REAL NOT NULL)`)
	log("create", errClass(err))
	_, err = db.Exec(`CREATE INDEX IF NOT EXISTS keys_status_id_expires ON keys (status, id, expires)`)
	log("index", errClass(err))

	reserve := `INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, ?, 'pending', NULL, ?) ON CONFLICT (id) DO NOTHING`
	for _, k := range []string{"k1", "k1", "k2", "k3", "k4"} {
		res, err := db.Exec(reserve, k, "fp-"+k, 5.5)
		if err != nil {
			log("reserve "+k, errClass(err))
			continue
		}
		n, _ := res.RowsAffected()
		id, _ := res.LastInsertId()
		log("reserve "+k, n, " ", id)
	}
	_, err = db.Exec(`INSERT INTO keys VALUES ('x', NULL, 'pending', NULL, 1)`)
	log("not null", errClass(err))
	_, err = db.Exec(`SELEC 1`)
	log("syntax", errClass(err))

	for _, k := range []string{"k1", "k2", "nope"} {
		res, err := db.Exec(`UPDATE keys SET status = 'done', response = ? WHERE id = ? AND fingerprint = ? AND status = 'pending'`, `{"receipt":1}`, k, "fp-"+k)
		n, _ := res.RowsAffected()
		log("finish "+k, n, " ", errClass(err))
	}

	var body sql.NullString
	err = db.QueryRow(`SELECT response FROM keys WHERE id = ? AND status = 'done' AND expires > ?`, "k1", 5.0).Scan(&body)
	log("fetch", body, " ", errClass(err))
	err = db.QueryRow(`SELECT response FROM keys WHERE id = ? AND status = 'done' AND expires > ?`, "k1", 5.5).Scan(&body)
	log("fetch at expiry", errClass(err))

	rs, err := db.Query(`SELECT id FROM keys WHERE status = :s AND expires <= :now ORDER BY id`, sql.Named("s", "done"), sql.Named("now", 10))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := scanIDs(rs)
	log("named", ids, " ", errClass(err))

	rs, err = db.Query(`SELECT id, expires, response, COUNT(*) OVER () AS n FROM keys ORDER BY id LIMIT 1`)
	if err != nil {
		t.Fatal(err)
	}
	cts, err := rs.ColumnTypes()
	for _, ct := range cts {
		l, okl := ct.Length()
		nl, okn := ct.Nullable()
		p, s, okp := ct.DecimalSize()
		log("column "+ct.Name(), ct.DatabaseTypeName(), " ", ct.ScanType(), " ", l, okl, " ", nl, okn, " ", p, s, okp)
	}
	rs.Close()
	log("column types", errClass(err))

	st, err := db.Prepare(`SELECT COUNT(*) FROM keys WHERE status = ?`)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"pending", "done"} {
		var n int
		err := st.QueryRow(s).Scan(&n)
		log("prepared count "+s, n, " ", errClass(err))
	}
	st.Close()
	ins, err := db.Prepare(reserve)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ins.Exec("k5", "fp-k5", 7.0)
	n, _ := res.RowsAffected()
	log("prepared insert", n, " ", errClass(err))
	ins.Close()

	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	rs, err = tx.Query(purgeSelect, 10, 10)
	if err != nil {
		t.Fatal(err)
	}
	ids, err = scanIDs(rs)
	log("tx select", ids, " ", errClass(err))
	for _, id := range ids {
		res, err := tx.Exec(`DELETE FROM keys WHERE id = ?`, id)
		n, _ := res.RowsAffected()
		log("tx delete "+id, n, " ", errClass(err))
	}
	log("commit", errClass(tx.Commit()))

	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tx.Exec(`DELETE FROM keys`)
	log("tx delete all", errClass(err))
	log("rollback", errClass(tx.Rollback()))

	var gone string
	err = db.QueryRow(`DELETE FROM keys WHERE id = 'k3' RETURNING id`).Scan(&gone)
	log("returning", gone, " ", errClass(err))

	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	err = c.Raw(func(dc any) error {
		if u, ok := dc.(interface{ Unwrap() driver.Conn }); ok {
			dc = u.Unwrap()
		}
		_, ok := dc.(interface{ Serialize() ([]byte, error) })
		log("raw serialize", ok)
		return nil
	})
	log("raw", errClass(err))
	var pending, done int
	err = c.QueryRowContext(ctx, `SELECT COUNT(*) FILTER (WHERE status = 'pending'), COUNT(*) FILTER (WHERE status = 'done') FROM keys`).Scan(&pending, &done)
	log("counts", pending, " ", done, " ", errClass(err))
	c.Close()
	return out
}

// TestTxLock shows that _txlock reaches the wrapped driver: an IMMEDIATE or
// EXCLUSIVE BEGIN takes the write lock at once, so another connection's write
// fails while the transaction is open, even before it ran a statement.
func TestTxLock(t *testing.T) {
	tests := []struct {
		txlock   string
		readOnly bool
		want     string // the other connection's write
	}{
		{"immediate", false, "locked"},
		{"exclusive", false, "locked"},
		{"deferred", false, "ok"},
		{"", false, "ok"},
		// modernc.org/sqlite begins a read-only transaction with a plain
		// BEGIN, whatever _txlock says.
		{"immediate", true, "ok"},
	}
	for _, tt := range tests {
		for _, driverName := range []string{"sqlite", DriverName} {
			t.Run(fmt.Sprintf("%s/%s/readonly=%v", driverName, tt.txlock, tt.readOnly), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "s.db")
				newStore(t, path)
				db, err := sql.Open(driverName, storeDSN(path, tt.txlock, false))
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				tx, err := db.BeginTx(context.Background(), &sql.TxOptions{ReadOnly: tt.readOnly})
				if err != nil {
					t.Fatal(err)
				}
				defer tx.Rollback()

				other, err := sql.Open("sqlite", strings.Replace(storeDSN(path, "", false), "busy_timeout(10000)", "busy_timeout(0)", 1))
				if err != nil {
					t.Fatal(err)
				}
				defer other.Close()
				_, err = other.Exec(`INSERT INTO keys VALUES ('k', 'f', 'pending', NULL, 1)`)
				if diff := cmp.Diff(tt.want, errClass(err)); diff != "" {
					t.Errorf("other connection's write (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// busyTimeout reads PRAGMA busy_timeout on db.
func busyTimeout(t testing.TB, db *sql.DB) int {
	t.Helper()
	var ms int
	if err := db.QueryRow(`PRAGMA busy_timeout`).Scan(&ms); err != nil {
		t.Fatal(err)
	}
	return ms
}

// count runs a SELECT on db.
func count(t testing.TB, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM keys`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPauseSemantics(t *testing.T) {
	t.Run("one-shot, on the closing goroutine, before Close returns", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		newStore(t, path, purgeRows...)
		db := open(t, DriverName, path)
		defer db.Close()
		calls := 0
		disarm := Pause(path, func() { calls++ })
		rs, err := db.Query(`SELECT id FROM keys`)
		if err != nil {
			t.Fatal(err)
		}
		for rs.Next() {
			if calls != 0 {
				t.Fatal("fired before the rows were read")
			}
		}
		// rows.Next returning false closed the rows, and so ran fn.
		if calls != 1 {
			t.Fatalf("after rows.Next returned false: %d calls, want 1", calls)
		}
		rs.Close()
		for range 3 {
			count(t, db)
		}
		if calls != 1 {
			t.Errorf("%d calls after more SELECTs, want 1", calls)
		}
		first, second := disarm(), disarm()
		if !first || !second {
			t.Error("disarm reported false after the pause fired")
		}
	})

	t.Run("disarmed first, never fires", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		newStore(t, path, purgeRows...)
		db := open(t, DriverName, path)
		defer db.Close()
		disarm := Pause(path, func() { t.Error("fired after disarm") })
		if disarm() {
			t.Error("disarm reported true before any SELECT")
		}
		count(t, db)
		if disarm() {
			t.Error("second disarm reported true")
		}
		// The file can be armed again.
		fired := false
		disarm = Pause(path, func() { fired = true })
		count(t, db)
		if !fired || !disarm() {
			t.Errorf("re-armed pause: fired %v, want true", fired)
		}
	})

	t.Run("what counts as a SELECT", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		newStore(t, path, purgeRows...)
		db := open(t, DriverName, path)
		defer db.Close()
		var fired []string
		step := ""
		disarm := Pause(path, func() { fired = append(fired, step) })
		defer disarm()
		var s string
		for _, q := range []struct{ step, query string }{
			{"exec select", `SELECT 1`},
			{"exec delete", `DELETE FROM keys WHERE id = 'none'`},
		} {
			step = q.step
			if _, err := db.Exec(q.query); err != nil {
				t.Fatal(err)
			}
		}
		for _, q := range []struct{ step, query string }{
			{"query pragma", `PRAGMA journal_mode`},
			{"query returning", `UPDATE keys SET fingerprint = fingerprint WHERE id = 'a' RETURNING id`},
			{"query comment then select", "/* c */ -- x\n\t select id FROM keys LIMIT 1"},
			{"query after firing", `SELECT id FROM keys LIMIT 1`},
		} {
			step = q.step
			if err := db.QueryRow(q.query).Scan(&s); err != nil {
				t.Fatal(err)
			}
		}
		if diff := cmp.Diff([]string{"query comment then select"}, fired); diff != "" {
			t.Errorf("fired at (-want +got):\n%s", diff)
		}
	})

	t.Run("prepared statement and transaction", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		newStore(t, path, purgeRows...)
		db := open(t, DriverName, path)
		defer db.Close()
		st, err := db.Prepare(`SELECT COUNT(*) FROM keys WHERE status = ?`)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		fired := 0
		disarm := Pause(path, func() { fired++ }) // armed after Prepare
		var n int
		if err := st.QueryRow("done").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if fired != 1 || !disarm() {
			t.Fatalf("prepared: %d calls, want 1", fired)
		}
		tx, err := db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		disarm = Pause(path, func() { fired++ })
		if err := tx.Stmt(st).QueryRow("pending").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if fired != 2 || !disarm() {
			t.Fatalf("prepared in a transaction: %d calls, want 2", fired)
		}
	})

	t.Run("PauseAfter counts", func(t *testing.T) {
		for _, n := range []int{1, 2, 5} {
			path := filepath.Join(t.TempDir(), "s.db")
			newStore(t, path, purgeRows...)
			db := open(t, DriverName, path)
			done, at := 0, 0
			disarm := PauseAfter(path, n, func() { at = done + 1 })
			for range 7 {
				count(t, db)
				done++
			}
			db.Close()
			if at != n || !disarm() {
				t.Errorf("PauseAfter(%d) fired after SELECT %d", n, at)
			}
		}
	})

	t.Run("busy timeout and quiet connections", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		newStore(t, path, purgeRows...)
		before := open(t, DriverName, path)
		defer before.Close()
		before.SetMaxIdleConns(1)
		if err := before.Ping(); err != nil { // its connection opens now
			t.Fatal(err)
		}
		db := open(t, DriverName, path)
		defer db.Close()
		var got []string
		var inner func() bool
		disarm := Pause(path, func() {
			during := open(t, DriverName, path)
			defer during.Close()
			plain := open(t, "sqlite", path)
			defer plain.Close()
			// A pause armed now is not fired by quiet connections.
			inner = Pause(path, func() { got = append(got, "inner fired") })
			got = append(got,
				fmt.Sprint("opened during: ", busyTimeout(t, during)),
				fmt.Sprint("opened before: ", busyTimeout(t, before)),
				fmt.Sprint("plain driver: ", busyTimeout(t, plain)),
				fmt.Sprint("rows seen: ", count(t, during)))
		})
		count(t, db)
		if !disarm() {
			t.Fatal("did not fire")
		}
		after := open(t, DriverName, path)
		defer after.Close()
		got = append(got, fmt.Sprint("opened after: ", busyTimeout(t, after)))
		count(t, after) // an ordinary connection again: fires inner
		if !inner() {
			t.Error("inner pause did not fire after the outer returned")
		}
		want := []string{
			"opened during: 0",
			"opened before: 10000",
			"plain driver: 10000",
			"rows seen: 4",
			"opened after: 10000",
			"inner fired",
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})

	t.Run("misuse panics", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		disarm := Pause(path, func() {})
		defer disarm()
		for name, f := range map[string]func(){
			"armed twice": func() { Pause(path, func() {}) },
			"nil fn":      func() { Pause(path+"x", nil) },
			"n = 0":       func() { PauseAfter(path+"y", 0, func() {}) },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s: no panic", name)
					}
				}()
				f()
			}()
		}
	})

	t.Run("fn panics", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "s.db")
		newStore(t, path, purgeRows...)
		db := open(t, DriverName, path)
		defer db.Close()
		disarm := Pause(path, func() { panic("boom") })
		func() {
			defer func() {
				if r := recover(); r != "boom" {
					t.Errorf("recovered %v, want boom", r)
				}
			}()
			count(t, db)
		}()
		disarm()
		// Nothing is left running for the file: new connections are ordinary.
		db2 := open(t, DriverName, path)
		defer db2.Close()
		if ms := busyTimeout(t, db2); ms != 10000 {
			t.Errorf("busy_timeout %d after a panicking fn, want 10000", ms)
		}
	})
}

// TestIndependentFiles runs many pauses at once on separate files, and holds
// one file's pause open while another file's pause runs to completion.
func TestIndependentFiles(t *testing.T) {
	dir := t.TempDir()

	t.Run("one held while another runs", func(t *testing.T) {
		a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
		newStore(t, a, purgeRows...)
		newStore(t, b, purgeRows...)
		inA, release := make(chan struct{}), make(chan struct{})
		disarmA := Pause(a, func() { close(inA); <-release })
		var wg sync.WaitGroup
		wg.Go(func() {
			if _, err := purgeReference(t, a, 10, 10); err != nil {
				t.Error(err)
			}
		})
		<-inA
		var msB int
		disarmB := Pause(b, func() {
			db := open(t, DriverName, b)
			defer db.Close()
			msB = busyTimeout(t, db)
		})
		dbB := open(t, DriverName, b)
		msOutside := busyTimeout(t, dbB)
		dbB.Close()
		c := filepath.Join(dir, "c.db")
		newStore(t, c, purgeRows...)
		got := runRace(t, c, purgeReference, true)
		if _, err := purgeReference(t, b, 10, 10); err != nil {
			t.Fatal(err)
		}
		close(release)
		wg.Wait()
		if !disarmA() || !disarmB() {
			t.Error("a pause did not fire")
		}
		if msB != 0 || msOutside != 10000 {
			t.Errorf("b: busy_timeout %d inside its pause, %d outside while a's ran; want 0, 10000", msB, msOutside)
		}
		if diff := cmp.Diff([]string{"locked", "locked"}, got.Injected); diff != "" {
			t.Errorf("c, raced while a was paused (-want +got):\n%s", diff)
		}
	})

	t.Run("parallel", func(t *testing.T) {
		const goroutines, runs = 32, 20
		var wg sync.WaitGroup
		for g := range goroutines {
			wg.Go(func() {
				s := newReused(t, filepath.Join(dir, fmt.Sprintf("p%d.db", g)))
				for i := range runs {
					purge, want := purgeReference, []string{"locked", "locked"}
					if (g+i)%2 == 1 {
						purge, want = purgeSelectFirst, []string{"ok", "ok"}
					}
					path := s.path
					if i%4 == 0 { // now and then a fresh file
						path = filepath.Join(dir, fmt.Sprintf("p%d-%d.db", g, i))
						newStore(t, path, purgeRows...)
					} else {
						s.reset(t)
					}
					got := runRace(t, path, purge, true)
					if !got.Fired || !cmp.Equal(want, got.Injected) {
						t.Errorf("goroutine %d run %d: fired %v, injected %v, want %v", g, i, got.Fired, got.Injected, want)
						return
					}
				}
			})
		}
		wg.Wait()
		mu.Lock()
		left := len(files)
		mu.Unlock()
		if left != 0 || active.Load() != 0 {
			t.Errorf("%d files (active %d) still registered, want 0", left, active.Load())
		}
	})
}

func TestKeyOf(t *testing.T) {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	odd := filepath.Join(t.TempDir(), "a dir", "s?#%.db")
	tests := []struct{ dsn, want string }{
		{storeDSN("/tmp/x/store.db", "immediate", false), "/tmp/x/store.db"},
		{"file:/tmp/x/store.db?mode=rw&_txlock=immediate", "/tmp/x/store.db"},
		{"file:///tmp/x/store.db", "/tmp/x/store.db"},
		{"file://localhost/tmp/x/store.db#frag", "/tmp/x/store.db"},
		{"file://elsewhere/tmp/x/store.db", ""},
		{"file:/tmp/x/../x/store.db", "/tmp/x/store.db"},
		{"file:rel.db?mode=rw", abs("rel.db")},
		{"/tmp/x/store.db?_pragma=busy_timeout(1)", "/tmp/x/store.db"},
		{"rel.db", abs("rel.db")},
		{storeDSN(odd, "immediate", false), odd},
		{":memory:", ""},
		{"file::memory:?cache=shared", ""},
		{"file:/tmp/x/m.db?mode=memory", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := keyOf(tt.dsn); got != tt.want {
			t.Errorf("keyOf(%q) = %q, want %q", tt.dsn, got, tt.want)
		}
	}
}

// TestOddPath pauses a store whose path needs escaping in the DSN.
func TestOddPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a dir", "s?#%.db")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	newStore(t, path, purgeRows...)
	got := runRace(t, path, purgeSelectFirst, true)
	if diff := cmp.Diff([]string{"ok", "ok"}, got.Injected); !got.Fired || diff != "" {
		t.Errorf("fired %v, injected (-want +got):\n%s", got.Fired, diff)
	}
}

func TestIsSelect(t *testing.T) {
	tests := []struct {
		query string
		want  bool
	}{
		{"SELECT 1", true},
		{"select id from keys", true},
		{"  \n\tSeLeCt 1", true},
		{"-- a comment\nSELECT 1", true},
		{"/* one */ /* two */ select 1", true},
		{"WITH x AS (SELECT 1) SELECT * FROM x", true},
		{"SELECTED", false},
		{"INSERT INTO keys SELECT * FROM keys", false},
		{"DELETE FROM keys RETURNING id", false},
		{"PRAGMA busy_timeout", false},
		{"-- only a comment", false},
		{"/* unterminated SELECT", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := isSelect(tt.query); got != tt.want {
			t.Errorf("isSelect(%q) = %v, want %v", tt.query, got, tt.want)
		}
	}
}

// BenchmarkQuery measures a query through each driver, unarmed, and through
// DriverName with a pause armed on the file (that never fires).
func BenchmarkQuery(b *testing.B) {
	for _, c := range []struct {
		name, driver string
		armed        bool
	}{{"sqlite", "sqlite", false}, {"pause/unarmed", DriverName, false}, {"pause/armed", DriverName, true}} {
		b.Run(c.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "s.db")
			newStore(b, path, purgeRows...)
			if c.armed {
				defer PauseAfter(path, 1<<62, func() {})()
			}
			db := open(b, c.driver, path)
			defer db.Close()
			for b.Loop() {
				count(b, db)
			}
		})
	}
}

package reference

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// DefaultLimit is the batch size for Expired and Purge when a caller has no
// reason to choose another.
const DefaultLimit = 10

// maxLimit bounds one batch: a purge holds the write lock while it deletes,
// so a batch must stay small enough not to stall concurrent reservations.
const maxLimit = 100

// ErrInvalidLimit is wrapped by the error Expired and Purge return for a
// limit outside 1..100; such a call reads and changes nothing.
var ErrInvalidLimit = errors.New("invalid limit: want an integer in 1..100")

// Driver names the database/sql driver the store opens its file with:
// modernc.org/sqlite's "sqlite". It is the store's one seam, and no
// function branches on it: a harness may name a driver that wraps "sqlite"
// and so sees every statement the store issues (the lab's
// idemlab/harness/sqlpause, which pauses a call after a query so that an
// observation can make another writer act at exactly that point). Set it
// before the first call, never during one.
var Driver = "sqlite"

// busyTimeoutMS is how long a connection waits for another writer's lock
// before giving up. Writes here last milliseconds, so ten seconds is only
// reached by a store that is stuck, never by ordinary contention.
const busyTimeoutMS = 10000

// InitDB creates the store's keys table when it is absent. On a store that
// already has it, InitDB is a no-op that keeps every row, so calling it at
// every start is safe. It creates the file when the path does not exist; a
// directory, or a file that is not an SQLite database, is an error and is
// left as it was.
func InitDB(path string) error {
	db, err := open(path, true)
	if err != nil {
		return fmt.Errorf("InitDB: %w", err)
	}
	defer db.Close()
	// Write-ahead logging lets readers proceed while one writer commits; the
	// setting is stored in the file, so every later connection inherits it.
	if _, err := db.Exec(`PRAGMA journal_mode = WAL`); err != nil {
		return fmt.Errorf("InitDB: store %q: %w", path, err)
	}
	_, err = db.Exec(`CREATE TABLE IF NOT EXISTS keys (
		id TEXT PRIMARY KEY,
		fingerprint TEXT NOT NULL,
		status TEXT NOT NULL,
		response TEXT,
		expires REAL NOT NULL
	)`)
	if err != nil {
		return fmt.Errorf("InitDB: store %q: %w", path, err)
	}
	// The purge's candidates are done rows in id order with expires <= now.
	// Leading with status and id lets Expired, Purge and Drain read them in
	// order without sorting, and a drain resume after its last id; expires
	// in the index answers the time test without reading the table. An
	// index on (status, expires) instead makes every batch sort all
	// candidates, which is slower by orders of magnitude once most rows
	// have expired.
	if _, err := db.Exec(`CREATE INDEX IF NOT EXISTS keys_status_id_expires ON keys (status, id, expires)`); err != nil {
		return fmt.Errorf("InitDB: store %q: %w", path, err)
	}
	return nil
}

// Reserve inserts key as pending, with fingerprint digest and no response,
// and reports true. A key already present, pending or done, expired or not,
// is left untouched and Reserve reports false: the caller must not start the
// work a second time.
func Reserve(path, key, digest string, expires float64) (bool, error) {
	if err := checkTime("expires", expires); err != nil {
		return false, fmt.Errorf("Reserve %q: %w", key, err)
	}
	db, err := open(path, false)
	if err != nil {
		return false, fmt.Errorf("Reserve %q: %w", key, err)
	}
	defer db.Close()
	res, err := db.Exec(`INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, ?, 'pending', NULL, ?) ON CONFLICT (id) DO NOTHING`, key, digest, expires)
	if err != nil {
		return false, fmt.Errorf("Reserve %q: %w", key, err)
	}
	return changedOne(res)
}

// Finish records response, encoded as JSON, for a pending key whose
// fingerprint is digest, marks it done and reports true. Any other row (an
// unknown key, another fingerprint, a key already done) is left unchanged
// and Finish reports false. A response that JSON cannot encode is an error,
// and the row stays pending.
func Finish(path, key, digest string, response any) (bool, error) {
	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false) // store the text as given, not \u003c escapes
	if err := enc.Encode(response); err != nil {
		return false, fmt.Errorf("Finish %q: response is not JSON-encodable: %w", key, err)
	}
	db, err := open(path, false)
	if err != nil {
		return false, fmt.Errorf("Finish %q: %w", key, err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE keys SET status = 'done', response = ? WHERE id = ? AND fingerprint = ? AND status = 'pending'`,
		strings.TrimSuffix(body.String(), "\n"), key, digest)
	if err != nil {
		return false, fmt.Errorf("Finish %q: %w", key, err)
	}
	return changedOne(res)
}

// Fetch returns the stored response of a done key while now < expires,
// decoded from JSON with numbers kept exact as json.Number. It returns nil
// for a pending, unknown or expired key, and at now == expires exactly: the
// replay window is open on the left of expires and closed at it.
func Fetch(path, key string, now float64) (any, error) {
	if err := checkTime("now", now); err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	db, err := open(path, false)
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	defer db.Close()
	var body sql.NullString
	err = db.QueryRow(`SELECT response FROM keys WHERE id = ? AND status = 'done' AND expires > ?`, key, now).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	if !body.Valid {
		return nil, fmt.Errorf("Fetch %q: done row has no response", key)
	}
	dec := json.NewDecoder(strings.NewReader(body.String))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("Fetch %q: stored response: %w", key, err)
	}
	return v, nil
}

// Expired returns at most limit ids of done rows with expires <= now, in
// ascending id order: the rows the next Purge at now would delete. Pending
// rows never appear. A limit outside 1..100 is an error wrapping
// ErrInvalidLimit, and nothing is read.
func Expired(path string, now float64, limit int) ([]string, error) {
	if err := checkLimit(limit); err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	if err := checkTime("now", now); err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	db, err := open(path, false)
	if err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT id FROM keys WHERE status = 'done' AND expires <= ? ORDER BY id ASC LIMIT ?`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	return ids, nil
}

// Purge deletes at most limit done rows with expires <= now, lowest ids
// first, selecting and deleting in one transaction, and returns the deleted
// ids in ascending order. It never deletes a pending row. A limit outside
// 1..100 is an error wrapping ErrInvalidLimit, and nothing is read or
// deleted. A purged key's guarantee is over: reserving it again succeeds.
func Purge(path string, now float64, limit int) ([]string, error) {
	if err := checkLimit(limit); err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	if err := checkTime("now", now); err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	db, err := open(path, false)
	if err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	defer db.Close()
	// The connection begins transactions IMMEDIATE (see open), so the write
	// lock is taken before the select: no other writer can finish or reserve
	// a row between choosing the batch and deleting it.
	tx, err := db.Begin()
	if err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	defer tx.Rollback() // a no-op after Commit
	rows, err := tx.Query(`SELECT id FROM keys WHERE status = 'done' AND expires <= ? ORDER BY id ASC LIMIT ?`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	for _, id := range ids {
		if _, err := tx.Exec(`DELETE FROM keys WHERE id = ?`, id); err != nil {
			return nil, fmt.Errorf("Purge %q: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	return ids, nil
}

// Drain deletes every done row with expires <= now, in batches of at most
// limit rows, each batch in its own transaction. Where Purge restarts at
// the lowest id on every call, each batch of a drain continues after the
// last id the previous batch deleted, so a backlog of a million rows costs
// the same per batch at its end as at its start. After each batch, progress
// (when not nil) receives the ids just deleted and the running total.
// Drain returns how many rows it deleted; after an error, the batches
// already committed stay deleted.
//
// At a fixed now, a drain deletes the same rows as calling Purge until it
// returns nothing: candidates never change status back, ids only grow past
// the cursor, and every candidate at or below the cursor was deleted in a
// batch. The one difference: a row that becomes a candidate while the drain
// runs (finished meanwhile, with an expiry already past) and whose id is
// below the cursor is left for the next purge. That is harmless, since a
// purge may always run later; never deleting it early is what matters.
func Drain(path string, now float64, limit int, progress func(batch []string, total int)) (int, error) {
	if err := checkLimit(limit); err != nil {
		return 0, fmt.Errorf("Drain: %w", err)
	}
	if err := checkTime("now", now); err != nil {
		return 0, fmt.Errorf("Drain: %w", err)
	}
	db, err := open(path, false)
	if err != nil {
		return 0, fmt.Errorf("Drain: %w", err)
	}
	defer db.Close()
	total, cursor, first := 0, "", true
	for {
		start := time.Now()
		ids, err := drainBatch(db, now, cursor, first, limit)
		first = false
		if err != nil {
			return total, fmt.Errorf("Drain after %q: %w", cursor, err)
		}
		if len(ids) == 0 {
			return total, nil
		}
		total += len(ids)
		cursor = ids[len(ids)-1]
		if progress != nil {
			progress(ids, total)
		}
		if len(ids) < limit {
			return total, nil
		}
		// SQLite does not queue writers: one that waits sleeps, retries,
		// and only wins if the lock is free at that instant. A drain that
		// began its next batch at once would hold the lock nearly all the
		// time and stall every reservation beside it for seconds. Resting
		// as long as the batch took leaves the lock free at least half the
		// time, at the cost of a drain at most twice as long.
		time.Sleep(time.Since(start))
	}
}

// drainBatch deletes one batch of candidates with ids above cursor (from
// the first id, the empty one included, when first), in one transaction,
// and returns their ids in ascending order.
func drainBatch(db *sql.DB, now float64, cursor string, first bool, limit int) ([]string, error) {
	tx, err := db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() // a no-op after Commit
	query := `SELECT id FROM keys WHERE status = 'done' AND id > ? AND expires <= ? ORDER BY id ASC LIMIT ?`
	if first {
		query = `SELECT id FROM keys WHERE status = 'done' AND id >= ? AND expires <= ? ORDER BY id ASC LIMIT ?`
	}
	rows, err := tx.Query(query, cursor, now, limit)
	if err != nil {
		return nil, err
	}
	ids, err := scanIDs(rows)
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

// Counts reports how many rows are pending and how many are done. Both keys
// are always present, zero included, so a purge that lost unfinished rows
// shows as a drop in "pending".
func Counts(path string) (map[string]int, error) {
	db, err := open(path, false)
	if err != nil {
		return nil, fmt.Errorf("Counts: %w", err)
	}
	defer db.Close()
	var pending, done int
	err = db.QueryRow(`SELECT COUNT(*) FILTER (WHERE status = 'pending'), COUNT(*) FILTER (WHERE status = 'done') FROM keys`).Scan(&pending, &done)
	if err != nil {
		return nil, fmt.Errorf("Counts: %w", err)
	}
	return map[string]int{"pending": pending, "done": done}, nil
}

// RetentionCycle shows where the guarantee ends, on an initialised store
// that does not hold key: it reserves key with fingerprint "v1" expiring at
// 10, finishes it with {"receipt":1}, purges at now 10 (the moment it
// expires), then reserves key again as "v2" expiring at 20 and returns that
// last result: true, because the purged key is a brand-new request.
// The purge may also delete other done rows that expired by 10.
func RetentionCycle(path, key string) (bool, error) {
	first, err := Reserve(path, key, "v1", 10)
	if err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	if !first {
		return false, fmt.Errorf("RetentionCycle: key %q is already in the store; the cycle needs a key the store does not hold", key)
	}
	if _, err := Finish(path, key, "v1", map[string]any{"receipt": 1}); err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	if _, err := Purge(path, 10, DefaultLimit); err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	again, err := Reserve(path, key, "v2", 20)
	if err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	return again, nil
}

// open returns a handle on the store at path. Only InitDB may create the
// file: every other function reports a missing store instead of leaving an
// empty database behind. A directory is refused before SQLite sees it, so
// the error names the problem rather than "unable to open database file".
func open(path string, create bool) (*sql.DB, error) {
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return nil, fmt.Errorf("store %q is a directory, not a database file", path)
	case errors.Is(err, fs.ErrNotExist) && !create:
		return nil, fmt.Errorf("store %q does not exist (InitDB creates it)", path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("store %q: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store %q: %w", path, err)
	}
	mode := "rw"
	if create {
		mode = "rwc"
	}
	// A file: URI, so that SQLite honours mode (rw never creates the file)
	// and a path holding '?' or '#' is escaped rather than cut short.
	dsn := url.URL{
		Scheme:   "file",
		Path:     filepath.ToSlash(abs),
		RawQuery: fmt.Sprintf("mode=%s&_pragma=busy_timeout(%d)&_txlock=immediate", mode, busyTimeoutMS),
	}
	db, err := sql.Open(Driver, dsn.String())
	if err != nil {
		return nil, fmt.Errorf("store %q: %w", path, err)
	}
	// One connection: every function issues its statements in sequence, and
	// a second pooled connection would only contend for the same file lock.
	db.SetMaxOpenConns(1)
	return db, nil
}

// checkLimit accepts the batch sizes Expired and Purge allow.
func checkLimit(limit int) error {
	if limit < 1 || limit > maxLimit {
		return fmt.Errorf("%w (got %d)", ErrInvalidLimit, limit)
	}
	return nil
}

// checkTime refuses NaN, which SQLite would store as NULL and compare as
// neither earlier nor later than any time.
func checkTime(name string, v float64) error {
	if math.IsNaN(v) {
		return fmt.Errorf("%s is NaN", name)
	}
	return nil
}

// changedOne reports whether a statement changed exactly one row.
func changedOne(res sql.Result) (bool, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// scanIDs reads a one-column result of ids. It returns an empty, non-nil
// slice when there are none, so callers print [] rather than null.
func scanIDs(rows *sql.Rows) ([]string, error) {
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

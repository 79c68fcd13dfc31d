package reference

import (
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

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// DefaultLimit is the batch size for Abandoned when a caller has no reason
// to choose another.
const DefaultLimit = 10

// maxLimit bounds one batch of Abandoned.
const maxLimit = 100

// ErrInvalidLimit is wrapped by the error Abandoned returns for a limit
// outside 1..100; such a call reads nothing.
var ErrInvalidLimit = errors.New("invalid limit: want an integer in 1..100")

// Driver names the database/sql driver the store opens its file with:
// modernc.org/sqlite's "sqlite". It is the store's one seam, and no
// function branches on it: a harness may name a driver that wraps "sqlite"
// and so sees every statement the store issues (the lab's
// idemlab/harness/sqlpause pauses a call after a query, so that an
// observation can make a second worker act at exactly that point). Set it
// before the first call, never during one.
var Driver = "sqlite"

// busyTimeoutMS is how long a connection waits for another writer's lock.
// Every write here is one statement or one short transaction, so ten
// seconds is only reached by a store that is stuck.
const busyTimeoutMS = 10000

// createTable is the store's one table. lease_until is when the holder's
// lease lapses; token is the fencing token of the current holder.
const createTable = `CREATE TABLE IF NOT EXISTS keys (
	id TEXT PRIMARY KEY,
	fingerprint TEXT NOT NULL,
	status TEXT NOT NULL,
	response TEXT,
	owner TEXT NOT NULL,
	lease_until REAL NOT NULL,
	token INTEGER NOT NULL
)`

// InitDB creates the keys table when it is absent. On a store that already
// has it, InitDB is a no-op that keeps every row. It creates the file when
// the path does not exist; a directory, or a file that is not an SQLite
// database, is an error and is left as it was.
func InitDB(path string) error {
	db, err := open(path, true)
	if err != nil {
		return fmt.Errorf("InitDB: %w", err)
	}
	defer db.Close()
	if _, err := db.Exec(createTable); err != nil {
		return fmt.Errorf("InitDB: store %q: %w", path, err)
	}
	return nil
}

// insertClaim inserts a new pending row with token 1, and does nothing
// when the key is already present, whatever its status or lease.
const insertClaim = `INSERT INTO keys (id, fingerprint, status, response, owner, lease_until, token) VALUES (?, ?, 'pending', NULL, ?, ?, 1) ON CONFLICT (id) DO NOTHING`

// Claim inserts key as pending, with fingerprint digest, owned by owner,
// with a lease that lapses at now + ttl and fencing token 1, and returns
// that token. A key already present (pending, done or failed, its lease
// live or lapsed) is left untouched and Claim returns 0: the caller does
// not hold it. A now that is not finite, or a ttl that is not a positive
// finite number whose lease ends after now, is an error, and nothing is
// read or written.
func Claim(path, key, digest, owner string, now, ttl float64) (token int64, err error) {
	if err := checkLease(now, ttl); err != nil {
		return 0, fmt.Errorf("Claim %q: %w", key, err)
	}
	db, err := open(path, false)
	if err != nil {
		return 0, fmt.Errorf("Claim %q: %w", key, err)
	}
	defer db.Close()
	// One row inserted is the new row, whose token is 1; none is 0.
	inserted, err := affected(db.Exec(insertClaim, key, digest, owner, now+ttl))
	if err != nil {
		return 0, fmt.Errorf("Claim %q: %w", key, err)
	}
	return inserted, nil
}

// renewLease extends the lease of the holder of the current token while
// that lease is live.
const renewLease = `UPDATE keys SET lease_until = ? WHERE id = ? AND owner = ? AND token = ? AND status = 'pending' AND lease_until > ?`

// Renew sets the lease of a pending key to lapse at now + ttl (which may
// shorten it) and reports true, when owner holds it with token and its
// lease is still live (now < lease_until). A lapsed lease, another owner
// or token, a done or failed key, an unknown key: false, and nothing
// changes. A holder whose lease lapsed must take the key over to hold it
// again. The time and ttl are checked as Claim checks them.
func Renew(path, key, owner string, token int64, now, ttl float64) (bool, error) {
	if err := checkLease(now, ttl); err != nil {
		return false, fmt.Errorf("Renew %q: %w", key, err)
	}
	return update(path, "Renew", key, renewLease, now+ttl, key, owner, token, now)
}

// Takeover gives a pending key whose lease has lapsed (lease_until <= now)
// and whose fingerprint is digest to owner, with a lease that lapses at
// now + ttl and the token raised by one, and returns the new token. The
// previous owner may take its own key over. A live lease, a done or
// failed key, another fingerprint, an unknown key: 0, and nothing
// changes. The time and ttl are checked as Claim checks them.
//
// It reads the row and writes it in one immediate transaction, which
// holds the write lock from its first read: two workers racing to take
// one key over cannot both read the lapsed lease, so one gets the next
// token and the other gets 0.
func Takeover(path, key, digest, owner string, now, ttl float64) (token int64, err error) {
	if err := checkLease(now, ttl); err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	db, err := open(path, false)
	if err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	defer tx.Rollback() // a no-op after Commit
	rows, err := tx.Query(`SELECT token FROM keys WHERE id = ? AND fingerprint = ? AND status = 'pending' AND lease_until <= ?`, key, digest, now)
	if err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	current, err := scanToken(rows)
	if err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	if current == 0 {
		return 0, nil
	}
	// The row is the one just read: the transaction holds the write lock,
	// so nobody changed it since.
	if _, err := tx.Exec(`UPDATE keys SET owner = ?, lease_until = ?, token = ? WHERE id = ?`, owner, now+ttl, current+1, key); err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	return current + 1, nil
}

// finishKey records the response of the holder of the current token.
const finishKey = `UPDATE keys SET status = 'done', response = ? WHERE id = ? AND fingerprint = ? AND status = 'pending' AND token = ?`

// Finish stores response, encoded as JSON, for a pending key whose
// fingerprint is digest and whose token equals token, marks it done and
// reports true. A lower token (a holder fenced off by a takeover or a
// compensation), a higher one (never granted), another fingerprint, a done
// or failed key, an unknown key: false, and nothing changes. The lease
// need not be live: the token, not the clock, decides who may write. A nil
// response, or one JSON cannot encode, is an error, and nothing is read or
// written.
func Finish(path, key, digest string, token int64, response any) (bool, error) {
	body, err := encode(response)
	if err != nil {
		return false, fmt.Errorf("Finish %q: %w", key, err)
	}
	return update(path, "Finish", key, finishKey, body, key, digest, token)
}

// Fetch returns the stored response of a done or failed key, decoded from
// JSON with numbers kept exact as json.Number: the definite answer a
// retry gets. A pending key (in progress) or an unknown key gives nil.
func Fetch(path, key string) (any, error) {
	db, err := open(path, false)
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	defer db.Close()
	var body string
	err = db.QueryRow(`SELECT response FROM keys WHERE id = ? AND status IN ('done', 'failed')`, key).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("Fetch %q: stored response: %w", key, err)
	}
	return v, nil
}

// Abandoned returns at most limit ids of pending keys whose lease has
// lapsed (lease_until <= now), the oldest lapse first (lease_until
// ascending, then id): the work a compensation pass should answer next.
// Done and failed keys never appear. A limit outside 1..100 is an error
// wrapping ErrInvalidLimit, and a now that is not finite an error; either
// way nothing is read.
func Abandoned(path string, now float64, limit int) ([]string, error) {
	if limit < 1 || limit > maxLimit {
		return nil, fmt.Errorf("Abandoned: %w (got %d)", ErrInvalidLimit, limit)
	}
	if err := checkTime(now); err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	db, err := open(path, false)
	if err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT id FROM keys WHERE status = 'pending' AND lease_until <= ? ORDER BY lease_until, id LIMIT ?`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("Abandoned: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	return ids, nil
}

// compensateKey fails a pending key whose lease has lapsed, and fences off
// its holder.
const compensateKey = `UPDATE keys SET status = 'failed', response = ?, token = token + 1 WHERE id = ? AND status = 'pending' AND lease_until <= ?`

// Compensate gives abandoned work a definite answer: a pending key whose
// lease has lapsed (lease_until <= now) becomes failed, with response
// stored as JSON, and its token is raised by one so that no holder can
// finish it any more; Compensate reports true. A live lease, a done or
// failed key, an unknown key: false, and nothing changes. Any lapse counts
// as abandonment; a caller that wants a grace period passes now - grace. A
// now that is not finite, a nil response or one JSON cannot encode is an
// error (checked in that order), and nothing is read or written.
func Compensate(path, key string, now float64, response any) (bool, error) {
	if err := checkTime(now); err != nil {
		return false, fmt.Errorf("Compensate %q: %w", key, err)
	}
	body, err := encode(response)
	if err != nil {
		return false, fmt.Errorf("Compensate %q: %w", key, err)
	}
	return update(path, "Compensate", key, compensateKey, body, key, now)
}

// Inspect reads one key's status, owner, lease and token: how a lease's
// state is observed. An unknown key gives status "" and zeros.
func Inspect(path, key string) (status, owner string, leaseUntil float64, token int64, err error) {
	db, err := open(path, false)
	if err != nil {
		return "", "", 0, 0, fmt.Errorf("Inspect %q: %w", key, err)
	}
	defer db.Close()
	err = db.QueryRow(`SELECT status, owner, lease_until, token FROM keys WHERE id = ?`, key).Scan(&status, &owner, &leaseUntil, &token)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", 0, 0, nil
	}
	if err != nil {
		return "", "", 0, 0, fmt.Errorf("Inspect %q: %w", key, err)
	}
	return status, owner, leaseUntil, token, nil
}

// FencingCycle shows what a fencing token is for, on an initialised store
// that does not hold key: worker "A" claims key (fingerprint "v1", now 0,
// ttl 10) and keeps the token it was granted; at now 10, the instant A's
// lease lapses, worker "B" takes the key over (ttl 10) and gets the next
// token; A, waking up, tries to finish with its own token and
// {"receipt":1}; B finishes with its token and {"receipt":2}. It returns
// the result of A's finish: false, because the takeover fenced A off, and
// the key holds B's receipt. A key already present is an error, and
// nothing changes.
func FencingCycle(path, key string) (bool, error) {
	granted, err := Claim(path, key, "v1", "A", 0, 10)
	if err != nil {
		return false, fmt.Errorf("FencingCycle: %w", err)
	}
	if granted == 0 {
		return false, fmt.Errorf("FencingCycle: key %q is already in the store; the cycle needs a key the store does not hold", key)
	}
	taken, err := Takeover(path, key, "v1", "B", 10, 10)
	if err != nil {
		return false, fmt.Errorf("FencingCycle: %w", err)
	}
	stale, err := Finish(path, key, "v1", granted, map[string]any{"receipt": 1})
	if err != nil {
		return false, fmt.Errorf("FencingCycle: %w", err)
	}
	if _, err := Finish(path, key, "v1", taken, map[string]any{"receipt": 2}); err != nil {
		return false, fmt.Errorf("FencingCycle: %w", err)
	}
	return stale, nil
}

// update runs one test-and-write statement on the store at path and
// reports whether it changed exactly one row.
func update(path, op, key, query string, args ...any) (bool, error) {
	db, err := open(path, false)
	if err != nil {
		return false, fmt.Errorf("%s %q: %w", op, key, err)
	}
	defer db.Close()
	n, err := affected(db.Exec(query, args...))
	if err != nil {
		return false, fmt.Errorf("%s %q: %w", op, key, err)
	}
	return n == 1, nil
}

// affected is how many rows the statement whose result it is given
// changed.
func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// scanToken reads the one-column result of a token query: the token, or 0
// when there is no row (tokens start at 1).
func scanToken(rows *sql.Rows) (int64, error) {
	defer rows.Close()
	var token int64
	for rows.Next() {
		if err := rows.Scan(&token); err != nil {
			return 0, err
		}
	}
	return token, rows.Err()
}

// checkTime refuses a now that is NaN or infinite: SQLite would store NaN
// as NULL, and an infinite lease never lapses or always has.
func checkTime(now float64) error {
	if math.IsNaN(now) || math.IsInf(now, 0) {
		return fmt.Errorf("now is %v, not a finite time", now)
	}
	return nil
}

// checkLease refuses what checkTime refuses, then a ttl that is not a
// positive finite number, and a lease end now + ttl that is not finite
// and later than now (a ttl lost in rounding, or an overflow).
func checkLease(now, ttl float64) error {
	if err := checkTime(now); err != nil {
		return err
	}
	if math.IsNaN(ttl) || math.IsInf(ttl, 0) || ttl <= 0 {
		return fmt.Errorf("ttl is %v, not a positive finite number of seconds", ttl)
	}
	if until := now + ttl; math.IsInf(until, 0) || until <= now {
		return fmt.Errorf("now %v + ttl %v is %v, not a finite time after now", now, ttl, until)
	}
	return nil
}

// encode is response as the JSON text the store keeps, with <, > and &
// as given rather than escaped. A nil response is refused: a finished or
// failed key needs an answer.
func encode(response any) (string, error) {
	if response == nil {
		return "", errors.New("response is nil: a finished or failed key needs one")
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(response); err != nil {
		return "", fmt.Errorf("response is not JSON-encodable: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// open returns a handle on the store at path. Only InitDB may create the
// file: every other function reports a missing store instead of leaving an
// empty database behind. A directory is refused before SQLite sees it.
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
	mode := "rw"
	if create {
		mode = "rwc"
	}
	// A file: URI, so that SQLite honours mode (rw never creates the file)
	// and a path holding '?' or '#' is escaped rather than cut short;
	// transactions begin IMMEDIATE, taking the write lock at once.
	dsn := url.URL{
		Scheme:   "file",
		Path:     filepath.ToSlash(path),
		RawQuery: fmt.Sprintf("mode=%s&_pragma=busy_timeout(%d)&_txlock=immediate", mode, busyTimeoutMS),
	}
	db, err := sql.Open(Driver, dsn.String())
	if err != nil {
		return nil, fmt.Errorf("store %q: %w", path, err)
	}
	// One connection: every function issues its statements in sequence.
	db.SetMaxOpenConns(1)
	return db, nil
}

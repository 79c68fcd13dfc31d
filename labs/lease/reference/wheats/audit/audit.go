// Package audit is a wheat of the lease lab: a second correct lease store,
// written apart from idemlab/labs/lease/reference from the lab's contract
// alone, that every lab observation must pass on. An observation that
// fails here asserts something the contract does not promise.
//
// It differs from the reference in design wherever the contract leaves a
// choice open:
//
//   - the keys table is a STRICT, WITHOUT ROWID table with CHECK
//     constraints (status, a token of at least 1);
//   - every test-and-write is one statement that returns what it wrote
//     (INSERT … ON CONFLICT DO NOTHING RETURNING token, UPDATE …
//     RETURNING token), read as a query: Takeover is one UPDATE, where the
//     reference reads the lapsed lease and writes it in one immediate
//     transaction, so no SELECT precedes its write;
//   - Fetch reads the row and decides in Go whether it has an answer;
//     Abandoned reads every pending row and orders the lapsed ones in Go
//     (lease_until, then id bytewise);
//   - it opens one connection per call through a *sql.Conn, with the busy
//     timeout and WAL in the DSN;
//   - the error texts the contract leaves open are its own (a response
//     JSON cannot encode, a stored answer that does not decode).
//
// Where an observation pins a text the contract leaves open (a missing
// store, a refused time or ttl), the store keeps the reference's words.
// The contract names one table of seven columns, so this store keeps no
// event log and no column more.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	_ "modernc.org/sqlite" // the pure-Go "sqlite" driver
)

// DefaultLimit is the batch a caller without a reason for another uses.
const DefaultLimit = 10

// ErrInvalidLimit is wrapped by a refusal of a limit outside 1..100.
var ErrInvalidLimit = errors.New("invalid limit: want an integer in 1..100")

// Driver is the database/sql driver the store opens its file with; the
// lab's harness points it at a driver that can pause a call.
var Driver = "sqlite"

const schema = `CREATE TABLE IF NOT EXISTS keys (
	id TEXT NOT NULL PRIMARY KEY,
	fingerprint TEXT NOT NULL,
	status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
	response TEXT,
	owner TEXT NOT NULL,
	lease_until REAL NOT NULL,
	token INTEGER NOT NULL CHECK (token >= 1)
) STRICT, WITHOUT ROWID`

type conn struct {
	db *sql.DB
	c  *sql.Conn
}

func connect(path string, create bool) (*conn, error) {
	if err := present(path, create); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	mode := "rw"
	if create {
		mode = "rwc"
	}
	u := &url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	u.RawQuery = "mode=" + mode + "&_pragma=busy_timeout%2810000%29"
	db, err := sql.Open(Driver, u.String())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	c, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, err
	}
	return &conn{db, c}, nil
}

// present refuses a directory, and a missing file unless create: only
// InitDB makes the store.
func present(path string, create bool) error {
	info, err := os.Stat(path)
	if err == nil {
		if info.IsDir() {
			return fmt.Errorf("store %q is a directory, not a database file", path)
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store %q: %w", path, err)
	}
	if create {
		return nil
	}
	return fmt.Errorf("store %q does not exist (InitDB creates it)", path)
}

func (c *conn) close() { c.c.Close(); c.db.Close() }

// returning runs one test-and-write statement ending in RETURNING token
// and gives the token it wrote, 0 when it wrote nothing.
func (c *conn) returning(query string, args ...any) (int64, error) {
	rows, err := c.c.QueryContext(context.Background(), query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var token int64
	for rows.Next() {
		if err := rows.Scan(&token); err != nil {
			return 0, err
		}
	}
	return token, rows.Err()
}

// call opens the store, runs one statement and wraps any error in op and
// key.
func call(path, op, key, query string, args ...any) (int64, error) {
	c, err := connect(path, false)
	if err != nil {
		return 0, fmt.Errorf("%s %q: %w", op, key, err)
	}
	defer c.close()
	token, err := c.returning(query, args...)
	if err != nil {
		return 0, fmt.Errorf("%s %q: %w", op, key, err)
	}
	return token, nil
}

// InitDB creates the keys table unless it is there, keeping every row.
func InitDB(path string) error {
	c, err := connect(path, true)
	if err != nil {
		return fmt.Errorf("InitDB: %w", err)
	}
	defer c.close()
	if _, err := c.c.ExecContext(context.Background(), schema); err != nil {
		return fmt.Errorf("InitDB: store %q: %w", path, err)
	}
	return nil
}

func finite(now float64) error {
	if math.IsNaN(now) || math.IsInf(now, 0) {
		return fmt.Errorf("now is %v, not a finite time", now)
	}
	return nil
}

func lease(now, ttl float64) (float64, error) {
	if err := finite(now); err != nil {
		return 0, err
	}
	if !(ttl > 0) || math.IsInf(ttl, 1) {
		return 0, fmt.Errorf("ttl is %v, not a positive finite number of seconds", ttl)
	}
	until := now + ttl
	if math.IsInf(until, 0) || !(until > now) {
		return 0, fmt.Errorf("now %v + ttl %v gives %v, not a finite time after now", now, ttl, until)
	}
	return until, nil
}

func encode(response any) (string, error) {
	if response == nil {
		return "", errors.New("response is nil, and a key that ends needs an answer")
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(response); err != nil {
		return "", fmt.Errorf("cannot keep this response as JSON: %w", err)
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

// Claim inserts key as pending for owner with token 1, unless present.
func Claim(path, key, digest, owner string, now, ttl float64) (int64, error) {
	until, err := lease(now, ttl)
	if err != nil {
		return 0, fmt.Errorf("Claim %q: %w", key, err)
	}
	return call(path, "Claim", key, `INSERT INTO keys (id, fingerprint, status, response, owner, lease_until, token)
		VALUES (?, ?, 'pending', NULL, ?, ?, 1) ON CONFLICT DO NOTHING RETURNING token`, key, digest, owner, until)
}

// Renew extends a live lease of the current holder.
func Renew(path, key, owner string, token int64, now, ttl float64) (bool, error) {
	until, err := lease(now, ttl)
	if err != nil {
		return false, fmt.Errorf("Renew %q: %w", key, err)
	}
	t, err := call(path, "Renew", key, `UPDATE keys SET lease_until = ?
		WHERE id = ? AND status = 'pending' AND owner = ? AND token = ? AND ? < lease_until RETURNING token`, until, key, owner, token, now)
	return t != 0, err
}

// Takeover hands a lapsed lease of the same fingerprint to owner, in one
// statement.
func Takeover(path, key, digest, owner string, now, ttl float64) (int64, error) {
	until, err := lease(now, ttl)
	if err != nil {
		return 0, fmt.Errorf("Takeover %q: %w", key, err)
	}
	return call(path, "Takeover", key, `UPDATE keys SET owner = ?, lease_until = ?, token = token + 1
		WHERE id = ? AND fingerprint = ? AND status = 'pending' AND lease_until <= ? RETURNING token`, owner, until, key, digest, now)
}

// Finish stores the answer of the holder of the current token.
func Finish(path, key, digest string, token int64, response any) (bool, error) {
	body, err := encode(response)
	if err != nil {
		return false, fmt.Errorf("Finish %q: %w", key, err)
	}
	t, err := call(path, "Finish", key, `UPDATE keys SET status = 'done', response = ?
		WHERE id = ? AND fingerprint = ? AND token = ? AND status = 'pending' RETURNING token`, body, key, digest, token)
	return t != 0, err
}

// Fetch gives the answer of a done or failed key, nil otherwise.
func Fetch(path, key string) (any, error) {
	c, err := connect(path, false)
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	defer c.close()
	var status string
	var body sql.NullString
	err = c.c.QueryRowContext(context.Background(), `SELECT status, response FROM keys WHERE id = ?`, key).Scan(&status, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	if status == "pending" {
		return nil, nil
	}
	dec := json.NewDecoder(strings.NewReader(body.String))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("Fetch %q: the answer kept for it does not decode: %v", key, err)
	}
	return v, nil
}

// Abandoned lists pending keys whose lease lapsed by now, oldest lapse
// first.
func Abandoned(path string, now float64, limit int) ([]string, error) {
	if limit < 1 || limit > 100 {
		return nil, fmt.Errorf("Abandoned: %w (got %d)", ErrInvalidLimit, limit)
	}
	if err := finite(now); err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	c, err := connect(path, false)
	if err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	defer c.close()
	rows, err := c.c.QueryContext(context.Background(), `SELECT id, lease_until FROM keys WHERE status = 'pending'`)
	if err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	defer rows.Close()
	type lapsed struct {
		id    string
		until float64
	}
	var found []lapsed
	for rows.Next() {
		var l lapsed
		if err := rows.Scan(&l.id, &l.until); err != nil {
			return nil, fmt.Errorf("Abandoned: %w", err)
		}
		if l.until <= now {
			found = append(found, l)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("Abandoned: %w", err)
	}
	slices.SortFunc(found, func(a, b lapsed) int {
		switch {
		case a.until < b.until:
			return -1
		case a.until > b.until:
			return 1
		}
		return strings.Compare(a.id, b.id)
	})
	ids := []string{}
	for _, l := range found[:min(limit, len(found))] {
		ids = append(ids, l.id)
	}
	return ids, nil
}

// Compensate fails a pending key whose lease lapsed, raising its token.
func Compensate(path, key string, now float64, response any) (bool, error) {
	if err := finite(now); err != nil {
		return false, fmt.Errorf("Compensate %q: %w", key, err)
	}
	body, err := encode(response)
	if err != nil {
		return false, fmt.Errorf("Compensate %q: %w", key, err)
	}
	t, err := call(path, "Compensate", key, `UPDATE keys SET status = 'failed', response = ?, token = token + 1
		WHERE id = ? AND status = 'pending' AND lease_until <= ? RETURNING token`, body, key, now)
	return t != 0, err
}

// Inspect reads one key's status, owner, lease and token.
func Inspect(path, key string) (status, owner string, leaseUntil float64, token int64, err error) {
	c, err := connect(path, false)
	if err != nil {
		return "", "", 0, 0, fmt.Errorf("Inspect %q: %w", key, err)
	}
	defer c.close()
	// An aggregate over the key's one row or none answers one row always:
	// an unknown key reads as "" and zeros without a case of its own.
	err = c.c.QueryRowContext(context.Background(), `SELECT ifnull(max(status), ''), ifnull(max(owner), ''),
		ifnull(max(lease_until), 0.0), ifnull(max(token), 0) FROM keys WHERE id = ?`, key).Scan(&status, &owner, &leaseUntil, &token)
	if err != nil {
		return "", "", 0, 0, fmt.Errorf("Inspect %q: %w", key, err)
	}
	return status, owner, leaseUntil, token, nil
}

// FencingCycle claims for A, takes over for B at 10, lets A's stale
// finish fail and B's succeed, and returns A's result.
func FencingCycle(path, key string) (bool, error) {
	fail := func(err error) (bool, error) { return false, fmt.Errorf("FencingCycle: %w", err) }
	mine, err := Claim(path, key, "v1", "A", 0, 10)
	switch {
	case err != nil:
		return fail(err)
	case mine == 0:
		return fail(fmt.Errorf("key %q is already in the store, and the cycle wants one it does not hold", key))
	}
	theirs, err := Takeover(path, key, "v1", "B", 10, 10)
	if err != nil {
		return fail(err)
	}
	// A keeps the token of its own grant; B writes with the one its
	// takeover returned.
	receipt := func(n int) any { return map[string]any{"receipt": n} }
	stale, err := Finish(path, key, "v1", mine, receipt(1))
	if err == nil {
		_, err = Finish(path, key, "v1", theirs, receipt(2))
	}
	if err != nil {
		return fail(err)
	}
	return stale, nil
}

// Package ledger is a wheat of the idempotency-key store lab: a second
// correct store, written apart from idemlab/reference from the lab's
// contract alone, that every lab observation must pass on. An observation
// that fails here asserts something the contract does not promise.
//
// It differs from the reference in design wherever the contract leaves a
// choice open:
//
//   - the keys table is a WITHOUT ROWID table (the id is the clustered
//     key) with CHECK constraints on status, and no secondary index;
//   - every write runs in an explicit BEGIN IMMEDIATE on one connection,
//     reads first and writes after: Reserve looks the key up and inserts
//     only when it is absent, Finish reads the row, decides in Go and
//     updates it by id;
//   - Fetch, Expired, Purge and Drain read the rows and decide in Go which
//     replay or which are purge candidates (status, expires, bytewise id
//     order, the limit), where the reference asks SQL;
//   - a purge deletes its batch in one DELETE … WHERE id IN (…);
//   - a drain does not rest between its batches;
//   - the connection carries WAL and the busy timeout in its DSN on every
//     open, rather than setting WAL once in InitDB;
//   - the error texts the contract leaves open are its own (an
//     unencodable response, a stored row that does not decode).
//
// Where an observation pins a text or a behaviour the contract leaves
// open, the store keeps the reference's (see the lab's doc: the texts of a
// missing store or directory, of a refused limit or time, and WAL, which
// init_fails_on_a_read_only_store needs to see a read-only store).
package ledger

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	_ "modernc.org/sqlite" // the pure-Go "sqlite" driver
)

// The names the contract fixes, as the reference has them.
var (
	// Driver names the database/sql driver of every open; the harness
	// swaps in one that can pause a call.
	Driver = "sqlite"
	// ErrInvalidLimit is what a limit outside 1..100 is refused with.
	ErrInvalidLimit = errors.New("invalid limit: want an integer in 1..100")
)

// DefaultLimit is the batch size when the caller has none in mind.
const DefaultLimit = 10

const schema = `CREATE TABLE IF NOT EXISTS keys (
	id TEXT NOT NULL PRIMARY KEY,
	fingerprint TEXT NOT NULL,
	status TEXT NOT NULL CHECK (status IN ('pending', 'done')),
	response TEXT,
	expires REAL NOT NULL
) WITHOUT ROWID`

// store is one open store: a single connection.
type store struct {
	db   *sql.DB
	conn *sql.Conn
}

func connect(path string, create bool) (*store, error) {
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return nil, fmt.Errorf("store %q is a directory, not a database file", path)
	case err != nil && os.IsNotExist(err) && !create:
		return nil, fmt.Errorf("store %q does not exist (InitDB creates it)", path)
	case err != nil && !os.IsNotExist(err):
		return nil, fmt.Errorf("store %q: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Set("mode", map[bool]string{true: "rwc", false: "rw"}[create])
	q.Add("_pragma", "busy_timeout(10000)")
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	db, err := sql.Open(Driver, u.String())
	if err != nil {
		return nil, err
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, err
	}
	return &store{db: db, conn: conn}, nil
}

func (s *store) close() {
	s.conn.Close()
	s.db.Close()
}

// write runs f inside BEGIN IMMEDIATE, committing when it returns nil.
func (s *store) write(f func(ctx context.Context) error) error {
	ctx := context.Background()
	if _, err := s.conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	if err := f(ctx); err != nil {
		s.conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	if _, err := s.conn.ExecContext(ctx, "COMMIT"); err != nil {
		s.conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	return nil
}

// InitDB creates the keys table unless it is there, keeping every row.
func InitDB(path string) error {
	s, err := connect(path, true)
	if err != nil {
		return fmt.Errorf("InitDB: %w", err)
	}
	defer s.close()
	ctx := context.Background()
	var mode string
	if err := s.conn.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode); err != nil {
		return fmt.Errorf("InitDB: %w", err)
	}
	if _, err := s.conn.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("InitDB: %w", err)
	}
	return nil
}

func nan(name string, v float64) error {
	if math.IsNaN(v) {
		return fmt.Errorf("%s is NaN", name)
	}
	return nil
}

// Reserve adds key as pending unless the store holds it already.
func Reserve(path, key, digest string, expires float64) (bool, error) {
	if err := nan("expires", expires); err != nil {
		return false, fmt.Errorf("Reserve %q: %w", key, err)
	}
	s, err := connect(path, false)
	if err != nil {
		return false, fmt.Errorf("Reserve %q: %w", key, err)
	}
	defer s.close()
	added := false
	err = s.write(func(ctx context.Context) error {
		var n int
		if err := s.conn.QueryRowContext(ctx, `SELECT count(*) FROM keys WHERE id = ?`, key).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		_, err := s.conn.ExecContext(ctx, `INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, ?, 'pending', NULL, ?)`, key, digest, expires)
		added = err == nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("Reserve %q: %w", key, err)
	}
	return added, nil
}

// Finish stores response for a pending key of fingerprint digest.
func Finish(path, key, digest string, response any) (bool, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(response); err != nil {
		return false, fmt.Errorf("Finish %q: cannot store this response as JSON: %w", key, err)
	}
	text := strings.TrimRight(buf.String(), "\n")
	s, err := connect(path, false)
	if err != nil {
		return false, fmt.Errorf("Finish %q: %w", key, err)
	}
	defer s.close()
	done := false
	err = s.write(func(ctx context.Context) error {
		var fp, status string
		err := s.conn.QueryRowContext(ctx, `SELECT fingerprint, status FROM keys WHERE id = ?`, key).Scan(&fp, &status)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && (fp != digest || status != "pending")) {
			return nil
		}
		if err != nil {
			return err
		}
		_, err = s.conn.ExecContext(ctx, `UPDATE keys SET status = 'done', response = ? WHERE id = ?`, text, key)
		done = err == nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("Finish %q: %w", key, err)
	}
	return done, nil
}

// Fetch replays a done key's response while now is before its expiry.
func Fetch(path, key string, now float64) (any, error) {
	if err := nan("now", now); err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	s, err := connect(path, false)
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	defer s.close()
	var status string
	var body sql.NullString
	var expires float64
	err = s.conn.QueryRowContext(context.Background(), `SELECT status, response, expires FROM keys WHERE id = ?`, key).Scan(&status, &body, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("Fetch %q: %w", key, err)
	}
	if status != "done" || !(now < expires) {
		return nil, nil
	}
	dec := json.NewDecoder(strings.NewReader(body.String))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || !body.Valid {
		return nil, fmt.Errorf("Fetch %q: the stored response does not decode: %v", key, err)
	}
	return v, nil
}

func checkLimit(limit int) error {
	if limit < 1 || limit > 100 {
		return fmt.Errorf("%w (got %d)", ErrInvalidLimit, limit)
	}
	return nil
}

// candidates reads every done row and returns, in bytewise id order, the
// ids (above after, or all when first) expired by now, at most limit.
func candidates(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, now float64, limit int, after string, first bool) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, expires FROM keys WHERE status = 'done'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		var expires float64
		if err := rows.Scan(&id, &expires); err != nil {
			return nil, err
		}
		if expires <= now && (first || id > after) {
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.Sort(ids)
	return ids[:min(limit, len(ids))], nil
}

func checked(name string, now float64, limit int) error {
	if err := checkLimit(limit); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := nan("now", now); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// Expired lists what a purge at now would delete.
func Expired(path string, now float64, limit int) ([]string, error) {
	if err := checked("Expired", now, limit); err != nil {
		return nil, err
	}
	s, err := connect(path, false)
	if err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	defer s.close()
	ids, err := candidates(context.Background(), s.conn, now, limit, "", true)
	if err != nil {
		return nil, fmt.Errorf("Expired: %w", err)
	}
	return ids, nil
}

// batch chooses and deletes one batch in one immediate transaction.
func (s *store) batch(now float64, limit int, after string, first bool) ([]string, error) {
	var ids []string
	err := s.write(func(ctx context.Context) error {
		var err error
		ids, err = candidates(ctx, s.conn, now, limit, after, first)
		if err != nil || len(ids) == 0 {
			return err
		}
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
		_, err = s.conn.ExecContext(ctx, `DELETE FROM keys WHERE id IN (`+marks+`)`, args...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// purging checks a purge's arguments and opens the store for it.
func purging(name, path string, now float64, limit int) (*store, error) {
	if err := checked(name, now, limit); err != nil {
		return nil, err
	}
	s, err := connect(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// Purge deletes one batch of expired done rows, lowest ids first.
func Purge(path string, now float64, limit int) ([]string, error) {
	s, err := purging("Purge", path, now, limit)
	if err != nil {
		return nil, err
	}
	defer s.close()
	ids, err := s.batch(now, limit, "", true)
	if err != nil {
		return nil, fmt.Errorf("Purge: %w", err)
	}
	return ids, nil
}

// Drain purges the whole backlog at now, each batch after the last id the
// one before deleted.
func Drain(path string, now float64, limit int, progress func(batch []string, total int)) (int, error) {
	s, err := purging("Drain", path, now, limit)
	if err != nil {
		return 0, err
	}
	defer s.close()
	total, after, first := 0, "", true
	for {
		ids, err := s.batch(now, limit, after, first)
		if err != nil {
			return total, fmt.Errorf("Drain: %w", err)
		}
		first = false
		if len(ids) == 0 {
			return total, nil
		}
		total += len(ids)
		after = ids[len(ids)-1]
		if progress != nil {
			progress(ids, total)
		}
		if len(ids) < limit {
			return total, nil
		}
	}
}

// Counts counts pending and done rows.
func Counts(path string) (map[string]int, error) {
	s, err := connect(path, false)
	if err != nil {
		return nil, fmt.Errorf("Counts: %w", err)
	}
	defer s.close()
	rows, err := s.conn.QueryContext(context.Background(), `SELECT status, count(*) FROM keys GROUP BY status`)
	if err != nil {
		return nil, fmt.Errorf("Counts: %w", err)
	}
	defer rows.Close()
	counts := map[string]int{"pending": 0, "done": 0}
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return nil, fmt.Errorf("Counts: %w", err)
		}
		counts[status] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("Counts: %w", err)
	}
	return counts, nil
}

// RetentionCycle reserves, finishes, purges at 10 and reserves key again.
func RetentionCycle(path, key string) (bool, error) {
	ok, err := Reserve(path, key, "v1", 10)
	if err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	if !ok {
		return false, fmt.Errorf("RetentionCycle: key %q is already in the store, and the cycle wants a new one", key)
	}
	if _, err := Finish(path, key, "v1", map[string]any{"receipt": 1}); err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	if _, err := Purge(path, 10, DefaultLimit); err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	ok, err = Reserve(path, key, "v2", 20)
	if err != nil {
		return false, fmt.Errorf("RetentionCycle: %w", err)
	}
	return ok, nil
}

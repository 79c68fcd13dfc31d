package killmatrix_test

// The cost of one observation, against the floor of what it asks SQLite to
// do. Run with
//
//	go test -run '^$' -bench Cost -benchmem ./harness/killmatrix
//
// Four levels, each on a memory-backed directory and on disk:
//
//   - Floor: the SQL statements the reference issues for the observation,
//     on one open connection: the least any implementation could do.
//   - Harness: the observation run by the harness against a store kept in
//     a Go map, so that what remains is the harness alone: the work
//     directory, testscript parsing the script and checking its output,
//     and the in-process idem command.
//   - Store: the observation's calls made directly on the reference, which
//     opens a connection per call.
//   - Observation: happy/finish_then_fetch_replays run by the harness on
//     the reference: Harness and Store together.
//
// Harness over Floor is the figure the harness answers for. Store over
// Floor is the price of the reference's path-based API and belongs to the
// lab's subject: a connection kept open across calls would skip it, but
// would go on holding a store file after it was deleted or replaced at the
// same path, which SQLite's own documentation lists among the ways to
// corrupt a database.

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/reference"
	"idemlab/reference/idem"
)

func costDirs(b *testing.B) map[string]string {
	dirs := map[string]string{"disk": os.TempDir()}
	if shm := killmatrix.MemoryTempDir(); shm != os.TempDir() {
		dirs["memory"] = shm
	}
	return dirs
}

func BenchmarkCostFloor(b *testing.B) {
	for name, root := range costDirs(b) {
		b.Run(name, func(b *testing.B) {
			dir, err := os.MkdirTemp(root, "cost-")
			if err != nil {
				b.Fatal(err)
			}
			defer os.RemoveAll(dir)
			db, err := sql.Open("sqlite", filepath.Join(dir, "store.db")+"?_pragma=busy_timeout(10000)")
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			db.SetMaxOpenConns(1)
			// The statements the reference issues for the script's four
			// commands, with the same parameters: init really creates the
			// table and its index, as it does on the script's new store.
			for b.Loop() {
				mustExec(b, db, `PRAGMA journal_mode = WAL`)
				mustExec(b, db, `CREATE TABLE IF NOT EXISTS keys (id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status TEXT NOT NULL, response TEXT, expires REAL NOT NULL)`)
				mustExec(b, db, `CREATE INDEX IF NOT EXISTS keys_status_id_expires ON keys (status, id, expires)`)
				mustExec(b, db, `INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, ?, 'pending', NULL, ?) ON CONFLICT (id) DO NOTHING`, "k1", "v1", 10.0)
				mustExec(b, db, `UPDATE keys SET status = 'done', response = ? WHERE id = ? AND fingerprint = ? AND status = 'pending'`, `{"receipt":1}`, "k1", "v1")
				var response string
				if err := db.QueryRow(`SELECT response FROM keys WHERE id = ? AND status = 'done' AND expires > ?`, "k1", 5.0).Scan(&response); err != nil {
					b.Fatal(err)
				}
				// The next iteration starts from an empty file, as a script
				// does; dropping the table is not the script's, so it is
				// not timed.
				b.StopTimer()
				mustExec(b, db, `DROP TABLE keys`)
				b.StartTimer()
			}
		})
	}
}

func mustExec(b *testing.B, db *sql.DB, query string, args ...any) {
	if _, err := db.Exec(query, args...); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkCostStore(b *testing.B) {
	for name, root := range costDirs(b) {
		b.Run(name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				i++
				dir, err := os.MkdirTemp(root, "cost-")
				if err != nil {
					b.Fatal(err)
				}
				path := filepath.Join(dir, "store.db")
				ok1 := reference.InitDB(path)
				ok2, _ := reference.Reserve(path, "k1", "v1", 10)
				ok3, _ := reference.Finish(path, "k1", "v1", map[string]any{"receipt": 1})
				v, err := reference.Fetch(path, "k1", 5)
				if ok1 != nil || !ok2 || !ok3 || err != nil || v == nil {
					b.Fatalf("iteration %d: %v %v %v %v %v", i, ok1, ok2, ok3, v, err)
				}
				os.RemoveAll(dir)
			}
		})
	}
}

func BenchmarkCostObservation(b *testing.B) {
	benchObservation(b, func() lab.Impl { return ref() })
}

func BenchmarkCostHarness(b *testing.B) {
	m := &mapStore{}
	s := m.impl()
	benchObservation(b, func() lab.Impl {
		m.stores = map[string]map[string]*mapRow{} // every script has a new store
		return s
	})
}

// benchObservation runs happy/finish_then_fetch_replays with the harness,
// on a memory-backed directory and on disk, against the implementation
// that store returns before each run.
func benchObservation(b *testing.B, store func() lab.Impl) {
	o, err := killmatrix.Load(killmatrix.KindHappy, filepath.Join("..", "..", "testdata", "happy", "finish_then_fetch_replays.txtar"))
	if err != nil {
		b.Fatal(err)
	}
	for name, root := range costDirs(b) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if r := run(store(), o, time.Minute, root); r.Status != outcome.Pass {
					b.Fatalf("%s: %s", r.Status, fmt.Sprint(r.Message))
				}
			}
		})
	}
}

// mapStore keeps each store in a Go map: the contract's InitDB, Reserve,
// Finish and Fetch without SQLite, so that running a script on it costs
// the harness and nothing else. The script's own checks confirm it behaves
// as the reference does on the benchmark's observation.
type mapStore struct {
	mu     sync.Mutex
	stores map[string]map[string]*mapRow
}

type mapRow struct {
	digest, status, response string
	expires                  float64
}

// impl returns m as an implementation; only the four functions the
// benchmark's observation calls work.
func (m *mapStore) impl() lab.Impl {
	unused := errors.New("not used by the cost benchmark")
	return lab.Impl{Name: "map", Value: idem.API{
		InitDB:          m.initDB,
		Reserve:         m.reserve,
		Finish:          m.finish,
		Fetch:           m.fetch,
		Expired:         func(string, float64, int) ([]string, error) { return nil, unused },
		Purge:           func(string, float64, int) ([]string, error) { return nil, unused },
		Drain:           func(string, float64, int, func([]string, int)) (int, error) { return 0, unused },
		Counts:          func(string) (map[string]int, error) { return nil, unused },
		RetentionCycle:  func(string, string) (bool, error) { return false, unused },
		DefaultLimit:    reference.DefaultLimit,
		ErrInvalidLimit: &reference.ErrInvalidLimit,
	}}
}

func (m *mapStore) initDB(path string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stores[path] == nil {
		m.stores[path] = map[string]*mapRow{}
	}
	return nil
}

func (m *mapStore) store(path string) (map[string]*mapRow, error) {
	s := m.stores[path]
	if s == nil {
		return nil, fmt.Errorf("store %q does not exist", path)
	}
	return s, nil
}

func (m *mapStore) reserve(path, key, digest string, expires float64) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.store(path)
	if err != nil || s[key] != nil {
		return false, err
	}
	s[key] = &mapRow{digest: digest, status: "pending", expires: expires}
	return true, nil
}

func (m *mapStore) finish(path, key, digest string, response any) (bool, error) {
	text, err := json.Marshal(response)
	if err != nil {
		return false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.store(path)
	if err != nil {
		return false, err
	}
	r := s[key]
	if r == nil || r.digest != digest || r.status != "pending" {
		return false, nil
	}
	r.status, r.response = "done", string(text)
	return true, nil
}

func (m *mapStore) fetch(path, key string, now float64) (any, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.store(path)
	if err != nil {
		return nil, err
	}
	r := s[key]
	if r == nil || r.status != "done" || !(r.expires > now) {
		return nil, nil
	}
	dec := json.NewDecoder(strings.NewReader(r.response))
	dec.UseNumber()
	var v any
	return v, dec.Decode(&v)
}

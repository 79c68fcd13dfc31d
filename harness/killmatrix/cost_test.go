package killmatrix_test

// The cost of one observation, against the floor of what it asks SQLite to
// do. Run with
//
//	go test -run '^$' -bench Cost -benchmem ./harness/killmatrix
//
// Three levels, each on a memory-backed directory and on disk:
//
//   - Floor: the observation's SQL statements on one open connection, the
//     least any implementation could do.
//   - Store: the same operations through the reference's API, which opens a
//     connection per call as the contract's path-based API requires.
//   - Observation: happy/finish_then_fetch_replays run by the harness:
//     testscript parsing the script, a work directory, the in-process idem
//     command, and the store.
//
// Observation over Store is the harness's own overhead; Store over Floor is
// the store's, and belongs to the lab's subject, not to the harness.

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
	"idemlab/reference"
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
			path := filepath.Join(dir, "store.db")
			if err := reference.InitDB(path); err != nil {
				b.Fatal(err)
			}
			db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			for b.Loop() {
				mustExec(b, db, `CREATE TABLE IF NOT EXISTS keys (id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status TEXT NOT NULL, response TEXT, expires REAL NOT NULL)`)
				mustExec(b, db, `INSERT INTO keys (id, fingerprint, status, response, expires) VALUES ('k1', 'v1', 'pending', NULL, 10) ON CONFLICT (id) DO NOTHING`)
				mustExec(b, db, `UPDATE keys SET status = 'done', response = '{"receipt":1}' WHERE id = 'k1' AND fingerprint = 'v1' AND status = 'pending'`)
				var response string
				if err := db.QueryRow(`SELECT response FROM keys WHERE id = 'k1' AND status = 'done' AND expires > 5`).Scan(&response); err != nil {
					b.Fatal(err)
				}
				mustExec(b, db, `DELETE FROM keys`) // the next iteration starts empty, as a script does
			}
		})
	}
}

func mustExec(b *testing.B, db *sql.DB, query string) {
	if _, err := db.Exec(query); err != nil {
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
	o, err := killmatrix.Load(killmatrix.KindHappy, filepath.Join("..", "..", "testdata", "happy", "finish_then_fetch_replays.txtar"))
	if err != nil {
		b.Fatal(err)
	}
	for name, root := range costDirs(b) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if r := killmatrix.Run(impl.Reference, o, time.Minute, root); r.Status != killmatrix.Pass {
					b.Fatalf("%s: %s", r.Status, fmt.Sprint(r.Message))
				}
			}
		})
	}
}

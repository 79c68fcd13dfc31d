package sqlpause_test

import (
	"database/sql"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/sqlpause"
)

// A purge that selects and deletes in one BEGIN IMMEDIATE transaction holds
// the write lock across the pause: another connection's write, injected
// right after the SELECT, is refused at once, and the purge's result stands.
func Example() {
	dir, err := os.MkdirTemp("", "sqlpause-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "store.db")
	// The store's DSN: a file: URI with a busy timeout and immediate
	// transactions.
	dsn := (&url.URL{
		Scheme:   "file",
		Path:     filepath.ToSlash(path),
		RawQuery: "mode=rwc&_pragma=busy_timeout(10000)&_txlock=immediate",
	}).String()

	db, err := sql.Open(sqlpause.DriverName, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		`PRAGMA journal_mode = WAL`,
		`CREATE TABLE keys (id TEXT PRIMARY KEY, status TEXT NOT NULL, expires REAL NOT NULL)`,
		`INSERT INTO keys VALUES ('a', 'done', 5), ('b', 'done', 5), ('c', 'pending', 5)`,
	} {
		if _, err := db.Exec(q); err != nil {
			log.Fatal(err)
		}
	}

	disarm := sqlpause.Pause(path, func() {
		// The purge below has run its SELECT and waits. This handle is
		// new, so its connection has busy_timeout 0.
		other, err := sql.Open(sqlpause.DriverName, dsn)
		if err != nil {
			log.Fatal(err)
		}
		defer other.Close()
		_, err = other.Exec(`UPDATE keys SET status = 'pending' WHERE id = 'a'`)
		fmt.Println("write during the pause refused:", err != nil && strings.Contains(err.Error(), "database is locked"))
	})

	tx, err := db.Begin() // BEGIN IMMEDIATE: the write lock, before the SELECT
	if err != nil {
		log.Fatal(err)
	}
	defer tx.Rollback()
	rows, err := tx.Query(`SELECT id FROM keys WHERE status = 'done' AND expires <= 10 ORDER BY id`)
	if err != nil {
		log.Fatal(err)
	}
	var ids []string
	for rows.Next() { // the last Next closes the rows: the pause runs there
		var id string
		if err := rows.Scan(&id); err != nil {
			log.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	for _, id := range ids {
		if _, err := tx.Exec(`DELETE FROM keys WHERE id = ?`, id); err != nil {
			log.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		log.Fatal(err)
	}
	fmt.Println("purged:", ids)
	fmt.Println("pause fired:", disarm())
	// Output:
	// write during the pause refused: true
	// purged: [a b]
	// pause fired: true
}

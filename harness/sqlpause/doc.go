// Package sqlpause makes one interleaving of two SQLite connections
// happen on purpose: it stops a connection right after a SELECT, lets a
// function of the caller's act on the same database file from other
// connections, and then lets the first connection go on.
//
// # Why
//
// The store's Purge must select its batch and delete it in one transaction.
// The reference opens connections with _txlock=immediate, so its BEGIN takes
// the write lock before the SELECT, and no other writer can change a row
// between choosing the batch and deleting it. A mutant that runs its SELECT
// before BEGIN returns the same ids on every sequential script: the two
// differ only when another writer commits between that SELECT and the
// DELETE. Waiting for a scheduler to produce that interleaving makes a flaky
// test; this package produces it every time.
//
// # Use
//
// The package registers a database/sql driver named [DriverName] that wraps
// modernc.org/sqlite's "sqlite" driver: open the database with
// sql.Open(sqlpause.DriverName, dsn) and the same DSN. Then arm a pause for
// the database file:
//
//	disarm := sqlpause.Pause("/abs/path/store.db", func() {
//		// Runs after the next SELECT on store.db, while the connection
//		// that ran it waits. Open new handles here, with DriverName.
//	})
//	ids, err := purge(...) // a function that runs a SELECT on store.db
//	fired := disarm()      // true: the function ran
//
// # Semantics
//
// A pause belongs to one database file, named by its absolute path. The
// driver finds a connection's file in its DSN: for a "file:" URI such as
// file:/abs/path/store.db?mode=rw&_pragma=busy_timeout(10000)&_txlock=immediate
// (or file:///abs/...) the path is what comes before the query, with %HH
// escapes decoded; for a plain name, what comes before a '?'. A relative
// name is made absolute against the working directory, as SQLite does. An
// in-memory database (":memory:", mode=memory) has no file and never pauses.
// Symbolic links are not resolved: spell the path in [Pause] as the DSN
// does (the store uses filepath.Abs, and so does Pause).
//
// A SELECT is a query whose first keyword, after whitespace and comments, is
// SELECT or WITH, made through QueryContext or through a prepared
// statement's Query or QueryContext (that is, db.Query, db.QueryRow, tx.Query,
// stmt.Query and their context forms). It finishes when its rows are closed:
// by rows.Close, by rows.Next returning false, or by Row.Scan. Exec never
// counts, nor does a PRAGMA or an INSERT ... RETURNING made with Query. A
// SELECT counts when the pause is armed both when the query starts and when
// its rows close.
//
// When the SELECT a pause waits for finishes (the first for [Pause], the nth
// for [PauseAfter]), its function runs synchronously, on the goroutine
// closing the rows, after the driver's rows have been closed and before
// database/sql's Close (or Next, or Scan) returns: the paused connection has
// finished the statement and issues nothing more until the function
// returns. Inside a transaction it still holds whatever the transaction
// holds; outside one (autocommit) it holds no lock at all, since closing
// the rows of a one-shot query finalizes the statement and ends its read.
// A pause fires at most once; disarming it first means it never fires.
//
// While the function runs, every connection that opens to the same file,
// from any goroutine, is quiet: the driver runs PRAGMA busy_timeout = 0 on
// it right after it opens (after the DSN's own _pragma settings), and its
// SELECTs never count toward a pause. A connection keeps that for its whole
// life, also when a sql.DB pools it after the function returned;
// connections opened after the function returns are ordinary again. A
// connection that was already open keeps its busy timeout.
//
// Files are independent: pauses on different paths may be armed, fire and
// run at the same time from any number of goroutines. A file has at most one
// armed pause at a time; the function may arm the next one.
//
// # Why busy_timeout 0
//
// The paused connection cannot release its locks before the function
// returns. An ordinary connection opened by the function, with the store's
// busy_timeout of ten seconds, would wait that long for a lock the paused
// connection holds, and then fail anyway. With busy_timeout 0 a write that
// needs the lock fails at once with SQLITE_BUSY, "database is locked", so
// the test learns in microseconds what a real writer would have had to wait
// for. Such a writer would have applied its write after the paused
// transaction committed: a test that retries the failed write once the
// paused call has returned reproduces that outcome exactly. Reads do not
// wait for the lock while the paused transaction holds only SQLite's
// reserved lock, as it does before its commit in WAL mode (the first
// lab's store) and in the default rollback journal (the lease lab's), and
// see the state before the paused transaction.
//
// With the reference's Purge (BEGIN IMMEDIATE; SELECT; DELETE ...; COMMIT)
// a write injected after the SELECT fails with "database is locked"; with
// the mutant's (SELECT; BEGIN; DELETE ...; COMMIT) it succeeds, and the
// mutant's DELETE by id then removes what the other writer just wrote.
//
// # Transparency
//
// Unarmed, the driver adds one atomic load per connection open and per
// query, and hands out modernc.org/sqlite's own transactions, results and
// rows. Connections implement ConnBeginTx, ConnPrepareContext,
// ExecerContext, QueryerContext, Pinger, SessionResetter, Validator and
// NamedValueChecker by delegating (a missing method answers as database/sql
// would without it: ErrSkip, nil or true). A prepared SELECT, and the rows of
// a SELECT that counts, are wrapped; wrapped rows delegate the column type
// methods. The DSN reaches the wrapped driver unchanged, so _pragma,
// _txlock and every other key work as with "sqlite". sql.Conn.Raw hands
// out the wrapper; its method Unwrap() driver.Conn returns modernc.org/sqlite's
// connection, for its own methods (Serialize, NewBackup, ...).
//
// # Limits
//
//   - The function must not use the *sql.DB, *sql.Tx or *sql.Conn of the
//     paused call: database/sql holds that connection's lock while the
//     function runs (and the store's handles have one connection), so it
//     would wait forever. It must open new handles, with [DriverName]: a
//     handle opened with "sqlite" is not quiet, and a write on it waits out
//     the DSN's busy_timeout.
//   - A function that blocks blocks the paused call with it; there is no
//     timeout. A function that panics panics out of the database/sql call
//     that closed the rows, which then never gives its connection back to
//     the pool: treat that handle as lost. The file itself is left clean
//     (connections opening afterwards are ordinary).
//   - When database/sql closes rows itself, because the query's context was
//     canceled or its transaction ended with the rows still open, the
//     function runs on that goroutine.
//   - The pause sees statements, not their effects: any SELECT on the file
//     counts, whatever it reads.
//   - Other drivers, or a process other than this one, are not seen; a
//     connection opened by another process is never quiet.
//   - With modernc.org/sqlite, a transaction begun with
//     sql.TxOptions{ReadOnly: true} is a plain (deferred) BEGIN even under
//     _txlock=immediate, so it takes no write lock before its SELECT.
package sqlpause

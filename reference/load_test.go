package reference_test

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"idemlab/reference"
)

// TestLoadProcesses puts one store file under load from several processes
// at once, as a real deployment would: the test binary re-executes itself
// (see TestMain) as worker processes that reserve, finish and fetch keys
// in a small shared key space, so that keys collide across processes; one
// of them also purges and drains at an advancing now, and a reader process
// compares Counts with the table while it holds the write lock. Each
// process writes every call it made and its result to a JSON-lines log;
// the parent reads the logs and the final rows and checks the contract
// held under contention:
//
//   - no call returned an error (in particular none saying "locked" or
//     "busy": the busy timeout absorbs every wait for the write lock);
//   - each key was won by exactly as many reserves as the key's lifetimes:
//     a race key (expiring far in the future, never purgeable) by exactly
//     one reserver across all processes, a short-lived key once more than
//     the times it was purged;
//   - no pending row was ever deleted, and no done row before it expired:
//     every id a purge or drain returned was finished and expired at that
//     now, and every key still pending or live is present at the end;
//   - Counts agreed with the rows present at every sample.
//
// The run is bounded by -load.duration and -load.maxops; nothing is timed.
func TestLoadProcesses(t *testing.T) {
	t.Parallel()
	duration := *loadDuration
	if testing.Short() {
		duration = min(duration, time.Second)
	}
	path := newStore(t)
	logDir := t.TempDir()
	start := time.Now()
	var configs []loadConfig
	for p := range *loadProcs {
		configs = append(configs, loadConfig{
			Store: path, Log: filepath.Join(logDir, fmt.Sprintf("worker-%d.jsonl", p)),
			Proc: p, Role: "worker", Purger: p == 0, Goroutines: 3,
			Start: start.UnixNano(), Duration: duration, MaxOps: int64(*loadMaxOps),
			RaceKeys: 400, Seed: uint64(start.UnixNano()) + uint64(p),
		})
	}
	reader := len(configs)
	configs = append(configs, loadConfig{
		Store: path, Log: filepath.Join(logDir, "reader.jsonl"), Proc: reader, Role: "reader",
		Start: start.UnixNano(), Duration: duration,
	})

	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type child struct {
		cmd    *exec.Cmd
		stderr bytes.Buffer
	}
	var children []*child
	for _, cfg := range configs {
		enc, err := json.Marshal(cfg)
		if err != nil {
			t.Fatal(err)
		}
		c := &child{cmd: exec.Command(exe, "-test.run=^$")}
		c.cmd.Env = append(os.Environ(), loadWorkerEnv+"="+string(enc))
		c.cmd.Stderr = &c.stderr
		if err := c.cmd.Start(); err != nil {
			t.Fatalf("start worker %d: %v", cfg.Proc, err)
		}
		children = append(children, c)
	}
	for i, c := range children {
		if err := c.cmd.Wait(); err != nil {
			t.Errorf("worker %d (%s): %v\nstderr:\n%s", i, configs[i].Role, err, c.stderr.String())
		}
	}
	elapsed := time.Since(start)
	if t.Failed() {
		t.FailNow()
	}

	var events []loadEvent
	for _, cfg := range configs {
		events = append(events, readLoadLog(t, cfg.Log)...)
	}
	checkLoad(t, path, events, elapsed)
}

var (
	loadDuration = flag.Duration("load.duration", 3*time.Second, "how long the worker processes of TestLoadProcesses run (1s at most under -short)")
	loadProcs    = flag.Int("load.procs", 4, "worker processes of TestLoadProcesses, besides the reader")
	loadMaxOps   = flag.Int("load.maxops", 50000, "most store calls one worker process of TestLoadProcesses makes")
)

// loadWorkerEnv holds a worker's loadConfig, as JSON.
const loadWorkerEnv = "IDEMLAB_LOAD_WORKER"

type loadConfig struct {
	Store, Log string
	Proc       int
	Role       string // "worker" or "reader"
	Purger     bool   // this worker also purges and drains
	Goroutines int
	Start      int64 // Unix ns: time 0 of the shared clock, and the start of the run
	Duration   time.Duration
	MaxOps     int64
	RaceKeys   int
	Seed       uint64
}

// loadEvent is one call a worker made, as it logged it.
type loadEvent struct {
	Proc   int            `json:"proc"`
	Op     string         `json:"op"`
	Who    string         `json:"who,omitempty"`  // the caller's fingerprint
	Key    string         `json:"key,omitempty"`  // reserve, finish, fetch
	Step   string         `json:"step,omitempty"` // finish: "won", "lost" or "again"
	OK     bool           `json:"ok,omitempty"`   // reserve, finish
	Now    float64        `json:"now,omitempty"`
	Limit  int            `json:"limit,omitempty"`
	IDs    []string       `json:"ids,omitempty"` // purge, a drain batch, expired
	N      int            `json:"n,omitempty"`   // drain-end: the total Drain returned
	Got    string         `json:"got,omitempty"` // fetch: the response as JSON, "null" for nil
	Counts map[string]int `json:"counts,omitempty"`
	Table  map[string]int `json:"table,omitempty"` // snapshot: rows per status, read in SQL
	Bad    []string       `json:"bad,omitempty"`   // snapshot: rows that break the schema's rules
	Err    string         `json:"err,omitempty"`
}

// Race keys expire far beyond any now the purger uses, so no purge may
// ever take one: each is won once, for the whole run.
const raceExpires = 1e9

func raceKey(i int) string { return fmt.Sprintf("race-%04d", i) }

// raceResponse is what the winner of a race key records; its JSON text is
// what every later fetch must replay.
func raceResponse(key, who string) map[string]string {
	return map[string]string{"key": key, "worker": who}
}

func raceResponseJSON(key, who string) string {
	b, _ := json.Marshal(raceResponse(key, who))
	return string(b)
}

// Short-lived keys expire in slots of slotWidth seconds of the shared
// clock; a key's expiry is a function of its id, so the parent knows the
// expiry of every row a purge returned.
const slotWidth = 0.05

func shortKey(slot int) string { return fmt.Sprintf("short-%07d", slot) }

func shortExpires(key string) (float64, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(key, "short-"))
	if err != nil || !strings.HasPrefix(key, "short-") {
		return 0, false
	}
	return float64(n) * slotWidth, true
}

// eventLog writes a worker's events as JSON lines.
type eventLog struct {
	mu   sync.Mutex
	proc int
	w    *bufio.Writer
	err  error
}

func (l *eventLog) add(e loadEvent) {
	e.Proc = l.proc
	b, err := json.Marshal(e)
	l.mu.Lock()
	defer l.mu.Unlock()
	if err == nil {
		b = append(b, '\n')
		_, err = l.w.Write(b)
	}
	if err != nil && l.err == nil {
		l.err = err
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// loadWorkerMain is a worker process: it runs until the shared deadline or
// its operation budget, logging every call, and returns the exit status.
func loadWorkerMain(raw string) int {
	var cfg loadConfig
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, "load worker: bad config:", err)
		return 2
	}
	f, err := os.Create(cfg.Log)
	if err != nil {
		fmt.Fprintln(os.Stderr, "load worker:", err)
		return 2
	}
	log := &eventLog{proc: cfg.Proc, w: bufio.NewWriter(f)}
	start := time.Unix(0, cfg.Start)
	deadline := start.Add(cfg.Duration)
	clock := func() float64 { return time.Since(start).Seconds() }

	var wg sync.WaitGroup
	switch cfg.Role {
	case "reader":
		wg.Go(func() { loadReader(cfg, log, deadline) })
	default:
		var ops atomic.Int64
		more := func() bool { return time.Now().Before(deadline) && ops.Add(1) <= cfg.MaxOps }
		for g := range cfg.Goroutines {
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
			who := fmt.Sprintf("p%dg%d", cfg.Proc, g)
			wg.Go(func() { loadReserver(cfg, log, rng, who, clock, more) })
		}
		if cfg.Purger {
			rng := rand.New(rand.NewPCG(cfg.Seed, 1000))
			wg.Go(func() { loadPurger(cfg, log, rng, clock, deadline) })
		}
	}
	wg.Wait()
	if err := log.w.Flush(); err != nil && log.err == nil {
		log.err = err
	}
	if err := f.Close(); err != nil && log.err == nil {
		log.err = err
	}
	if log.err != nil {
		fmt.Fprintln(os.Stderr, "load worker: writing the log:", log.err)
		return 1
	}
	return 0
}

// loadReserver reserves keys, finishes the ones it won and fetches them.
// Seven calls in ten go to the race keys, the rest to short-lived keys
// expiring within the next second of the shared clock; a quarter of the
// short-lived keys it wins it leaves pending, as a worker that died would.
func loadReserver(cfg loadConfig, log *eventLog, rng *rand.Rand, who string, clock func() float64, more func() bool) {
	path := cfg.Store
	finish := func(key, step string, response any) {
		ok, err := reference.Finish(path, key, who, response)
		log.add(loadEvent{Op: "finish", Who: who, Key: key, Step: step, OK: ok, Err: errText(err)})
	}
	fetch := func(key string, now float64) {
		v, err := reference.Fetch(path, key, now)
		got, merr := json.Marshal(v)
		if err == nil && merr != nil {
			err = merr
		}
		log.add(loadEvent{Op: "fetch", Who: who, Key: key, Now: now, Got: string(got), Err: errText(err)})
	}
	// The short-lived keys this goroutine won and left pending: drawing one
	// again, it must neither win it nor finish it, which its own
	// fingerprint would allow.
	abandoned := map[string]bool{}
	for i := 0; more(); i++ {
		if i%50 == 49 {
			c, err := reference.Counts(path)
			log.add(loadEvent{Op: "counts", Who: who, Counts: c, Err: errText(err)})
		}
		if rng.IntN(10) < 7 {
			key := raceKey(rng.IntN(cfg.RaceKeys))
			ok, err := reference.Reserve(path, key, who, raceExpires)
			log.add(loadEvent{Op: "reserve", Who: who, Key: key, OK: ok, Err: errText(err)})
			if err != nil {
				continue
			}
			if ok {
				finish(key, "won", raceResponse(key, who))
				finish(key, "again", map[string]string{"again": who})
			} else {
				finish(key, "lost", raceResponse(key, who))
			}
			fetch(key, 0)
			continue
		}
		key := shortKey(int(clock()/slotWidth) + 1 + rng.IntN(20))
		expires, _ := shortExpires(key)
		ok, err := reference.Reserve(path, key, who, expires)
		log.add(loadEvent{Op: "reserve", Who: who, Key: key, OK: ok, Err: errText(err)})
		if err != nil {
			continue
		}
		switch {
		case ok && rng.IntN(4) != 0:
			finish(key, "won", map[string]string{"worker": who})
		case ok:
			abandoned[key] = true
		case !abandoned[key]:
			finish(key, "lost", map[string]string{"worker": who})
		}
		// The replay window is closed at expires exactly.
		fetch(key, expires)
	}
}

// loadPurger alternates Purge and Drain at the shared clock's now, lists
// what Expired sees, and reserves again a few of the ids it just deleted:
// a purged key is a new request.
func loadPurger(cfg loadConfig, log *eventLog, rng *rand.Rand, clock func() float64, deadline time.Time) {
	path := cfg.Store
	const who = "purger"
	for cycle := 0; time.Now().Before(deadline); cycle++ {
		now := clock()
		limit := 1 + rng.IntN(100)
		var deleted []string
		if cycle%2 == 0 {
			ids, err := reference.Purge(path, now, limit)
			log.add(loadEvent{Op: "purge", Now: now, Limit: limit, IDs: ids, Err: errText(err)})
			deleted = ids
		} else {
			n, err := reference.Drain(path, now, limit, func(batch []string, total int) {
				log.add(loadEvent{Op: "drain", Now: now, Limit: limit, IDs: batch, N: total})
				deleted = append(deleted, batch...)
			})
			log.add(loadEvent{Op: "drain-end", Now: now, Limit: limit, N: n, Err: errText(err)})
		}
		ids, err := reference.Expired(path, now, 100)
		log.add(loadEvent{Op: "expired", Now: now, Limit: 100, IDs: ids, Err: errText(err)})
		for _, key := range deleted[:min(3, len(deleted))] {
			expires, _ := shortExpires(key)
			ok, err := reference.Reserve(path, key, who, expires)
			log.add(loadEvent{Op: "reserve", Who: who, Key: key, OK: ok, Err: errText(err)})
			if ok {
				ok, err := reference.Finish(path, key, who, map[string]string{"worker": who})
				log.add(loadEvent{Op: "finish", Who: who, Key: key, Step: "won", OK: ok, Err: errText(err)})
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// loadReader samples the store until the deadline. It takes the write lock
// (BEGIN IMMEDIATE) so that nothing commits while it looks, counts the rows
// per status in SQL, calls Counts (another connection, reading the same
// committed state), and logs both. Writers wait for the lock meanwhile,
// which is contention of its own.
func loadReader(cfg loadConfig, log *eventLog, deadline time.Time) {
	abs, err := filepath.Abs(cfg.Store)
	if err == nil {
		dsn := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "mode=rw&_pragma=busy_timeout(10000)&_txlock=immediate"}
		var db *sql.DB
		if db, err = sql.Open("sqlite", dsn.String()); err == nil {
			defer db.Close()
			db.SetMaxOpenConns(1)
			for time.Now().Before(deadline) {
				log.add(snapshot(db, cfg.Store))
				time.Sleep(20 * time.Millisecond)
			}
			return
		}
	}
	log.add(loadEvent{Op: "snapshot", Err: errText(err)})
}

func snapshot(db *sql.DB, path string) loadEvent {
	e := loadEvent{Op: "snapshot", Table: map[string]int{}}
	tx, err := db.Begin()
	if err != nil {
		e.Err = err.Error()
		return e
	}
	defer tx.Rollback()
	rs, err := tx.Query(`SELECT status, COUNT(*), COUNT(response) FROM keys GROUP BY status`)
	if err != nil {
		e.Err = err.Error()
		return e
	}
	for rs.Next() {
		var status string
		var n, responses int
		if err := rs.Scan(&status, &n, &responses); err != nil {
			e.Err = err.Error()
			return e
		}
		e.Table[status] = n
		switch {
		case status != "pending" && status != "done":
			e.Bad = append(e.Bad, fmt.Sprintf("%d rows with status %q", n, status))
		case status == "pending" && responses != 0:
			e.Bad = append(e.Bad, fmt.Sprintf("%d pending rows with a response", responses))
		case status == "done" && responses != n:
			e.Bad = append(e.Bad, fmt.Sprintf("%d done rows without a response", n-responses))
		}
	}
	if err := rs.Err(); err != nil {
		e.Err = err.Error()
		return e
	}
	e.Counts, err = reference.Counts(path)
	e.Err = errText(err)
	return e
}

func readLoadLog(t *testing.T, path string) []loadEvent {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var events []loadEvent
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var e loadEvent
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		events = append(events, e)
	}
	return events
}

// keyLife gathers what all processes saw happen to one key.
type keyLife struct {
	attempts int      // reserves, won or lost
	winners  []string // fingerprints of the reserves that returned true
	finished []string // fingerprints of the finishes that returned true
	deleted  int      // times a purge or drain returned it
	fetched  []string // responses fetched at now 0 (race keys)
}

func checkLoad(t *testing.T, path string, events []loadEvent, elapsed time.Duration) {
	t.Helper()
	lives := map[string]*keyLife{}
	life := func(key string) *keyLife {
		if lives[key] == nil {
			lives[key] = &keyLife{}
		}
		return lives[key]
	}
	ops := map[string]int{}
	var errs, contention []string
	snapshots := 0
	drained := map[int]int{} // per process, ids in the current drain's batches
	// deletedBy checks one id a purge or drain returned at now.
	deletedBy := func(e loadEvent) {
		if !slices.IsSorted(e.IDs) || len(e.IDs) > e.Limit {
			t.Errorf("%s at %v limit %d returned %q: want at most the limit, ascending", e.Op, e.Now, e.Limit, e.IDs)
		}
		for _, id := range e.IDs {
			expires, short := shortExpires(id)
			if !short {
				t.Errorf("%s at %v deleted %q, which expires at %v: a row deleted before it expired", e.Op, e.Now, id, raceExpires)
				continue
			}
			if expires > e.Now {
				t.Errorf("%s at %v deleted %q, which expires at %v: a row deleted before it expired", e.Op, e.Now, id, expires)
			}
			life(id).deleted++
		}
	}
	for _, e := range events {
		ops[e.Op]++
		if e.Err != "" {
			msg := fmt.Sprintf("process %d %s %s %q: %s", e.Proc, e.Who, e.Op, e.Key, e.Err)
			errs = append(errs, msg)
			if l := strings.ToLower(e.Err); strings.Contains(l, "locked") || strings.Contains(l, "busy") {
				contention = append(contention, msg)
			}
			continue
		}
		switch e.Op {
		case "reserve":
			l := life(e.Key)
			l.attempts++
			if e.OK {
				l.winners = append(l.winners, e.Who)
			}
		case "finish":
			if want := e.Step == "won"; e.OK != want {
				t.Errorf("process %d: Finish(%q) by %s (%s) = %v, want %v", e.Proc, e.Key, e.Who, e.Step, e.OK, want)
			}
			if e.OK {
				life(e.Key).finished = append(life(e.Key).finished, e.Who)
			}
		case "fetch":
			if _, short := shortExpires(e.Key); short {
				if e.Got != "null" {
					t.Errorf("process %d: Fetch(%q) at its expires %v = %s, want null", e.Proc, e.Key, e.Now, e.Got)
				}
			} else {
				life(e.Key).fetched = append(life(e.Key).fetched, e.Got)
			}
		case "purge":
			deletedBy(e)
		case "drain":
			deletedBy(e)
			drained[e.Proc] += len(e.IDs)
			if e.N != drained[e.Proc] {
				t.Errorf("drain at %v: progress total %d, want %d", e.Now, e.N, drained[e.Proc])
			}
		case "drain-end":
			if e.N != drained[e.Proc] {
				t.Errorf("Drain at %v returned %d, but its batches held %d ids", e.Now, e.N, drained[e.Proc])
			}
			drained[e.Proc] = 0
		case "expired":
			if !slices.IsSorted(e.IDs) || len(e.IDs) > e.Limit {
				t.Errorf("Expired(%v, %d) = %q: want at most the limit, ascending", e.Now, e.Limit, e.IDs)
			}
			for _, id := range e.IDs {
				if expires, short := shortExpires(id); !short || expires > e.Now {
					t.Errorf("Expired(%v) listed %q, which has not expired", e.Now, id)
				}
			}
		case "counts":
			if _, ok := e.Counts["pending"]; !ok || len(e.Counts) != 2 {
				t.Errorf("process %d: Counts = %v, want the keys pending and done", e.Proc, e.Counts)
			}
		case "snapshot":
			snapshots++
			for _, bad := range e.Bad {
				t.Errorf("snapshot: %s", bad)
			}
			want := map[string]int{"pending": e.Table["pending"], "done": e.Table["done"]}
			if !maps.Equal(want, e.Counts) || len(e.Table) > 2 {
				t.Errorf("snapshot: Counts = %v, but the table holds %v", e.Counts, e.Table)
			}
		}
	}
	for _, msg := range errs[:min(10, len(errs))] {
		t.Errorf("error reached a caller: %s", msg)
	}
	if len(errs) > 0 {
		t.Errorf("%d calls returned an error, %d of them about a lock (locked or busy); want none", len(errs), len(contention))
	}
	if snapshots == 0 {
		t.Errorf("the reader took no snapshot")
	}

	final := map[string]row{}
	finalRows := rows(t, path)
	for _, r := range finalRows {
		final[r.ID] = r
		if lives[r.ID] == nil {
			t.Errorf("row %+v: no process reserved it", r)
		}
	}
	var raced, shortKeys, repurged, leftPending, contested int
	for key, l := range lives {
		w, f, d := len(l.winners), len(l.finished), l.deleted
		r, present := final[key]
		// A key's history is reserve, finish, purge, reserve, ...: a
		// lifetime left unfinished is pending, never purged, and the last.
		if w < 1 || w-f < 0 || w-f > 1 || f-d < 0 || f-d > 1 {
			t.Errorf("%q: %d winning reserves (%v), %d finishes, %d deletions: want reserve, finish, purge in turn", key, w, l.winners, f, d)
			continue
		}
		switch {
		case w == d && present:
			t.Errorf("%q: purged as often as reserved, yet present: %+v", key, r)
		case w > d && !present:
			t.Errorf("%q: %d winning reserves, %d deletions, but no row: a row was lost", key, w, d)
		case present && w > f && r.Status != "pending":
			t.Errorf("%q: never finished in its last lifetime, but stored as %+v", key, r)
		case present && w == f && r.Status != "done":
			t.Errorf("%q: finished, but stored as %+v", key, r)
		case present && !slices.Contains(l.winners, r.Fingerprint):
			t.Errorf("%q: stored fingerprint %q is none of its winners %v", key, r.Fingerprint, l.winners)
		}
		for _, who := range l.finished {
			if !slices.Contains(l.winners, who) {
				t.Errorf("%q: finished by %s, which never won it", key, who)
			}
		}
		if w > 1 {
			repurged++
		}
		if present && r.Status == "pending" {
			leftPending++
		}
		if expires, short := shortExpires(key); short {
			shortKeys++
			if present && r.Expires != expires {
				t.Errorf("%q: stored expires %v, want %v", key, r.Expires, expires)
			}
			continue
		}
		raced++
		if w != 1 || d != 0 {
			t.Errorf("race key %q: won by %v and deleted %d times; want exactly one winner, never deleted", key, l.winners, d)
			continue
		}
		winner := l.winners[0]
		want := done(key, winner, raceResponseJSON(key, winner), raceExpires)
		if !present || r.Status != want.Status || r.Fingerprint != want.Fingerprint || r.Response == nil || *r.Response != *want.Response || r.Expires != want.Expires {
			t.Errorf("race key %q: stored %+v, want the winner %s's response %s", key, r, winner, *want.Response)
		}
		for _, got := range l.fetched {
			if got != "null" && got != *want.Response {
				t.Errorf("race key %q: fetched %s, want null or the winner's %s", key, got, *want.Response)
			}
		}
		if l.attempts > 1 {
			contested++
		}
	}
	counts, err := reference.Counts(path)
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]int{"pending": 0, "done": 0}
	for _, r := range finalRows {
		table[r.Status]++
	}
	if !maps.Equal(table, counts) {
		t.Errorf("final Counts = %v, rows hold %v", counts, table)
	}

	calls := 0
	for op, n := range ops {
		switch op {
		case "snapshot", "drain-end":
		default:
			calls += n
		}
	}
	t.Logf("%d store calls in %v (%.0f calls/s) by %d processes: %v; %d errors",
		calls, elapsed.Round(time.Millisecond), float64(calls)/elapsed.Seconds(), *loadProcs+1, ops, len(errs))
	t.Logf("%d race keys (%d reserved by several callers), %d short-lived keys (%d reserved again after a purge), %d rows at the end (%v, %d left pending)",
		raced, contested, shortKeys, repurged, len(finalRows), counts, leftPending)
	if raced == 0 || shortKeys == 0 || ops["purge"]+ops["drain"] == 0 {
		t.Errorf("the run exercised too little: %v", ops)
	}
}

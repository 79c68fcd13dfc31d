package lease_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"idemlab/harness/lab"
	"idemlab/harness/sqlpause"
	"idemlab/labs/lease/reference"
	"idemlab/labs/lease/reference/lease"
)

// delay is how long a slowed call or connection waits. The pause holds
// the operation for as long as the second worker takes, so no delay can
// change an interleaving; this one is far above the microseconds a lock
// probe with busy_timeout 0 takes, so a design that raced the second
// worker against the clock would show it.
const delay = 40 * time.Millisecond

// TestInterleaveIgnoresScheduling runs every edge observation that
// interleaves two workers (edge/takeover_race_has_one_winner,
// edge/stale_finish_during_takeover_is_fenced_off, ...), its lease lines
// up to its cmp of want-interleave.txt, with every call slowed, every
// connection slow to open, and the Go scheduler starved, and wants what
// the observation wants every time: whether the second worker ran during
// the operation or waited for it depends on the store's write lock alone,
// never on how long anything took.
func TestInterleaveIgnoresScheduling(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "edge", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var races []race
	for _, f := range files {
		if r, ok := readRace(t, f); ok {
			races = append(races, r)
		}
	}
	if len(races) < 3 {
		t.Fatalf("%d edge observations interleave two workers, want at least 3 (the takeover race, the stale finish, the cycle)", len(races))
	}
	for _, tc := range []struct {
		name                        string
		slowCalls, slowConn, starve bool
	}{
		{name: "as is"},
		{name: "every call slow", slowCalls: true},
		{name: "every connection slow to open", slowConn: true},
		{name: "scheduler starved", starve: true},
		{name: "all at once", slowCalls: true, slowConn: true, starve: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			impl := lease.Reference
			if tc.slowCalls {
				impl = slowCalls(impl)
			}
			if tc.slowConn {
				slowConnections(t)
			}
			if tc.starve {
				starve(t)
			}
			for _, r := range races {
				got := run(t, impl, t.TempDir(), r.lines...)
				if diff := cmp.Diff(r.want, got[len(got)-1]); diff != "" {
					t.Errorf("%s: %q (-want +got):\n%s", r.name, r.lines[len(r.lines)-1], diff)
				}
			}
		})
	}
}

// race is an edge observation that interleaves two workers: its lease
// lines, the last an interleave, and what that interleave must print.
type race struct {
	name  string
	lines [][]string
	want  string
}

// readRace reads the observation in file: its lease lines up to the one
// whose output it compares with want-interleave.txt, and that file. ok
// is false for an observation without such a comparison.
func readRace(t *testing.T, file string) (r race, ok bool) {
	t.Helper()
	a, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r.name = "edge/" + strings.TrimSuffix(filepath.Base(file), ".txtar")
	for _, f := range a.Files {
		if f.Name == "want-interleave.txt" {
			r.want = string(f.Data)
		}
	}
	for _, line := range strings.Split(string(a.Comment), "\n") {
		switch line = strings.TrimSpace(line); {
		case line == "cmp stdout want-interleave.txt":
			if r.want == "" || len(r.lines) == 0 || r.lines[len(r.lines)-1][0] != "interleave" {
				t.Fatalf("%s compares want-interleave.txt with the output of %q: want an interleave and the file", r.name, r.lines)
			}
			return r, true
		case strings.HasPrefix(line, "lease "):
			r.lines = append(r.lines, scriptWords(t, strings.TrimPrefix(line, "lease ")))
		}
	}
	return race{}, false
}

// scriptWords splits a script line as testscript does for these
// observations: on spaces, with single quotes around a word that holds
// them (inside quotes, two quotes in a row are one quote).
func scriptWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	quoted, inWord := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'' && i+1 < len(line) && line[i+1] == '\'':
			w.WriteByte('\'')
			i++
		case c == '\'':
			quoted, inWord = !quoted, true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unterminated quote in %q", line)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// slowCalls is impl with every store call that an interleaving makes
// sleeping before it starts and after it returns: the operation before
// its transaction and after its commit, the second worker before it
// opens its connection and after it closed it, inside the pause.
func slowCalls(impl lab.Impl) lab.Impl {
	api := impl.Value.(lease.API)
	takeover, finish, inspect, cycle := api.Takeover, api.Finish, api.Inspect, api.FencingCycle
	api.Takeover = func(path, key, digest, owner string, now, ttl float64) (int64, error) {
		defer slow()()
		return takeover(path, key, digest, owner, now, ttl)
	}
	api.Finish = func(path, key, digest string, token int64, response any) (bool, error) {
		defer slow()()
		return finish(path, key, digest, token, response)
	}
	api.Inspect = func(path, key string) (string, string, float64, int64, error) {
		defer slow()()
		return inspect(path, key)
	}
	api.FencingCycle = func(path, key string) (bool, error) {
		defer slow()()
		return cycle(path, key)
	}
	return lab.Impl{Name: impl.Name + " (slow)", Value: api}
}

// slow sleeps for delay, and returns a function that sleeps for it
// again: defer slow()() slows a call at both ends.
func slow() func() {
	time.Sleep(delay)
	return func() { time.Sleep(delay) }
}

// slowDriverName is sqlpause's driver with every connection slow to open.
const slowDriverName = "sqlite-pause-slow"

var registerSlow sync.Once

// slowConnections points the reference's driver seam, for the rest of
// the test, at sqlpause's driver with a delay before and after each
// connection opens. sqlpause decides that a connection is quiet when it
// opens, so the second worker's connection still opens during the pause,
// only later.
func slowConnections(t *testing.T) {
	registerSlow.Do(func() {
		db, err := sql.Open(sqlpause.DriverName, "")
		if err != nil {
			panic(err)
		}
		base := db.Driver().(driver.DriverContext)
		db.Close()
		sql.Register(slowDriverName, slowDriver{base})
	})
	// One call first, so that lease.Run has pointed the seam at sqlpause
	// and will not point it there again over the slow driver.
	run(t, lease.Reference, t.TempDir(), []string{"init"})
	before := reference.Driver
	reference.Driver = slowDriverName
	t.Cleanup(func() { reference.Driver = before })
}

// slowDriver wraps sqlpause's driver.
type slowDriver struct{ base driver.DriverContext }

func (d slowDriver) Open(dsn string) (driver.Conn, error) {
	c, err := d.OpenConnector(dsn)
	if err != nil {
		return nil, err
	}
	return c.Connect(context.Background())
}

func (d slowDriver) OpenConnector(dsn string) (driver.Connector, error) {
	c, err := d.base.OpenConnector(dsn)
	if err != nil {
		return nil, err
	}
	return slowConnector{base: c, d: d}, nil
}

// slowConnector opens connections late.
type slowConnector struct {
	base driver.Connector
	d    slowDriver
}

func (c slowConnector) Connect(ctx context.Context) (driver.Conn, error) {
	defer slow()()
	return c.base.Connect(ctx)
}

func (c slowConnector) Driver() driver.Driver { return c.d }

// starve runs the rest of the test on one CPU shared with goroutines that
// spin, so that every goroutine of the interleaving, database/sql's
// included, waits its turn behind them for as long as the scheduler
// likes.
func starve(t *testing.T) {
	prev := runtime.GOMAXPROCS(1)
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for n := 0; !stop.Load(); n++ {
				if n%1024 == 0 {
					runtime.Gosched()
				}
			}
		})
	}
	t.Cleanup(func() {
		stop.Store(true)
		wg.Wait()
		runtime.GOMAXPROCS(prev)
	})
}

package labtest

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/script"
	"idemlab/harness/sqlpause"
)

// slowDelay is how long a slowed call or connection waits: far above the
// microseconds a lock probe with busy_timeout 0 takes, so a design that
// raced the second client against the clock would show it.
const slowDelay = 40 * time.Millisecond

// InterleaveIgnoresScheduling runs every observation of the lab that
// compares an interleave's (or a between's) output with its file
// want-interleave.txt, or matches its lines with stdout patterns right
// after it (its command lines up to that interleave), with every store call slowed,
// every connection slow to open, and the Go scheduler starved, and wants
// what the observation wants every time: whether a second client ran
// during the operation or waited for it depends on the store's write lock
// alone, never on how long anything took. It wants at least min such
// observations. The implementation's driver seam is its API's Driver
// field (a *string, see labcmd.UseDriver).
func InterleaveIgnoresScheduling(t *testing.T, l *lab.Lab, min int) {
	obs, err := labrun.LabObservations(l, Root(t))
	if err != nil {
		t.Fatal(err)
	}
	cmd := l.Commands[0]
	var races []race
	for _, o := range obs {
		if r, ok := readRace(t, cmd, o.Name, o.Data); ok {
			races = append(races, r)
		}
	}
	if len(races) < min {
		t.Fatalf("%d observations compare an interleaving with want-interleave.txt or stdout patterns, want at least %d", len(races), min)
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
			impl := l.Reference
			if tc.slowCalls {
				impl = slowCalls(impl)
			}
			if tc.slowConn {
				slowConnections(t, cmd, l.Reference)
			}
			if tc.starve {
				starve(t)
			}
			for _, r := range races {
				var out bytes.Buffer
				dir := t.TempDir()
				for _, line := range r.lines {
					out.Reset()
					cmd.Run(impl, dir, line, &out)
				}
				if r.patterns != nil {
					for _, p := range r.patterns {
						if !p.MatchString(out.String()) {
							t.Errorf("%s: %q printed no line matching %s:\n%s", r.name, r.lines[len(r.lines)-1], p, out.String())
						}
					}
				} else if diff := cmp.Diff(r.want, out.String()); diff != "" {
					t.Errorf("%s: %q (-want +got):\n%s", r.name, r.lines[len(r.lines)-1], diff)
				}
			}
		})
	}
}

// race is an observation that interleaves two clients: its command's
// lines, the last an interleave, and what that interleave must print:
// want, or, for an observation that asserts only some lines of it (the
// results, not where a second client's command landed, which can differ
// between correct stores), the patterns its stdout lines match.
type race struct {
	name     string
	lines    [][]string
	want     string
	patterns []*regexp.Regexp
}

// readRace reads an observation's lines of command name up to the one
// whose output it compares with want-interleave.txt, and that file; ok is
// false for an observation without such a comparison.
func readRace(t *testing.T, cmd lab.Command, obs string, data []byte) (r race, ok bool) {
	s := script.Parse(data)
	r.name = obs
	for _, f := range s.Files {
		if f.Name == "want-interleave.txt" {
			r.want = string(f.Data)
		}
	}
	for _, line := range s.Lines {
		switch {
		case line.Cmd == "cmp" && len(line.Args) == 2 && line.Args[0].Text == "stdout" && line.Args[1].Text == "want-interleave.txt":
			if r.want == "" || len(r.lines) == 0 || !interleaves(cmd, r.lines[len(r.lines)-1]) {
				t.Fatalf("%s compares want-interleave.txt with the output of %q: want an interleave (or between) and the file", obs, r.lines)
			}
			return r, true
		case line.Cmd == "stdout" && !line.Neg && len(line.Args) == 1 && len(r.lines) > 0 && interleaves(cmd, r.lines[len(r.lines)-1]):
			re, err := regexp.Compile("(?m)" + line.Args[0].Text)
			if err != nil {
				t.Fatalf("%s:%d: %v", obs, line.N, err)
			}
			r.patterns = append(r.patterns, re)
		case line.Cmd == cmd.Name && r.patterns != nil:
			return r, true
		case line.Cmd == cmd.Name:
			var words []string
			for _, w := range line.Args {
				words = append(words, w.Text)
			}
			r.lines = append(r.lines, words)
		}
	}
	if r.patterns != nil {
		return r, true
	}
	return race{}, false
}

// interleaves reports whether line runs other lines (interleave, between).
func interleaves(cmd lab.Command, line []string) bool {
	sub, ok := cmd.Subcommand(line)
	return ok && slices.ContainsFunc(sub.Params, func(p lab.Param) bool { return p.Domain.Kind == lab.Line })
}

// slowCalls is impl with every function of its API sleeping before it
// starts and after it returns: the operation before its transaction and
// after its commit, the second client before it opens its connection and
// after it closed it, inside the pause.
func slowCalls(impl lab.Impl) lab.Impl {
	v := reflect.ValueOf(impl.Value)
	api := reflect.New(v.Type()).Elem()
	api.Set(v)
	for i := range api.NumField() {
		f := api.Field(i)
		if f.Kind() != reflect.Func || f.IsNil() || !f.CanSet() {
			continue
		}
		call := f.Interface()
		f.Set(reflect.MakeFunc(f.Type(), func(args []reflect.Value) []reflect.Value {
			defer slow()()
			return reflect.ValueOf(call).Call(args)
		}))
	}
	return lab.Impl{Name: impl.Name + " (slow)", Value: api.Interface()}
}

// slow sleeps, and returns a function that sleeps again: defer slow()()
// slows a call at both ends.
func slow() func() {
	time.Sleep(slowDelay)
	return func() { time.Sleep(slowDelay) }
}

// slowDriverName is sqlpause's driver with every connection slow to open.
const slowDriverName = "sqlite-pause-slow"

var registerSlow sync.Once

// slowConnections points the implementation's driver seam, for the rest
// of the test, at sqlpause's driver with a delay before and after each
// connection opens. sqlpause decides that a connection is quiet when it
// opens, so the second client's connection still opens during the pause,
// only later.
func slowConnections(t *testing.T, cmd lab.Command, impl lab.Impl) {
	registerSlow.Do(func() {
		db, err := sql.Open(sqlpause.DriverName, "")
		if err != nil {
			panic(err)
		}
		base := db.Driver().(driver.DriverContext)
		db.Close()
		sql.Register(slowDriverName, slowDriver{base})
	})
	seam, ok := reflect.ValueOf(impl.Value).FieldByName("Driver").Interface().(*string)
	if !ok || seam == nil {
		t.Fatalf("%s's API has no Driver field holding a *string", impl.Name)
	}
	// One line first, so that the command has pointed the seam at
	// sqlpause and will not point it there again over the slow driver.
	if err := cmd.Run(impl, t.TempDir(), cmd.Prelude[0], &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	before := *seam
	*seam = slowDriverName
	t.Cleanup(func() { *seam = before })
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

// starve runs the rest of the test on one CPU shared with goroutines
// that spin, so that every goroutine of the interleaving, database/sql's
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

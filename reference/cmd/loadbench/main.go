package main

import (
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	_ "modernc.org/sqlite"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/reference"
)

// Times: the backlog expired long ago, the drain runs at now, and the keys
// reserved during the measurement expire far beyond it.
const (
	past  = 100.0
	now   = 1000.0
	later = 1e9
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	dir        string
	backlog    int
	duration   time.Duration
	ops        int
	batch      int
	reservers  int
	maxRatio   float64
	maxLatency time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	c, done, err := parse(args, stdout, stderr)
	if done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	work, status, err := cli.TempDir(c.dir, "loadbench-")
	if err != nil {
		return fail(stderr, status, err)
	}
	code := bench(c, filepath.Join(work, "keys.db"), stdout, stderr)
	// A drain still running is cut short here; the store goes with it.
	os.RemoveAll(work)
	return code
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "loadbench:", err)
	return status
}

// parse reads the flags; done is true after -h. A bad flag or value is
// reported on stderr.
func parse(args []string, stdout, stderr io.Writer) (c config, done bool, err error) {
	fs := flag.NewFlagSet("loadbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.dir, "dir", "", "build the store in `DIR` (default: the system's temporary directory, on disk; /dev/shm for memory)")
	fs.IntVar(&c.backlog, "backlog", 300000, "expired done rows for the drain to delete")
	fs.DurationVar(&c.duration, "duration", 2*time.Second, "how long each measurement runs at most")
	fs.IntVar(&c.ops, "ops", 20000, "most reserves of each measurement")
	fs.IntVar(&c.batch, "batch", 100, "rows per drain batch (1..100)")
	fs.IntVar(&c.reservers, "reservers", 1, "goroutines reserving at once")
	fs.Float64Var(&c.maxRatio, "max-ratio", 5, "most the p99 beside the drain may be, as a multiple of the p99 alone")
	fs.DurationVar(&c.maxLatency, "max-latency", 250*time.Millisecond, "most any single reserve may take")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: loadbench [-dir DIR] [-backlog N] [-duration D] [-ops N] [-batch N] [-reservers N] [-max-ratio R] [-max-latency D]\n\nMeasures reserve latency alone and beside a drain of a backlog, and gives a verdict. Flags:\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return c, done, err
	}
	if err := c.check(fs.Args()); err != nil {
		fmt.Fprintln(stderr, "loadbench:", err)
		return c, false, err
	}
	return c, false, nil
}

// check checks the flags' values, and that there are no arguments.
func (c config) check(args []string) error {
	switch {
	case len(args) > 0:
		return fmt.Errorf("unexpected argument %q (run 'loadbench -h' for usage)", args[0])
	case c.backlog < 1:
		return fmt.Errorf("-backlog %d: want at least 1 row", c.backlog)
	case c.duration <= 0:
		return fmt.Errorf("-duration %v: want more than 0", c.duration)
	case c.ops < 1:
		return fmt.Errorf("-ops %d: want at least 1 reserve", c.ops)
	case c.reservers < 1:
		return fmt.Errorf("-reservers %d: want at least 1", c.reservers)
	case c.batch < 1 || c.batch > 100:
		return fmt.Errorf("-batch %d: want 1 to 100 rows", c.batch)
	case !(c.maxRatio > 0):
		return fmt.Errorf("-max-ratio %v: want more than 0", c.maxRatio)
	case c.maxLatency <= 0:
		return fmt.Errorf("-max-latency %v: want more than 0", c.maxLatency)
	}
	return nil
}

// bench builds the backlog at path, measures reserves alone and beside a
// drain, and prints the table and the verdict: FAIL, and exit status
// Survived, when a limit was passed, a reserve failed or the drain did.
func bench(c config, path string, stdout, stderr io.Writer) int {
	start := time.Now()
	if err := build(path, c.backlog); err != nil {
		return fail(stderr, exitcode.Internal, fmt.Errorf("building the backlog: %v", err))
	}
	fmt.Fprintf(stdout, "store %s: %d expired done rows built in %v\n", path, c.backlog, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "each measurement: at most %v or %d reserves, %d goroutine(s) reserving new keys; drain batches of %d\n\n",
		c.duration, c.ops, c.reservers, c.batch)
	alone := measure(path, "alone", c, nil)
	d, beside := drainBeside(path, c)
	printTable(stdout, alone, beside)
	ratio := float64(beside.pct(99)) / float64(alone.pct(99))
	fmt.Fprintf(stdout, "\np99 beside the drain / p99 alone: %.2f\n", ratio)
	d.print(stdout, c.backlog, alone, beside)
	slowest := max(alone.pct(100), beside.pct(100))
	line := fmt.Sprintf("p99 ratio %.2f (limit %.2f), slowest reserve %v (limit %v), %d failed reserves",
		ratio, c.maxRatio, slowest, c.maxLatency, alone.failed+beside.failed)
	if ratio > c.maxRatio || slowest > c.maxLatency || alone.failed+beside.failed > 0 || d.finished && d.err != nil {
		fmt.Fprintf(stdout, "verdict: FAIL: %s\n", line)
		return exitcode.Survived
	}
	fmt.Fprintf(stdout, "verdict: PASS: %s\n", line)
	return exitcode.OK
}

// drain is what the drain beside the second measurement did.
type drain struct {
	deleted  int64
	elapsed  time.Duration
	finished bool  // before the measurement ended
	err      error // its error, when it finished
}

// drainBeside starts a drain of the backlog at path and measures reserves
// beside it, until the measurement ends or the drain does.
func drainBeside(path string, c config) (drain, latencies) {
	var (
		deleted   atomic.Int64
		drainErr  error
		drainDone = make(chan struct{})
	)
	start := time.Now()
	go func() {
		defer close(drainDone)
		_, drainErr = reference.Drain(path, now, c.batch, func(_ []string, total int) { deleted.Store(int64(total)) })
	}()
	beside := measure(path, "drain", c, drainDone)
	d := drain{elapsed: time.Since(start), deleted: deleted.Load()}
	select {
	case <-drainDone:
		d.finished, d.err = true, drainErr
	default:
	}
	return d, beside
}

// print says how far the drain went, the first failed reserve of each
// measurement, and the drain's error.
func (d drain) print(w io.Writer, backlog int, ms ...latencies) {
	state := "still running when the measurement ended (cut short)"
	if d.finished {
		state = "finished before the last timed reserve returned: the second column covers the whole drain"
	}
	fmt.Fprintf(w, "drain: %d of %d rows deleted in %v (%.0f rows/s), %s\n",
		d.deleted, backlog, d.elapsed.Round(time.Millisecond), float64(d.deleted)/d.elapsed.Seconds(), state)
	for _, m := range ms {
		if m.err != nil {
			fmt.Fprintf(w, "first failed reserve %s: %v\n", m.name, m.err)
		}
	}
	if d.finished && d.err != nil {
		fmt.Fprintf(w, "drain failed: %v\n", d.err)
	}
}

// printTable prints the two measurements side by side.
func printTable(w io.Writer, alone, beside latencies) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Reserve latency\talone\tbeside a drain\t")
	fmt.Fprintf(tw, "reserves\t%d\t%d\t\n", len(alone.lat), len(beside.lat))
	fmt.Fprintf(tw, "reserves/s\t%.0f\t%.0f\t\n", alone.rate(), beside.rate())
	fmt.Fprintf(tw, "p50\t%v\t%v\t\n", alone.pct(50), beside.pct(50))
	fmt.Fprintf(tw, "p99\t%v\t%v\t\n", alone.pct(99), beside.pct(99))
	fmt.Fprintf(tw, "max\t%v\t%v\t\n", alone.pct(100), beside.pct(100))
	fmt.Fprintf(tw, "failed\t%d\t%d\t\n", alone.failed, beside.failed)
	tw.Flush()
}

// latencies are the durations of one measurement's reserves, failed ones
// included, sorted.
type latencies struct {
	name    string
	lat     []time.Duration
	elapsed time.Duration
	failed  int
	err     error // the first failure
}

func (l latencies) rate() float64 { return float64(len(l.lat)) / l.elapsed.Seconds() }

// pct returns the p-th percentile (nearest rank), p in 1..100.
func (l latencies) pct(p int) time.Duration {
	if len(l.lat) == 0 {
		return 0
	}
	rank := (p*len(l.lat) + 99) / 100
	return l.lat[max(rank, 1)-1].Round(10 * time.Microsecond)
}

// measure reserves new keys from c.reservers goroutines until c.duration
// has passed, c.ops reserves were made, or stop is closed.
func measure(path, name string, c config, stop <-chan struct{}) latencies {
	var (
		mu  sync.Mutex
		res = latencies{name: name}
		n   atomic.Int64
		wg  sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(c.duration)
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	for g := range c.reservers {
		wg.Go(func() {
			var mine []time.Duration
			var failed int
			var err error
			for i := 0; time.Now().Before(deadline) && !stopped(); i++ {
				if n.Add(1) > int64(c.ops) {
					break
				}
				key := fmt.Sprintf("%s-%d-%d", name, g, i)
				t := time.Now()
				ok, rerr := reference.Reserve(path, key, "f", later)
				mine = append(mine, time.Since(t))
				if rerr == nil && !ok {
					rerr = fmt.Errorf("Reserve(%q) = false for a new key", key)
				}
				if rerr != nil {
					failed++
					if err == nil {
						err = rerr
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			res.lat = append(res.lat, mine...)
			res.failed += failed
			if res.err == nil {
				res.err = err
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	slices.Sort(res.lat)
	return res
}

// build creates the store through InitDB, so that it has the real schema
// and index, and bulk-loads the backlog in one transaction.
func build(path string, backlog int) error {
	if err := reference.InitDB(path); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.Prepare(`INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, 'f', 'done', '{"ok":1}', ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for i := range backlog {
		if _, err := stmt.Exec(fmt.Sprintf("b%08d", i), past); err != nil {
			return err
		}
	}
	return tx.Commit()
}

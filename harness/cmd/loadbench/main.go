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
	fs := flag.NewFlagSet("loadbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.dir, "dir", "", "where the store is built (default: the system's temporary directory, on disk; /dev/shm for memory)")
	fs.IntVar(&c.backlog, "backlog", 300000, "expired done rows for the drain to delete")
	fs.DurationVar(&c.duration, "duration", 2*time.Second, "how long each measurement runs at most")
	fs.IntVar(&c.ops, "ops", 20000, "most reserves of each measurement")
	fs.IntVar(&c.batch, "batch", 100, "rows per drain batch (1..100)")
	fs.IntVar(&c.reservers, "reservers", 1, "goroutines reserving at once")
	fs.Float64Var(&c.maxRatio, "max-ratio", 5, "most the p99 beside the drain may be, as a multiple of the p99 alone")
	fs.DurationVar(&c.maxLatency, "max-latency", 250*time.Millisecond, "most any single reserve may take")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if c.backlog < 1 || c.duration <= 0 || c.ops < 1 || c.reservers < 1 || c.batch < 1 || c.batch > 100 {
		fmt.Fprintln(stderr, "loadbench: -backlog, -duration, -ops and -reservers must be positive, -batch in 1..100")
		return 2
	}
	work, err := os.MkdirTemp(c.dir, "loadbench-")
	if err != nil {
		fmt.Fprintln(stderr, "loadbench:", err)
		return 2
	}
	code := bench(c, filepath.Join(work, "keys.db"), stdout, stderr)
	// A drain still running is cut short here; the store goes with it.
	os.RemoveAll(work)
	return code
}

func bench(c config, path string, stdout, stderr io.Writer) int {
	start := time.Now()
	if err := build(path, c.backlog); err != nil {
		fmt.Fprintln(stderr, "loadbench: building the backlog:", err)
		return 2
	}
	fmt.Fprintf(stdout, "store %s: %d expired done rows built in %v\n", path, c.backlog, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "each measurement: at most %v or %d reserves, %d goroutine(s) reserving new keys; drain batches of %d\n\n",
		c.duration, c.ops, c.reservers, c.batch)

	alone := measure(path, "alone", c, nil)

	// The drain starts with the second measurement and runs beside it.
	var (
		deleted   atomic.Int64
		drainErr  error
		drainDone = make(chan struct{})
	)
	drainStart := time.Now()
	go func() {
		defer close(drainDone)
		_, drainErr = reference.Drain(path, now, c.batch, func(_ []string, total int) { deleted.Store(int64(total)) })
	}()
	beside := measure(path, "drain", c, drainDone)
	drainFor := time.Since(drainStart)
	drained := deleted.Load()
	var finished bool
	select {
	case <-drainDone:
		finished = true
	default:
	}

	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Reserve latency\talone\tbeside a drain\t")
	fmt.Fprintf(tw, "reserves\t%d\t%d\t\n", len(alone.lat), len(beside.lat))
	fmt.Fprintf(tw, "reserves/s\t%.0f\t%.0f\t\n", alone.rate(), beside.rate())
	fmt.Fprintf(tw, "p50\t%v\t%v\t\n", alone.pct(50), beside.pct(50))
	fmt.Fprintf(tw, "p99\t%v\t%v\t\n", alone.pct(99), beside.pct(99))
	fmt.Fprintf(tw, "max\t%v\t%v\t\n", alone.pct(100), beside.pct(100))
	fmt.Fprintf(tw, "failed\t%d\t%d\t\n", alone.failed, beside.failed)
	tw.Flush()
	ratio := float64(beside.pct(99)) / float64(alone.pct(99))
	fmt.Fprintf(stdout, "\np99 beside the drain / p99 alone: %.2f\n", ratio)
	state := "still running when the measurement ended (cut short)"
	if finished {
		state = "finished before the last timed reserve returned: the second column covers the whole drain"
	}
	fmt.Fprintf(stdout, "drain: %d of %d rows deleted in %v (%.0f rows/s), %s\n",
		drained, c.backlog, drainFor.Round(time.Millisecond), float64(drained)/drainFor.Seconds(), state)
	for _, m := range []latencies{alone, beside} {
		if m.err != nil {
			fmt.Fprintf(stdout, "first failed reserve %s: %v\n", m.name, m.err)
		}
	}
	if finished && drainErr != nil {
		fmt.Fprintf(stdout, "drain failed: %v\n", drainErr)
	}

	slowest := max(alone.pct(100), beside.pct(100))
	line := fmt.Sprintf("p99 ratio %.2f (limit %.2f), slowest reserve %v (limit %v), %d failed reserves",
		ratio, c.maxRatio, slowest, c.maxLatency, alone.failed+beside.failed)
	if ratio > c.maxRatio || slowest > c.maxLatency || alone.failed+beside.failed > 0 || finished && drainErr != nil {
		fmt.Fprintf(stdout, "verdict: FAIL: %s\n", line)
		return 1
	}
	fmt.Fprintf(stdout, "verdict: PASS: %s\n", line)
	return 0
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

package main

import (
	"database/sql"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	_ "modernc.org/sqlite"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/progress"
	"idemlab/reference"
)

// Times of the mixes: rows that expired long ago, the drain's now, and
// rows still live at it.
const (
	past   = 100.0
	now    = 1000.0
	future = 5000.0
)

type mix struct {
	name string
	// shares out of 1000: done and expired, pending, the rest done and live
	expired, pending int
}

var mixes = []mix{{"expired", 500, 100}, {"live", 20, 100}}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the flags ask for.
type config struct {
	sizes []int
	batch int
	dir   string
	seed  uint64
	quiet bool
}

func run(args []string, stdout, stderr io.Writer) int {
	c, done, err := parse(args, stdout, stderr)
	if done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	work, status, err := cli.TempDir(c.dir, "purgebench-")
	if err != nil {
		return fail(stderr, status, err)
	}
	defer os.RemoveAll(work)
	return c.bench(work, stdout, stderr)
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "purgebench:", err)
	return status
}

// parse reads the flags; done is true after -h. A bad flag or value is
// reported on stderr.
func parse(args []string, stdout, stderr io.Writer) (c config, done bool, err error) {
	fs := flag.NewFlagSet("purgebench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sizes := fs.String("sizes", "10000,100000,1000000", "store sizes in rows, comma-separated, smallest first")
	fs.IntVar(&c.batch, "batch", 100, "rows per drain batch (1..100)")
	fs.StringVar(&c.dir, "dir", "", "build the stores in `DIR` (default: the system's temporary directory, on disk)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the row mix")
	fs.BoolVar(&c.quiet, "q", false, "print no progress on stderr")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: purgebench [-sizes N,N,...] [-batch N] [-dir DIR] [-seed S] [-q]\n\nTimes draining a backlog of expired rows at several store sizes, and checks that the drain is linear and deletes only what it must. Flags:\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return c, done, err
	}
	c.sizes, err = parseSizes(*sizes)
	switch {
	case err != nil:
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q (run 'purgebench -h' for usage)", fs.Arg(0))
	case c.batch < 1 || c.batch > 100:
		err = fmt.Errorf("-batch %d: want 1 to 100 rows", c.batch)
	}
	if err != nil {
		fmt.Fprintln(stderr, "purgebench:", err)
	}
	return c, false, err
}

// parseSizes reads -sizes: row counts, each at least 1000.
func parseSizes(list string) ([]int, error) {
	var sizes []int
	for _, s := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1000 {
			return nil, fmt.Errorf("-sizes: %q is not a row count of at least 1000", s)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

// bench drains both mixes at every size in work and prints a row for each
// and the verdicts: FAIL, and exit status Survived, when a check does not
// hold.
func (c config) bench(work string, stdout, stderr io.Writer) int {
	meter := progress.Stderr("purgebench", len(mixes)*len(c.sizes), c.quiet)
	defer meter.Finish()
	failed := false
	var verdicts []string
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "mix\trows\tdeleted\tbatches\tbuild\tdrain\tper row\tfirst 10%\tlast 10%\tlast/first\tuntouched\t")
	for _, mx := range mixes {
		perRow, bad, err := c.drainMix(work, mx, meter, tw)
		if err != nil {
			return fail(stderr, exitcode.Internal, err)
		}
		linear := perRow[len(perRow)-1] / perRow[0]
		verdict := "ok"
		if linear > 1.5 {
			verdict, bad = "NOT LINEAR", true
		}
		failed = failed || bad
		verdicts = append(verdicts, fmt.Sprintf("%s mix: drain time per row at %d rows over that at %d rows: %.2f (want ≤ 1.5: %s)",
			mx.name, c.sizes[len(c.sizes)-1], c.sizes[0], linear, verdict))
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\n%s\n", strings.Join(verdicts, "\n"))
	if failed {
		fmt.Fprintln(stdout, "FAIL: see the rows above")
		return exitcode.Survived
	}
	fmt.Fprintln(stdout, "ok: linear drain, flat batches, no pending or live row deleted")
	return exitcode.OK
}

// drainMix drains mix mx at every size and writes a row for each to tw;
// it returns each size's drain time per row, and whether a row failed.
func (c config) drainMix(work string, mx mix, meter *progress.Meter, tw io.Writer) (perRow []float64, failed bool, err error) {
	for _, size := range c.sizes {
		path := filepath.Join(work, fmt.Sprintf("%s-%d.db", mx.name, size))
		item := fmt.Sprintf("%s mix, %d rows", mx.name, size)
		meter.Start(item)
		res, err := measure(path, mx, size, c.batch, c.seed)
		meter.Done(item)
		if err != nil {
			return nil, false, fmt.Errorf("%s %d: %v", mx.name, size, err)
		}
		os.Remove(path)
		perRow = append(perRow, res.drain.Seconds()/float64(size))
		if res.row(tw, mx.name, size, perRow[len(perRow)-1]) {
			failed = true
		}
	}
	return perRow, failed, nil
}

// row writes the drain's row and reports whether it failed: a row wrongly
// deleted or left, or, over at least 100 batches, the last tenth over 1.5
// times slower than the first.
func (res result) row(tw io.Writer, mix string, size int, perRow float64) (failed bool) {
	untouched := "ok"
	if res.problem != "" {
		untouched, failed = res.problem, true
	}
	ratio := res.last.Seconds() / res.first.Seconds()
	judged := fmt.Sprintf("%.2f", ratio)
	switch {
	case res.batches < 100:
		// A tenth of fewer than ten batches is noise, not a trend.
		judged += " (too few batches to judge)"
	case ratio > 1.5:
		judged += " (over 1.5)"
		failed = true
	}
	fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%v\t%v\t%.2fµs\t%v\t%v\t%s\t%s\t\n", mix, size, res.deleted, res.batches,
		res.build.Round(time.Millisecond), res.drain.Round(time.Millisecond), perRow*1e6,
		res.first.Round(time.Microsecond), res.last.Round(time.Microsecond), judged, untouched)
	return failed
}

type result struct {
	deleted, batches int
	build, drain     time.Duration
	first, last      time.Duration // median batch time of the first and last tenth
	problem          string        // what was wrongly deleted or left, "" if nothing
}

func measure(path string, mx mix, size, batch int, seed uint64) (result, error) {
	var res result
	start := time.Now()
	want, err := build(path, mx, size, seed)
	if err != nil {
		return res, err
	}
	res.build = time.Since(start)

	var times []time.Duration
	last := time.Now()
	start = last
	deleted, err := reference.Drain(path, now, batch, func([]string, int) {
		t := time.Now()
		times = append(times, t.Sub(last))
		last = t
	})
	res.drain = time.Since(start)
	if err != nil {
		return res, err
	}
	res.deleted, res.batches = deleted, len(times)
	tenth := max(1, len(times)/10)
	res.first, res.last = median(times[:tenth]), median(times[len(times)-tenth:])

	got, err := census(path)
	if err != nil {
		return res, err
	}
	var problems []string
	if got.expired != 0 {
		problems = append(problems, fmt.Sprintf("%d expired done rows left", got.expired))
	}
	if got.pending != want.pending {
		problems = append(problems, fmt.Sprintf("%d pending rows deleted", want.pending-got.pending))
	}
	if got.live != want.live {
		problems = append(problems, fmt.Sprintf("%d live rows deleted", want.live-got.live))
	}
	if deleted != want.expired {
		problems = append(problems, fmt.Sprintf("deleted %d, want %d", deleted, want.expired))
	}
	res.problem = strings.Join(problems, "; ")
	return res, nil
}

// median resists the odd batch that waited on a checkpoint or the
// scheduler; the trend across the drain is what is measured.
func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// counts of the rows a drain at now must delete or keep.
type counts struct{ expired, pending, live int }

// build creates the store through InitDB (so it has the real schema and
// index) and bulk-loads size rows of the mix in one transaction, in id
// order with the statuses shuffled by seed.
func build(path string, mx mix, size int, seed uint64) (counts, error) {
	var c counts
	if err := reference.InitDB(path); err != nil {
		return c, err
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return c, err
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return c, err
	}
	defer tx.Rollback()
	stmt, err := tx.Prepare(`INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, 'f', ?, ?, ?)`)
	if err != nil {
		return c, err
	}
	defer stmt.Close()
	rng := rand.New(rand.NewPCG(seed, uint64(size)))
	for i := range size {
		var status string
		var response any
		var expires float64
		switch r := rng.IntN(1000); {
		case r < mx.expired:
			status, response, expires = "done", `{"ok":1}`, past
			c.expired++
		case r < mx.expired+mx.pending:
			// Half the pending rows expired long ago: a purge that reaps
			// by age would take them.
			status, expires = "pending", past
			if r%2 == 0 {
				expires = future
			}
			c.pending++
		default:
			status, response, expires = "done", `{"ok":1}`, future
			c.live++
		}
		if _, err := stmt.Exec(fmt.Sprintf("k%08d", i), status, response, expires); err != nil {
			return c, err
		}
	}
	return c, tx.Commit()
}

func census(path string) (counts, error) {
	var c counts
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return c, err
	}
	defer db.Close()
	err = db.QueryRow(`SELECT
		COUNT(*) FILTER (WHERE status = 'done' AND expires <= ?),
		COUNT(*) FILTER (WHERE status = 'pending'),
		COUNT(*) FILTER (WHERE status = 'done' AND expires > ?)
		FROM keys`, now, now).Scan(&c.expired, &c.pending, &c.live)
	return c, err
}

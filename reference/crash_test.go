package reference_test

import (
	"bufio"
	"bytes"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/reference"
)

// TestDrainKilled kills a drain with SIGKILL at a random moment, many
// times over, and checks what a crash may leave behind. The child is the
// test binary re-executed (see TestMain) on a fresh copy of one store:
// crashCandidates expired done rows k000000.., with pending rows (expired
// long ago or exactly at the drain's now) and live done rows interleaved
// in id order. It drains at now 10 in batches of 100, printing each
// batch's running total once it is committed. After each kill:
//
//   - PRAGMA integrity_check says "ok";
//   - the deleted rows are a prefix of the sorted candidate ids whose
//     length is a multiple of 100: each batch (consecutive candidates in
//     id order) was deleted whole or not at all, and in order;
//   - every batch the child reported as committed is still deleted, and
//     at most one more batch is (the one committed just before the kill);
//   - every other row, pending, live or candidate, is there unchanged;
//   - the store still works: a second drain deletes exactly the rest.
//
// The first round is not killed; its duration, from the child's start of
// the drain to its exit, bounds the random delays of the others (lowered
// whenever a round's drain finishes before its kill comes). The
// delays come from -crash.seed, logged so that a failing run can be
// repeated.
func TestDrainKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a drain many times over; skipped under -short")
	}
	t.Parallel()
	template := filepath.Join(t.TempDir(), "template.db")
	all, cands, image := buildCrashStore(t, template)
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("kill delays from -crash.seed=%d; %d rows, %d of them drain candidates", seed, len(all), len(cands))
	rng := rand.New(rand.NewPCG(seed, 0))

	// fresh returns a new copy of the template store.
	fresh := func(round int) string {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("round-%02d.db", round))
		if err := os.WriteFile(path, image, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}

	path := fresh(0)
	res := runDrainChild(t, path, -1)
	if res.killed || res.reported != len(cands) || res.finished != len(cands) {
		t.Fatalf("uncut drain: %+v, want every one of the %d candidates deleted\nstderr:\n%s", res, len(cands), res.stderr)
	}
	checkAfterCrash(t, "uncut drain", path, all, cands, res.reported)
	full := res.draining
	t.Logf("uncut drain: %d rows in %v", res.finished, full.Round(time.Millisecond))

	var killed, before, after int
	for round := 1; round <= *crashRounds; round++ {
		path := fresh(round)
		delay := time.Duration(rng.Float64() * float64(full))
		res := runDrainChild(t, path, delay)
		what := fmt.Sprintf("round %d (killed %v into the drain)", round, delay.Round(time.Microsecond))
		if !res.killed {
			t.Logf("%s: the drain had finished (%d rows in %v)", what, res.finished, res.draining.Round(time.Millisecond))
			if res.finished != len(cands) {
				t.Fatalf("%s: child exited on its own after %d rows\nstderr:\n%s", what, res.finished, res.stderr)
			}
			// The machine got faster (the tests running beside this one
			// finished): later delays stay within the shorter drain.
			full = min(full, res.draining)
		}
		n := checkAfterCrash(t, what, path, all, cands, res.reported)
		if res.killed {
			killed++
			if n == res.reported {
				before++
			} else {
				after++
			}
			t.Logf("%s: %d batches reported, %d deleted", what, res.reported/crashBatch, n/crashBatch)
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d of %d rounds killed mid-drain: %d between batches, %d after a commit the child had not yet reported",
		killed, *crashRounds, before, after)
}

var (
	crashRounds = flag.Int("crash.rounds", 30, "rounds of TestDrainKilled, each killing one drain")
	crashSeed   = flag.Uint64("crash.seed", 0, "seed of TestDrainKilled's kill delays (0: from the clock)")
)

// crashChildEnv holds the store the crash child drains.
const crashChildEnv = "IDEMLAB_CRASH_CHILD"

const (
	crashCandidates = 20000
	crashBatch      = 100
	crashNow        = 10
)

// crashChildMain drains the store at path, printing "ready" before the
// drain, "batch TOTAL" after each committed batch and "done TOTAL" at the
// end; stdout is unbuffered, so each line is out as soon as printed.
func crashChildMain(path string) int {
	fmt.Println("ready")
	n, err := reference.Drain(path, crashNow, crashBatch, func(batch []string, total int) {
		fmt.Printf("batch %d\n", total)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("done %d\n", n)
	return 0
}

// buildCrashStore creates the store every round copies and returns its
// rows, the sorted ids of the drain's candidates and the file's bytes. It
// bulk-loads the rows in one transaction, then checkpoints and closes
// every connection, which removes the write-ahead log: the bytes are read
// when the file alone is the whole store.
func buildCrashStore(t *testing.T, path string) ([]row, []string, []byte) {
	t.Helper()
	if err := reference.InitDB(path); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	stmt, err := tx.Prepare(`INSERT INTO keys (id, fingerprint, status, response, expires) VALUES (?, 'f', ?, ?, ?)`)
	if err != nil {
		t.Fatal(err)
	}
	var cands []string
	insert := func(id, status string, response any, expires float64) {
		if _, err := stmt.Exec(id, status, response, expires); err != nil {
			t.Fatal(err)
		}
	}
	for i := range crashCandidates {
		id := fmt.Sprintf("k%06d", i)
		// Expiries 0..10: the drain's now, 10, included.
		insert(id, "done", fmt.Sprintf(`{"n":%d}`, i), float64(i%11))
		cands = append(cands, id)
		if i%37 == 0 {
			// Sorts between this candidate and the next; expired long ago
			// or exactly at now, and never a candidate.
			insert(id+"-pending", "pending", nil, float64(i%2*crashNow))
		}
		if i%53 == 0 {
			insert(id+"-live", "done", fmt.Sprintf(`{"live":%d}`, i), crashNow+0.5)
		}
	}
	if err := stmt.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if side := sideFiles(t, path); len(side) != 0 {
		t.Fatalf("the template store still has %v beside it; a copy of the file alone would miss rows", side)
	}
	image, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rows(t, path), cands, image
}

type drainChild struct {
	killed   bool          // SIGKILL ended it
	reported int           // the last running total it printed
	finished int           // the total it printed at the end, if it got there
	draining time.Duration // from "ready" to its exit
	stderr   string
}

// runDrainChild runs the drain on path in a child process and, when delay
// is not negative, kills it with SIGKILL delay after it starts draining.
func runDrainChild(t *testing.T, path string, delay time.Duration) drainChild {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var res drainChild
	ready, eof := make(chan time.Time, 1), make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			word, num, _ := strings.Cut(sc.Text(), " ")
			n, _ := strconv.Atoi(num)
			switch word {
			case "ready":
				ready <- time.Now()
			case "batch":
				res.reported = n
			case "done":
				res.finished = n
			}
		}
		eof <- sc.Err()
	}()
	var started time.Time
	select {
	case started = <-ready:
	case err := <-eof:
		cmd.Wait()
		t.Fatalf("child ended before draining: %v\nstderr:\n%s", err, stderr.String())
	}
	var readErr error
	if delay >= 0 {
		select {
		case <-time.After(delay):
			// The child may have just exited: then its status says so.
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil && !errors.Is(err, os.ErrProcessDone) {
				t.Fatal(err)
			}
			readErr = <-eof
		case readErr = <-eof:
		}
	} else {
		readErr = <-eof
	}
	res.draining = time.Since(started)
	waitErr := cmd.Wait()
	if readErr != nil {
		t.Fatalf("reading the child's output: %v", readErr)
	}
	if status, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && status.Signaled() && status.Signal() == syscall.SIGKILL {
		res.killed = true
	} else if waitErr != nil {
		t.Fatalf("drain child: %v\nstderr:\n%s", waitErr, stderr.String())
	}
	res.stderr = stderr.String()
	return res
}

// checkAfterCrash checks the store a drain left at path, given the rows
// it started with, the sorted candidate ids and the running total the
// child reported last, and returns how many candidates were deleted. It
// then drains the rest and checks that only the candidates went.
func checkAfterCrash(t *testing.T, what, path string, all []row, cands []string, reported int) int {
	t.Helper()
	// A read-write connection, so that SQLite recovers the write-ahead
	// log the killed process left, as the next user of the store would.
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var check []string
	rs, err := db.Query(`PRAGMA integrity_check`)
	if err != nil {
		t.Fatalf("%s: integrity_check: %v", what, err)
	}
	for rs.Next() {
		var line string
		if err := rs.Scan(&line); err != nil {
			t.Fatal(err)
		}
		check = append(check, line)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	rs.Close()
	db.Close()
	if diff := cmp.Diff([]string{"ok"}, check); diff != "" {
		t.Errorf("%s: integrity_check (-want +got):\n%s", what, diff)
	}

	got := rows(t, path)
	isCand := map[string]bool{}
	for _, id := range cands {
		isCand[id] = true
	}
	var left []string
	for _, r := range got {
		if isCand[r.ID] {
			left = append(left, r.ID)
		}
	}
	n := len(cands) - len(left)
	if !slices.Equal(cands[n:], left) {
		t.Errorf("%s: %d candidates deleted, but the ones left are not the last %d in id order", what, n, len(left))
	}
	if n%crashBatch != 0 {
		t.Errorf("%s: %d candidates deleted, not a whole number of batches of %d", what, n, crashBatch)
	}
	if n != reported && n != min(reported+crashBatch, len(cands)) {
		t.Errorf("%s: %d candidates deleted; the child had reported %d committed, so want %d or one batch more", what, n, reported, reported)
	}
	if diff := cmp.Diff(without(all, cands[:n]), got); diff != "" {
		t.Errorf("%s: rows after the kill (-want +got):\n%s", what, diff)
	}

	rest, err := reference.Drain(path, crashNow, crashBatch, nil)
	if err != nil || rest != len(cands)-n {
		t.Errorf("%s: the drain after the kill = %d, %v; want the %d candidates left", what, rest, err, len(cands)-n)
	}
	if diff := cmp.Diff(without(all, cands), rows(t, path)); diff != "" {
		t.Errorf("%s: rows after draining the rest (-want +got):\n%s", what, diff)
	}
	return n
}

// without returns the rows whose ids are not in ids.
func without(all []row, ids []string) []row {
	drop := map[string]bool{}
	for _, id := range ids {
		drop[id] = true
	}
	out := []row{}
	for _, r := range all {
		if !drop[r.ID] {
			out = append(out, r)
		}
	}
	return out
}

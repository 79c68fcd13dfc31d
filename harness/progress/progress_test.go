package progress

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// clock is a fake clock, safe for concurrent use.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock {
	return &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// A step advances the fake clock by after, then calls do.
type step struct {
	after time.Duration
	do    func(m *Meter)
}

func start(item string) func(*Meter) { return func(m *Meter) { m.Start(item) } }
func done(item string) func(*Meter)  { return func(m *Meter) { m.Done(item) } }
func stage(name string) func(*Meter) { return func(m *Meter) { m.Stage(name) } }
func total(n int) func(*Meter)       { return func(m *Meter) { m.SetTotal(n) } }
func logf(s string) func(*Meter)     { return func(m *Meter) { m.Logf("%s", s) } }
func refresh(m *Meter)               { m.refresh() }
func finish(m *Meter)                { m.Finish() }

// play runs steps on a meter of total items with the fake clock and no
// refresh goroutine, and returns what it wrote.
func play(tty bool, total int, opt Options, steps []step) string {
	var buf bytes.Buffer
	c := newClock()
	opt.Terminal, opt.Now, opt.NoRefresh = &tty, c.Now, true
	m := New(&buf, total, opt)
	for _, s := range steps {
		c.Advance(s.after)
		s.do(m)
	}
	return buf.String()
}

// Shorthands for terminal output.
func drawn(line string) string { return "\r" + line + eraseLine }
func kept(line string) string  { return "\r" + eraseLine + line + "\n" }

func TestOutput(t *testing.T) {
	grade := Options{Label: "grade", Verb: "grading"}
	tests := []struct {
		name  string
		tty   bool
		total int
		opt   Options
		steps []step
		want  string
	}{{
		name:  "plain prints one line per interval, only on change",
		total: 4,
		opt:   grade,
		steps: []step{
			{0, start("s1")},
			{2 * time.Second, done("s1")},
			{0, start("s2")},
			{4 * time.Second, done("s2")},
			{0, start("s3")},
			{5 * time.Second, refresh},
			{10 * time.Second, refresh},
			{time.Second, done("s3")},
			{0, finish},
		},
		want: "grade: 2/4 (50%), 6s elapsed, about 6s left\n" +
			"grade: 2/4 (50%), 11s elapsed, about 11s left; grading s3\n" +
			"grade: 3/4 (75%), 22s elapsed, about 7s left\n" +
			"grade: 3/4 done in 22s\n",
	}, {
		name:  "plain interval is configurable",
		total: 3,
		opt:   Options{Label: "bench", Interval: time.Second},
		steps: []step{
			{time.Second, done("a")},
			{500 * time.Millisecond, done("b")},
			{500 * time.Millisecond, refresh},
			{time.Second, done("c")},
			{0, finish},
		},
		want: "bench: 1/3 (33%), 1s elapsed, about 2s left\n" +
			"bench: 2/3 (66%), 2s elapsed, about 1s left\n" +
			"bench: 3/3 (100%), 3s elapsed\n" +
			"bench: 3/3 done in 3s\n",
	}, {
		name:  "plain with nothing to report prints the summary only",
		total: 0,
		opt:   Options{Label: "grade"},
		steps: []step{{time.Minute, refresh}, {0, finish}},
		want:  "grade: done in 1m\n",
	}, {
		name: "plain unknown total shows count and elapsed only",
		opt:  Options{Label: "judge"},
		steps: []step{
			{6 * time.Second, done("m1")},
			{0, start("m2")},
			{time.Minute, total(10)},
			{0, finish},
		},
		want: "judge: 1 done, 6s elapsed\n" +
			"judge: 1/10 (10%), 1m6s elapsed, about 9m50s left; m2\n" +
			"judge: 1/10 done in 1m6s\n",
	}, {
		name: "plain stages",
		opt:  Options{Label: "mutants", Verb: "running"},
		steps: []step{
			{0, stage("building 156 mutants into one binary")},
			{12 * time.Second, stage("testing")},
			{0, total(156)},
			{0, start("m001")},
			{6 * time.Second, done("m001")},
			{0, finish},
		},
		want: "mutants: building 156 mutants into one binary, 0s elapsed\n" +
			"mutants: building 156 mutants into one binary, done in 12s\n" +
			"mutants: testing, 0s elapsed\n" +
			"mutants: testing, 1/156 (0%), 6s elapsed, about 16m left\n" +
			"mutants: 1/156 done in 18s\n",
	}, {
		name:  "plain Logf",
		total: 2,
		opt:   grade,
		steps: []step{
			{0, start("s1")},
			{0, logf("s1: no tests\n")},
			{9 * time.Second, done("s1")},
			{0, finish},
		},
		want: "s1: no tests\n" +
			"grade: 1/2 (50%), 9s elapsed, about 9s left\n" +
			"grade: 1/2 done in 9s\n",
	}, {
		name:  "terminal redraws in place and throttles",
		tty:   true,
		total: 3,
		opt:   grade,
		steps: []step{
			{0, start("a")},
			{2 * time.Second, done("a")},
			{0, start("b")},
			{50 * time.Millisecond, start("c")},
			{50 * time.Millisecond, refresh},
			{0, refresh},
			{time.Second, refresh},
			{0, finish},
		},
		want: drawn("grade: 0/3 (0%), 0s elapsed; grading a") +
			drawn("grade: 1/3 (33%), 2s elapsed, about 4s left") +
			drawn("grade: 1/3 (33%), 2s elapsed, about 4s left; grading c and 1 more") +
			drawn("grade: 1/3 (33%), 3s elapsed, about 6s left; grading c and 1 more") +
			kept("grade: 1/3 done in 3s"),
	}, {
		name: "terminal redraws only when the line changes",
		tty:  true,
		opt:  Options{Label: "judge"},
		steps: []step{
			{0, start("")},
			{0, start("")},
			{150 * time.Millisecond, refresh},
			{300 * time.Millisecond, refresh},
			{100 * time.Millisecond, refresh},
			{0, finish},
		},
		want: drawn("judge: 0 done, 0s elapsed; 1 running") +
			drawn("judge: 0 done, 0s elapsed; 2 running") +
			drawn("judge: 0 done, 1s elapsed; 2 running") +
			kept("judge: done in 1s"),
	}, {
		name: "terminal stages keep the ended stage",
		tty:  true,
		opt:  Options{Label: "mutants"},
		steps: []step{
			{0, stage("building")},
			{90 * time.Second, stage("testing")},
			{0, total(2)},
			{time.Second, done("x")},
			{0, finish},
		},
		want: drawn("mutants: building, 0s elapsed") +
			kept("mutants: building, done in 1m30s") +
			drawn("mutants: testing, 0s elapsed") +
			drawn("mutants: testing, 1/2 (50%), 1s elapsed, about 1s left") +
			kept("mutants: 1/2 done in 1m31s"),
	}, {
		name:  "terminal Logf prints above the line",
		tty:   true,
		total: 2,
		opt:   grade,
		steps: []step{
			{0, start("s1")},
			{10 * time.Millisecond, logf("s1: timed out")},
			{0, finish},
		},
		want: drawn("grade: 0/2 (0%), 0s elapsed; grading s1") +
			kept("s1: timed out") +
			drawn("grade: 0/2 (0%), 0s elapsed; grading s1") +
			kept("grade: 0/2 done in 0s"),
	}, {
		name:  "terminal line is truncated to the width",
		tty:   true,
		total: 2000,
		opt:   Options{Label: "grade", Verb: "grading", Width: 24},
		steps: []step{{0, start("student0001")}, {0, finish}},
		want:  drawn("grade: 0/2000 (0%), 0s ") + kept("grade: 0/2000 done in 0s"),
	}, {
		name:  "quiet prints nothing",
		tty:   true,
		total: 2,
		opt:   Options{Label: "grade", Quiet: true},
		steps: []step{
			{0, stage("one")},
			{0, start("a")},
			{time.Minute, done("a")},
			{0, logf("hidden")},
			{0, refresh},
			{0, stage("two")},
			{0, finish},
		},
		want: "",
	}, {
		name:  "calls after Finish print nothing",
		total: 1,
		steps: []step{
			{0, finish},
			{time.Minute, done("late")},
			{0, logf("late")},
			{0, stage("late")},
			{0, refresh},
			{0, finish},
		},
		want: "0/1 done in 0s\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := play(tt.tty, tt.total, tt.opt, tt.steps)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPlainHasNoControlCharacters checks that a busy plain meter writes
// lines of printable text only.
func TestPlainHasNoControlCharacters(t *testing.T) {
	var steps []step
	for i := range 200 {
		item := fmt.Sprintf("student%04d", i)
		steps = append(steps, step{0, start(item)}, step{777 * time.Millisecond, done(item)})
		if i%50 == 0 {
			steps = append(steps, step{0, stage(fmt.Sprintf("batch %d", i/50))})
		}
	}
	steps = append(steps, step{0, finish})
	got := play(false, 200, Options{Label: "grade"}, steps)
	if strings.ContainsFunc(got, func(r rune) bool { return r < ' ' && r != '\n' }) {
		t.Errorf("plain output has control characters:\n%q", got)
	}
	if lines := strings.Count(got, "\n"); lines < 20 || lines > 60 {
		t.Errorf("plain output has %d lines, want about one per 5s of 155s:\n%s", lines, got)
	}
}

func TestTerminalLinesFitTheWidth(t *testing.T) {
	for _, width := range []int{1, 10, 40, 80} {
		var steps []step
		for i := range 30 {
			item := fmt.Sprintf("très-long-nom-d-étudiant-%04d", i)
			steps = append(steps, step{0, start(item)}, step{time.Second, done(item)})
		}
		got := play(true, 30, Options{Label: "grade", Verb: "grading", Width: width}, steps)
		draws := strings.Split(got, "\r")[1:]
		if len(draws) < 1 || width >= 40 && len(draws) < 30 {
			t.Fatalf("width %d: %d redraws, want one per item", width, len(draws))
		}
		for _, d := range draws {
			line := strings.TrimSuffix(d, eraseLine)
			if n := len([]rune(line)); n > max(width-1, 1) {
				t.Errorf("width %d: line of %d runes: %q", width, n, line)
			}
		}
	}
}

func TestNilMeter(t *testing.T) {
	var m *Meter
	m.Stage("x")
	m.SetTotal(3)
	m.Start("a")
	m.Done("a")
	m.Logf("x")
	m.Finish()
}

// TestConcurrent runs many goroutines on one meter with the real clock and
// the refresh goroutine; run it with -race.
func TestConcurrent(t *testing.T) {
	const workers, items = 16, 250
	for _, tty := range []bool{false, true} {
		t.Run(fmt.Sprintf("terminal=%v", tty), func(t *testing.T) {
			var buf bytes.Buffer
			m := New(&buf, workers*items, Options{Label: "grade", Terminal: &tty, Interval: time.Millisecond})
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					for i := range items {
						item := fmt.Sprintf("w%d-%d", w, i)
						m.Start(item)
						if i%100 == 0 {
							m.Logf("%s halfway", item)
							time.Sleep(time.Millisecond)
						}
						m.Done(item)
					}
				})
			}
			wg.Wait()
			m.Finish()
			got := buf.String()
			want := fmt.Sprintf("grade: %d/%[1]d done in ", workers*items)
			last := got[strings.LastIndex(strings.TrimSuffix(got, "\n"), "\n")+1:]
			if !strings.HasPrefix(last, want) && !strings.Contains(last, eraseLine+want) {
				t.Errorf("last line %q, want it to start %q", last, want)
			}
			if n := strings.Count(got, "halfway"); n != workers*((items+99)/100) {
				t.Errorf("%d Logf lines, want %d", n, workers*((items+99)/100))
			}
			if !tty && strings.ContainsAny(got, "\r\x1b") {
				t.Errorf("plain output has control characters")
			}
		})
	}
}

// TestRefreshShowsPendingChange checks that the refresh goroutine prints a
// change that came within an interval of the last line, with no later
// call.
func TestRefreshShowsPendingChange(t *testing.T) {
	for _, tty := range []bool{false, true} {
		var buf syncBuffer
		m := New(&buf, 2, Options{Terminal: &tty, Interval: 20 * time.Millisecond})
		m.Start("only")
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(buf.String(), "; only") && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		m.Finish()
		if !strings.Contains(buf.String(), "; only") {
			t.Errorf("terminal=%v: refresh never showed the running item: %q", tty, buf.String())
		}
	}
}

// TestFinishStopsGoroutine checks that Finish waits for the refresh
// goroutine to return, promptly, and that no goroutine is left.
func TestFinishStopsGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	var ms []*Meter
	for _, tty := range []bool{false, true} {
		for range 10 {
			ms = append(ms, New(&syncBuffer{}, 5, Options{Terminal: &tty}))
		}
	}
	if n := runtime.NumGoroutine(); n < before+len(ms) {
		t.Fatalf("%d goroutines with %d meters, want at least %d", n, len(ms), before+len(ms))
	}
	t0 := time.Now()
	for _, m := range ms {
		m.Finish()
		select {
		case <-m.stopped:
		default:
			t.Fatal("Finish returned before the refresh goroutine")
		}
		m.Finish() // a second Finish neither blocks nor panics
	}
	// Finish must not wait out the refresh interval (5 s in plain mode);
	// only a wait of about that long is wrong, not a slow machine.
	if d := time.Since(t0); d > 4*time.Second {
		t.Errorf("Finish of %d meters took %v", len(ms), d)
	}
	// Other goroutines (the runtime's, the race detector's) come and go:
	// wait for the count to fall back rather than read it once.
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines 5 s after Finish, want at most %d", runtime.NumGoroutine(), before)
		}
	}
}

func TestQuietStartsNoGoroutine(t *testing.T) {
	m := New(&bytes.Buffer{}, 1, Options{Quiet: true})
	if m.stop != nil {
		t.Error("a quiet meter started a refresh goroutine")
	}
	m.Finish()
}

// syncBuffer is a bytes.Buffer that the test may read while the meter
// writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Default intervals between two lines: a terminal line is redrawn at most
// every TerminalInterval, a plain line printed at most every PlainInterval.
const (
	TerminalInterval = 100 * time.Millisecond
	PlainInterval    = 5 * time.Second
)

// DefaultWidth is the terminal width assumed when it cannot be asked.
const DefaultWidth = 80

// eraseLine is the ANSI sequence that erases from the cursor to the end of
// the line (EL, ESC[K).
const eraseLine = "\x1b[K"

// Options tunes a Meter. The zero value is a meter without a label that
// detects whether it writes to a terminal.
type Options struct {
	// Label starts every line, followed by ": " (for example "grade").
	Label string
	// Verb comes before the name of the running item: "grading" gives
	// "; grading student0121".
	Verb string
	// Quiet makes the meter print nothing at all (for a -q flag).
	Quiet bool
	// Interval is the least time between two lines: TerminalInterval
	// on a terminal and PlainInterval otherwise when zero. It is also the
	// period of the background refresh.
	Interval time.Duration
	// Terminal, when not nil, says whether to draw a terminal line,
	// instead of asking the writer (for tests).
	Terminal *bool
	// Width is the terminal width in columns; when zero it is asked of the
	// terminal at each redraw, or DefaultWidth.
	Width int
	// Now is the clock (for tests); time.Now when nil.
	Now func() time.Time
	// NoRefresh starts no background goroutine: lines are then written
	// only from the meter's methods, so that the output depends only on
	// Now (for tests and examples). Without it a goroutine redraws every
	// Interval so that the elapsed time and a pending change show even
	// while no item finishes; Finish stops it.
	NoRefresh bool
}

// A Meter reports the progress of a run of items on a writer. Its methods
// may be called from many goroutines at once; each holds a lock briefly
// and writes at most one short line. A nil *Meter is valid and does
// nothing, so code may take a meter that its caller leaves out.
type Meter struct {
	w        io.Writer
	label    string
	verb     string
	quiet    bool
	tty      bool
	interval time.Duration
	width    func() int
	now      func() time.Time

	stop    chan struct{} // closed by Finish; nil without a refresh goroutine
	stopped chan struct{} // closed by the refresh goroutine when it returns
	once    sync.Once

	mu         sync.Mutex
	start      time.Time // when New was called
	stage      string
	stageStart time.Time // when the stage began (start if none)
	stageDone  int       // items done when the stage began
	total      int
	done       int
	running    []string // items started and not done, oldest first
	version    int      // counts changes of state
	printed    int      // version last printed (plain mode)
	last       time.Time
	shown      string // terminal line on screen, "" if none
	finished   bool
}

// New returns a meter of total items (0 if unknown) writing to w. It draws
// a line redrawn in place when w is a terminal, plain lines otherwise, and
// nothing if opt.Quiet.
func New(w io.Writer, total int, opt Options) *Meter {
	m := &Meter{
		w:     w,
		label: opt.Label,
		verb:  opt.Verb,
		quiet: opt.Quiet,
		total: total,
		now:   opt.Now,
	}
	if m.now == nil {
		m.now = time.Now
	}
	m.tty, m.width = detect(w, opt)
	m.interval = opt.Interval
	if m.interval <= 0 {
		m.interval = defaultInterval(m.tty)
	}
	m.start = m.now()
	m.stageStart = m.start
	if !m.tty {
		m.last = m.start // the first plain line comes one interval in
	}
	if !m.quiet && !opt.NoRefresh {
		m.startRefresh()
	}
	return m
}

// Stderr returns a meter of total items writing to os.Stderr under label,
// printing nothing if quiet.
func Stderr(label string, total int, quiet bool) *Meter {
	return New(os.Stderr, total, Options{Label: label, Quiet: quiet})
}

func defaultInterval(tty bool) time.Duration {
	if tty {
		return TerminalInterval
	}
	return PlainInterval
}

// Start records that item is in progress. Several items may be in
// progress at once; the line names the most recently started.
func (m *Meter) Start(item string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.running = append(m.running, item)
	m.changed()
}

// Done records that one item is finished. If item was started it is no
// longer in progress; an item need not have been started.
func (m *Meter) Done(item string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.running = remove(m.running, item)
	m.done++
	m.changed()
}

// SetTotal sets the number of items, 0 meaning unknown.
func (m *Meter) SetTotal(n int) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.total = n
	m.changed()
}

// Stage begins a step of the run named name, such as "building 156
// mutants into one binary". The previous stage, if any, ends with a line
// saying how long it took; the new one is shown at once. Within a stage
// the elapsed time and the estimate count from its beginning; the count
// of items goes on. An empty name ends the stage without starting another.
func (m *Meter) Stage(name string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.finished || name == m.stage {
		return
	}
	now := m.now()
	if m.stage != "" && !m.quiet {
		m.permanent(m.stageSummary(now))
	}
	m.stage, m.stageStart, m.stageDone = name, now, m.done
	m.version++
	m.update(now, true)
}

// Logf prints a line of its own, formatted as by fmt.Sprintf, above the
// terminal line (which it redraws) or between plain lines. Quiet meters
// print nothing, this included.
func (m *Meter) Logf(format string, args ...any) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.quiet || m.finished {
		return
	}
	m.permanent(strings.TrimSuffix(fmt.Sprintf(format, args...), "\n"))
	if m.tty {
		m.redraw(m.now(), true)
	}
}

// Finish stops the background goroutine, clears the terminal line and
// prints the summary, such as "grade: 2000/2000 done in 9m24s". Later
// calls to the meter's methods print nothing.
func (m *Meter) Finish() {
	if m == nil {
		return
	}
	m.stopRefresh()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.finished {
		return
	}
	m.finished = true
	if !m.quiet {
		m.permanent(m.summary(m.now()))
	}
}

// changed notes a change of state and shows it if its time has come. The
// caller holds m.mu.
func (m *Meter) changed() {
	m.version++
	m.update(m.now(), false)
}

// update shows the state if its time has come, or at once if force. The
// caller holds m.mu.
func (m *Meter) update(now time.Time, force bool) {
	if m.quiet || m.finished {
		return
	}
	if m.tty {
		m.redraw(now, force)
	} else {
		m.printPlain(now, force)
	}
}

// redraw rewrites the terminal line if it changed and the last redraw is
// an interval old (or force, or nothing is shown).
func (m *Meter) redraw(now time.Time, force bool) {
	if !force && m.shown != "" && now.Sub(m.last) < m.interval {
		return
	}
	line := truncate(m.line(now), m.width()-1)
	if line == m.shown {
		return
	}
	m.write("\r" + line + eraseLine)
	m.shown, m.last = line, now
}

// printPlain prints a plain line if the state changed since the last one
// and that one is an interval old (or force).
func (m *Meter) printPlain(now time.Time, force bool) {
	if m.version == m.printed {
		return
	}
	if !force && now.Sub(m.last) < m.interval {
		return
	}
	m.write(m.line(now) + "\n")
	m.printed, m.last = m.version, now
}

// permanent prints text as a line of its own, clearing the terminal line
// first.
func (m *Meter) permanent(text string) {
	if m.shown != "" {
		text = "\r" + eraseLine + text
		m.shown = ""
	}
	m.write(text + "\n")
}

// write writes s; progress is best effort, so errors are dropped.
func (m *Meter) write(s string) {
	_, _ = io.WriteString(m.w, s)
}

// remove drops the last occurrence of item from running, if any.
func remove(running []string, item string) []string {
	for i := len(running) - 1; i >= 0; i-- {
		if running[i] == item {
			return append(running[:i], running[i+1:]...)
		}
	}
	return running
}

// During runs f, one long step that is not part of a counted run (a build,
// say), under a meter of its own made with opt that shows stage and the
// time it has taken, and returns f's error. With opt.Quiet it only runs f.
func During(w io.Writer, opt Options, stage string, f func() error) error {
	m := New(w, 0, opt)
	defer m.Finish()
	m.Stage(stage)
	return f()
}

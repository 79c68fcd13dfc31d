package progress

import (
	"fmt"
	"strings"
	"time"
)

// line renders the progress line, such as
// "grade: 120/2000 (6%), 34s elapsed, about 8m50s left; grading student0121".
// The caller holds m.mu.
func (m *Meter) line(now time.Time) string {
	elapsed := now.Sub(m.stageStart)
	var parts []string
	if m.stage != "" {
		parts = append(parts, m.stage)
	}
	if c := m.counts(); c != "" {
		parts = append(parts, c)
	}
	parts = append(parts, formatDuration(elapsed)+" elapsed")
	if left, ok := estimate(elapsed, m.done-m.stageDone, m.total-m.done); ok {
		parts = append(parts, "about "+formatDuration(roundLeft(left))+" left")
	}
	line := m.prefix() + strings.Join(parts, ", ")
	if r := describeRunning(m.verb, m.running); r != "" {
		line += "; " + r
	}
	return line
}

// counts renders "120/2000 (6%)", or "120 done" when the total is
// unknown, or nothing in a stage where nothing is counted.
func (m *Meter) counts() string {
	switch {
	case m.total > 0:
		return fmt.Sprintf("%d/%d (%d%%)", m.done, m.total, percent(m.done, m.total))
	case m.done > 0 || m.stage == "":
		return fmt.Sprintf("%d done", m.done)
	}
	return ""
}

// summary renders the final line, such as "grade: 2000/2000 done in 9m24s".
func (m *Meter) summary(now time.Time) string {
	var count string
	switch {
	case m.total > 0:
		count = fmt.Sprintf("%d/%d ", m.done, m.total)
	case m.done > 0:
		count = fmt.Sprintf("%d ", m.done)
	case m.stage != "":
		// Nothing was counted: the stage is all there was to say.
		count = m.stage + ", "
	}
	return m.prefix() + count + "done in " + formatDuration(now.Sub(m.start))
}

// stageSummary renders the line ending a stage, such as
// "mutants: building 156 mutants into one binary, done in 12s".
func (m *Meter) stageSummary(now time.Time) string {
	return m.prefix() + m.stage + ", done in " + formatDuration(now.Sub(m.stageStart))
}

func (m *Meter) prefix() string {
	if m.label == "" {
		return ""
	}
	return m.label + ": "
}

// describeRunning names the most recently started of running, such as
// "grading student0121 and 3 more", or counts them ("4 running") if it has
// no name.
func describeRunning(verb string, running []string) string {
	n := len(running)
	if n == 0 {
		return ""
	}
	latest := running[n-1]
	if latest == "" {
		return fmt.Sprintf("%d running", n)
	}
	if verb != "" {
		latest = verb + " " + latest
	}
	if n > 1 {
		latest += fmt.Sprintf(" and %d more", n-1)
	}
	return latest
}

func percent(done, total int) int {
	return min(100, done*100/total)
}

// estimate returns the time left for remaining items at the average rate
// of the done items that took elapsed; ok is false until one is done, or
// when none remain.
func estimate(elapsed time.Duration, done, remaining int) (left time.Duration, ok bool) {
	if done <= 0 || remaining <= 0 {
		return 0, false
	}
	return time.Duration(float64(elapsed) * float64(remaining) / float64(done)), true
}

// roundLeft rounds an estimate to a precision it may have: seconds under a
// minute, ten seconds under ten minutes, minutes beyond.
func roundLeft(d time.Duration) time.Duration {
	switch {
	case d < time.Minute:
		return d.Round(time.Second)
	case d < 10*time.Minute:
		return d.Round(10 * time.Second)
	}
	return d.Round(time.Minute)
}

// formatDuration renders d to the second, without zero tails: "0s",
// "34s", "8m50s", "9m", "1h2m3s", "2h".
func formatDuration(d time.Duration) string {
	s := max(d, 0).Round(time.Second).String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-len("0s")]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-len("0m")]
	}
	return s
}

// truncate cuts s to at most width runes.
func truncate(s string, width int) string {
	width = max(width, 1)
	n := 0
	for i := range s {
		if n == width {
			return s[:i]
		}
		n++
	}
	return s
}

package mutagen

import (
	"bytes"
	"fmt"
	"strings"
)

// Diff returns the mutant's one change to src as a unified diff of the
// changed region: the lines of Old, those the change leaves alone shown as
// context, under a header naming path and the mutant. It fails when Old
// does not occur exactly once in src.
func (m Mutant) Diff(src []byte, path string) (string, error) {
	if n := occurrences(src, m.Old); n != 1 {
		return "", fmt.Errorf("mutant %s: old text occurs %d times in %s, want exactly once", m.ID, n, path)
	}
	first := 1 + bytes.Count(src[:bytes.Index(src, []byte(m.Old))], []byte("\n"))
	old := strings.Split(m.Old, "\n")
	repl := strings.Split(m.New, "\n")
	// Lines both sides share at the start and at the end are context.
	pre := 0
	for pre < len(old) && pre < len(repl) && old[pre] == repl[pre] {
		pre++
	}
	post := 0
	for post < len(old)-pre && post < len(repl)-pre && old[len(old)-1-post] == repl[len(repl)-1-post] {
		post++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s (%s)\n", path, path, m.ID)
	fmt.Fprintf(&b, "@@ -%s +%s @@", hunkRange(first, len(old)), hunkRange(first, len(repl)))
	if m.Function != "" {
		fmt.Fprintf(&b, " func %s", m.Function)
	}
	b.WriteString("\n")
	for _, l := range old[:pre] {
		fmt.Fprintf(&b, " %s\n", l)
	}
	for _, l := range old[pre : len(old)-post] {
		fmt.Fprintf(&b, "-%s\n", l)
	}
	for _, l := range repl[pre : len(repl)-post] {
		fmt.Fprintf(&b, "+%s\n", l)
	}
	for _, l := range old[len(old)-post:] {
		fmt.Fprintf(&b, " %s\n", l)
	}
	return b.String(), nil
}

// hunkRange is a unified diff's "start,count" ("start" alone for one line).
func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

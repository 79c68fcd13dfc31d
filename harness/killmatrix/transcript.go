package killmatrix

import (
	"fmt"
	"sync"
)

// A Step is one lab command a script ran, as the harness saw it.
type Step struct {
	// Line is the script line that ran it.
	Line int `json:"line,omitempty"`
	// Args are the command line, the command's name first.
	Args   []string `json:"args"`
	Stdout string   `json:"stdout"`
	// Err is the command's error, "" on success.
	Err string `json:"err,omitempty"`
}

// Same reports whether two steps printed and failed alike.
func (s Step) Same(t Step) bool { return s.Stdout == t.Stdout && s.Err == t.Err }

// Limits bound what a transcript keeps, so that a script that prints a
// lot cannot grow the harness's memory: the output it keeps of one step,
// and of all steps together. What is cut is replaced by a note.
type Limits struct {
	Step, Total int
}

// DefaultLimits keep 16 KiB of a step's output and 256 KiB of a script's.
var DefaultLimits = Limits{Step: 16 << 10, Total: 256 << 10}

// A transcript records every lab command a script ran, in order, so that
// what the reference printed can be compared with what a mutant printed.
type transcript struct {
	mu     sync.Mutex
	limits Limits
	kept   int
	steps  []Step
}

func (t *transcript) add(s Step) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s.Stdout = t.cut(s.Stdout)
	s.Err = t.cut(s.Err)
	t.steps = append(t.steps, s)
}

// cut shortens text to what the limits still allow.
func (t *transcript) cut(text string) string {
	room := min(t.limits.Step, t.limits.Total-t.kept)
	if room < 0 {
		room = 0
	}
	if len(text) <= room {
		t.kept += len(text)
		return text
	}
	t.kept += room
	return text[:room] + fmt.Sprintf("…(%d bytes not kept)", len(text)-room)
}

// Steps returns a copy of the recorded steps.
func (t *transcript) Steps() []Step {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Step(nil), t.steps...)
}

// FirstDivergence returns the index of the first step whose output differs
// between two transcripts of the same script, or -1 when they agree as far
// as both go.
func FirstDivergence(ref, mut []Step) int {
	for i := range min(len(ref), len(mut)) {
		if !ref[i].Same(mut[i]) {
			return i
		}
	}
	return -1
}

package predict

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"

	"idemlab/harness/internal/jsonpos"
)

// HistoryVersion is the prediction history format this package reads.
const HistoryVersion = 1

// A History is a checkout's record of when each prediction was first seen
// and when each mutant's answer was first revealed, so that a verdict can
// say whether its prediction came first. It lives beside the worksheet and
// is committed with it.
type History struct {
	Schema  string                    `json:"$schema,omitempty"`
	Version int                       `json:"version"`
	Mutants map[string]*MutantHistory `json:"mutants"`
	changed bool
}

// MutantHistory is one mutant's record.
type MutantHistory struct {
	// Predictions lists each distinct prediction recorded, with when it
	// was first seen.
	Predictions []Recorded `json:"predictions"`
	// Revealed is when the mutant's answer (its killers) was first shown
	// on this checkout, and By what: ByPrediction (it was predicted),
	// ByReveal (-reveal showed it before), ByInstructor or ByCI (the
	// instructor's view showed it, asked for or chosen by CI).
	Revealed *time.Time `json:"revealed,omitempty"`
	By       string     `json:"by,omitempty"`
}

// Recorded is one prediction as the history keeps it: a digest of its
// fields, and when it was first seen.
type Recorded struct {
	Digest string    `json:"digest"`
	Seen   time.Time `json:"seen"`
}

// MaxHistorySize bounds the history file LoadHistory reads: a class's
// history is a few kilobytes, and a checkout is untrusted.
const MaxHistorySize = 4 << 20

// LoadHistory reads the history in file; a file that does not exist is an
// empty history. Only a regular file of at most MaxHistorySize bytes is
// read: a symbolic link (to /dev/zero, say), a FIFO or a device in its
// place is an error naming the file, never read.
func LoadHistory(file string) (*History, error) {
	f, err := os.OpenFile(file, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return NewHistory(), nil
	}
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("%s: a symbolic link, not the prediction history's file", file)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%v), so not read as the prediction history", file, info.Mode().Type())
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxHistorySize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxHistorySize {
		return nil, fmt.Errorf("%s: larger than the prediction history's limit of %d bytes", file, MaxHistorySize)
	}
	return ParseHistory(file, data)
}

// ParseHistory reads a history from its JSON (harness/schemas/history.schema.json),
// strictly: an unknown field, a value of the wrong type or another
// version is an error naming file and line.
func ParseHistory(file string, data []byte) (*History, error) {
	f := jsonpos.File{Name: file, Data: data}
	h := &History{}
	if err := f.DecodeStrict(h, "prediction history"); err != nil {
		return nil, err
	}
	if h.Version != HistoryVersion {
		return nil, f.Errorf(0, "version %d, want %d", h.Version, HistoryVersion)
	}
	if h.Mutants == nil {
		h.Mutants = map[string]*MutantHistory{}
	}
	return h, nil
}

// NewHistory is an empty history.
func NewHistory() *History {
	return &History{Version: HistoryVersion, Mutants: map[string]*MutantHistory{}}
}

// digest identifies what a prediction says (not where it is written).
func digest(p Prediction) string {
	sum := sha256.Sum256([]byte(strings.Join([]string{p.Killer, string(p.Evidence), p.Reason, strings.Join(p.Survives, ",")}, "\x00")))
	return hex.EncodeToString(sum[:8])
}

func (h *History) mutant(name string) *MutantHistory {
	m := h.Mutants[name]
	if m == nil {
		m = &MutantHistory{Predictions: []Recorded{}}
		h.Mutants[name] = m
	}
	return m
}

// Record notes, at now, every prediction of sheet not seen before, then
// the first reveal of each mutant in revealed (by says how). A prediction
// recorded in the same run as its mutant's reveal counts as before it.
func (h *History) Record(sheet *Sheet, revealed []string, by map[string]string, now time.Time) {
	for _, p := range sheet.Predictions {
		m, d := h.mutant(p.Mutant), digest(p)
		if !slices.ContainsFunc(m.Predictions, func(r Recorded) bool { return r.Digest == d }) {
			m.Predictions = append(m.Predictions, Recorded{Digest: d, Seen: now})
			h.changed = true
		}
	}
	for _, name := range revealed {
		if m := h.mutant(name); m.Revealed == nil {
			t := now
			m.Revealed, m.By, h.changed = &t, by[name], true
		}
	}
}

// Before reports whether p was first seen no later than its mutant's
// first reveal (true when it was never revealed), and whether the history
// knows p at all.
func (h *History) Before(p Prediction) (before, known bool) {
	m := h.Mutants[p.Mutant]
	if m == nil {
		return false, false
	}
	d := digest(p)
	i := slices.IndexFunc(m.Predictions, func(r Recorded) bool { return r.Digest == d })
	if i < 0 {
		return false, false
	}
	return m.Revealed == nil || !m.Predictions[i].Seen.After(*m.Revealed), true
}

// How a reveal is recorded (MutantHistory.By).
const (
	// ByPrediction: the mutant was predicted, and the run showed its answer.
	ByPrediction = "prediction"
	// ByReveal: -reveal, or IDEMLAB_VIEW=reveal, showed it unpredicted.
	ByReveal = "reveal"
	// ByInstructor: the instructor's view (-instructor, IDEMLAB_VIEW=instructor)
	// showed it, in a student's checkout.
	ByInstructor = "instructor"
	// ByCI: a CI runner's environment (CI set) chose the instructor's view
	// of go test -v's log, in a student's checkout.
	ByCI = "ci"
)

// Impossible lists what no run of the harness could have written in h,
// graded at now, one line per mutant, each naming the mutant: a time
// after now, predictions not in the order they were seen, a reveal
// without a way it was shown or by a way the harness does not record, a
// prediction with no reveal (every run that sees a prediction records
// its answer shown, at that time, unless it was shown before), a reveal
// later than the first prediction, or a reveal by prediction at another
// time than the first prediction's.
// The harness only appends to a history, at the time of the run, so any
// of these means the file was edited by hand.
func (h *History) Impossible(now time.Time) []Impossible {
	var out []Impossible
	names := slices.Sorted(maps.Keys(h.Mutants))
	for _, name := range names {
		m := h.Mutants[name]
		if m == nil {
			out = append(out, Impossible{name, "null, not a record"})
			continue
		}
		if why := m.impossible(now); why != "" {
			out = append(out, Impossible{name, why})
		}
	}
	return out
}

// Impossible is one mutant's record that no run could have written.
type Impossible struct {
	Mutant, Why string
}

func (m *MutantHistory) impossible(now time.Time) string {
	stamp := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	for i, r := range m.Predictions {
		switch {
		case r.Seen.After(now):
			return fmt.Sprintf("a prediction seen %s, after the grading (%s)", stamp(r.Seen), stamp(now))
		case i > 0 && r.Seen.Before(m.Predictions[i-1].Seen):
			return fmt.Sprintf("a prediction seen %s listed after one seen %s: the history only appends", stamp(r.Seen), stamp(m.Predictions[i-1].Seen))
		}
	}
	switch {
	case m.Revealed == nil && m.By != "":
		return fmt.Sprintf("shown by %q with no time", m.By)
	case m.Revealed == nil && len(m.Predictions) > 0:
		return "a prediction with no record of its answer shown, which every run that sees a prediction writes"
	case m.Revealed == nil:
	case m.Revealed.After(now):
		return fmt.Sprintf("its answer revealed %s, after the grading (%s)", stamp(*m.Revealed), stamp(now))
	case !slices.Contains([]string{ByPrediction, ByReveal, ByInstructor, ByCI}, m.By):
		return fmt.Sprintf("its answer shown by %q, which the harness never records", m.By)
	default:
		return m.revealOrder(stamp)
	}
	return ""
}

// revealOrder says what is impossible in when m's answer was first shown
// against its first prediction: the run that first sees a prediction
// shows its answer, so the reveal is never later than that prediction,
// and a reveal by prediction is at the very time of the first one.
func (m *MutantHistory) revealOrder(stamp func(time.Time) string) string {
	if len(m.Predictions) == 0 {
		if m.By == ByPrediction {
			return "shown by its prediction, and no prediction recorded"
		}
		return ""
	}
	first := m.Predictions[0].Seen
	switch {
	case m.Revealed.After(first):
		return fmt.Sprintf("its answer first shown %s, after its first prediction was seen (%s), whose run shows it", stamp(*m.Revealed), stamp(first))
	case m.By == ByPrediction && !m.Revealed.Equal(first):
		return fmt.Sprintf("shown by its prediction at %s, before any prediction was seen (%s)", stamp(*m.Revealed), stamp(first))
	}
	return ""
}

// Changed reports whether Record added anything since the history was
// read.
func (h *History) Changed() bool { return h.changed }

// Save writes the history to file, indented, when it changed.
func (h *History) Save(file string) error {
	if !h.changed {
		return nil
	}
	data, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(file, append(data, '\n'), 0o644)
}

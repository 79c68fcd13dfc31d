package killmatrix_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/reference/idem"
)

// otherWords is a correct store that refuses a NaN time in words of its
// own: the contract says a NaN time is an error, not which words it has.
func otherWords(name string) lab.Impl {
	return fake(name, func(a *idem.API) {
		fetch := a.Fetch
		a.Fetch = func(path, key string, now float64) (any, error) {
			if math.IsNaN(now) {
				return nil, errors.New("Fetch: the time is not a number")
			}
			return fetch(path, key, now)
		}
	})
}

// TestWheats: an observation that passes on the reference but fails on a
// wheat (here, one that asserts the reference's words for a refusal) is
// broken, named with the wheat and its failure there; it kills no
// mutant, even one it fails on; the gate names the observation and the
// wheat; an observation that passes on every wheat stays evidence.
func TestWheats(t *testing.T) {
	dir := t.TempDir()
	words := script(t, dir, "edge", "fetch_nan_words", `# the reference's words for a NaN time
idem init
! idem fetch k NaN
stderr 'now is NaN'
`)
	refused := script(t, dir, "edge", "fetch_nan_refused", `# a NaN time is refused
idem init
! idem fetch k NaN
`)
	l := labWith(ref())
	l.Wheats = []lab.Impl{ref(), otherWords("words")}
	l.Wheats[0].Name = "same"
	m := killmatrix.Build(l, []lab.Impl{otherWords("mutant")}, []killmatrix.Observation{words, refused}, killmatrix.Options{Timeout: time.Minute})
	w, r := m.Observations[0], m.Observations[1]
	if w.Status != outcome.Broken || w.Wheat != "words" || w.OnWheat == nil || w.Reference.Status != outcome.Pass {
		t.Fatalf("observation failing on a wheat: status %s, wheat %q, reference %s, want broken on wheat words after passing on the reference", w.Status, w.Wheat, w.Reference.Status)
	}
	if f := w.Failure(); f.Status != outcome.Fail || !strings.Contains(f.Message, "no match") || f.Line != 4 {
		t.Errorf("its failure on the wheat: %+v, want the stderr check at line 4", f)
	}
	if got := w.FailedOn(l); got != "words" {
		t.Errorf("FailedOn = %q, want words", got)
	}
	if r.Status != outcome.Pass || r.Wheat != "" {
		t.Errorf("observation passing on every wheat: status %s, wheat %q, want pass", r.Status, r.Wheat)
	}
	if mu := m.Mutants[0]; mu.Outcome != outcome.Survived || len(mu.KilledBy) != 0 {
		t.Errorf("mutant failed only by the broken observation: %s killed by %v, want survived", mu.Outcome, mu.KilledBy)
	}
	if s := m.Summary(); s.Broken != 1 {
		t.Errorf("summary counts %d broken observations, want 1", s.Broken)
	}
	err := m.Gate()
	if err == nil || !strings.Contains(err.Error(), "observation edge/fetch_nan_words fails on the wheat words: ") {
		t.Errorf("gate: %v\nwant it to name the observation and the wheat", err)
	}
}

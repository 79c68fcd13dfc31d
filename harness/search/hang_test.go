package search_test

import (
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/search"
)

// stalling is the counter's reference, named name, whose Get waits for
// delay(call) (calls numbered from 1), or until the test ends: a command
// that is slow or does not return, once or every time. stalled counts
// the calls that waited.
func stalling(t *testing.T, name string, stalled *atomic.Int64, delay func(call int64) time.Duration) lab.Impl {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	var calls atomic.Int64
	api := counter.Reference.Value.(counter.API)
	get := api.Get
	api.Get = func(path string) (int, error) {
		if d := delay(calls.Add(1)); d > 0 {
			stalled.Add(1)
			select {
			case <-stop:
			case <-time.After(d):
			}
		}
		return get(path)
	}
	return lab.Impl{Name: name, Value: api}
}

// forever is a delay longer than any test.
const forever = time.Duration(math.MaxInt64)

// hangSummary is what a search with a command that stalls is judged by.
type hangSummary struct {
	Stalled, Found, Hung, Confirmed bool
	// Programs and OutOfTime are what idemlab mutate -record reads: a
	// search is recorded when it found nothing in all its programs.
	Programs  int
	OutOfTime bool
}

// TestHangConfirmed: a command that does not return within the call
// timeout is a difference only when it does not return within the hang
// timeout more either, nor when its program runs again in fresh folders.
// A one-off stall, on the other implementation or on the reference, as a
// loaded machine makes one, and a command always slower than the call
// timeout are no difference, and the search spends its whole budget, as
// a search to record must; a Get that never returns is found, and its
// script confirmed.
func TestHangConfirmed(t *testing.T) {
	l := counter.Lab()
	opt := search.Options{Seed: 1, Programs: 10, Steps: 6, CallTimeout: 50 * time.Millisecond, HangTimeout: 500 * time.Millisecond}
	once := func(call int64) time.Duration {
		if call == 3 {
			return forever
		}
		return 0
	}
	always := func(int64) time.Duration { return forever }
	slow := func(int64) time.Duration { return 2 * opt.CallTimeout }
	tests := []struct {
		name       string
		ref, other func(*testing.T, *atomic.Int64) lab.Impl
		want       hangSummary
	}{
		{
			name:  "other stalls once",
			ref:   func(*testing.T, *atomic.Int64) lab.Impl { return counter.Reference },
			other: func(t *testing.T, n *atomic.Int64) lab.Impl { return stalling(t, "stalls-once", n, once) },
			want:  hangSummary{Stalled: true, Programs: 10},
		},
		{
			name:  "reference stalls once",
			ref:   func(t *testing.T, n *atomic.Int64) lab.Impl { return stalling(t, "reference-stalls-once", n, once) },
			other: func(*testing.T, *atomic.Int64) lab.Impl { return counter.Reference },
			want:  hangSummary{Stalled: true, Programs: 10},
		},
		{
			name:  "other always slow",
			ref:   func(*testing.T, *atomic.Int64) lab.Impl { return counter.Reference },
			other: func(t *testing.T, n *atomic.Int64) lab.Impl { return stalling(t, "always-slow", n, slow) },
			want:  hangSummary{Stalled: true, Programs: 10},
		},
		{
			name:  "other always hangs",
			ref:   func(*testing.T, *atomic.Int64) lab.Impl { return counter.Reference },
			other: func(t *testing.T, n *atomic.Int64) lab.Impl { return stalling(t, "always-hangs", n, always) },
			want:  hangSummary{Stalled: true, Found: true, Hung: true, Confirmed: true, Programs: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stalled atomic.Int64
			res, err := search.Run(l, tt.ref(t, &stalled), tt.other(t, &stalled), opt)
			if err != nil {
				t.Fatal(err)
			}
			got := hangSummary{Stalled: stalled.Load() > 0, Found: res.Found(), Programs: res.Programs, OutOfTime: res.OutOfTime}
			if res.Found() {
				last := res.Script.Steps[len(res.Script.Steps)-1]
				got.Hung, got.Confirmed = last.Other.Hung, res.Script.Confirmed
				t.Logf("%s", res.Script.Observation())
				if what := res.Script.What(); !strings.Contains(what, "does not return") {
					t.Errorf("What() = %q, want it to say the command does not return", what)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("search (-want +got):\n%s", diff)
			}
		})
	}
}

package lease_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/labs/lease/reference/lease"
)

// run runs lines in dir against impl and returns each line's output, or
// "error: ..." for a line that failed.
func run(t *testing.T, impl lab.Impl, dir string, lines ...[]string) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		var b bytes.Buffer
		if err := lease.Run(impl, dir, l, &b); err != nil {
			out = append(out, "error: "+strings.SplitN(err.Error(), "\n", 2)[0])
			continue
		}
		out = append(out, b.String())
	}
	return out
}

func TestRunOutputs(t *testing.T) {
	dir := t.TempDir()
	got := run(t, lease.Reference, dir,
		[]string{"init"},
		[]string{"claim", "k1", "v1", "A", "0", "10"},
		[]string{"claim", "k2", "v1", "A", "0", "5"},
		[]string{"renew", "k1", "A", "1", "5", "10"},
		[]string{"takeover", "k2", "v1", "B", "5", "10"},
		[]string{"finish", "k2", "v1", "1", `{"receipt":1}`},
		[]string{"finish", "k2", "v1", "2", `{"html":"<b>","n":12345678901234567890}`},
		[]string{"fetch", "k2"},
		[]string{"fetch", "k1"},
		[]string{"abandoned", "100"},
		[]string{"abandoned", "100", "1"},
		[]string{"compensate", "k1", "100", `"gave up"`},
		[]string{"inspect", "k1"},
		[]string{"inspect", "nobody"},
		[]string{"cycle", "k3"},
		[]string{"rows"},
	)
	want := []string{
		"",
		"1\n",
		"1\n",
		"true\n",
		"2\n",
		"false\n",
		"true\n",
		`{"html":"<b>","n":12345678901234567890}` + "\n",
		"null\n",
		`["k1"]` + "\n",
		`["k1"]` + "\n",
		"true\n",
		`{"status":"failed","owner":"A","lease_until":15,"token":2}` + "\n",
		`{"status":"","owner":"","lease_until":0,"token":0}` + "\n",
		"false\n",
		`{"id":"k1","fingerprint":"v1","status":"failed","response":"gave up","owner":"A","lease_until":15,"token":2}` + "\n" +
			`{"id":"k2","fingerprint":"v1","status":"done","response":{"html":"<b>","n":12345678901234567890},"owner":"B","lease_until":15,"token":2}` + "\n" +
			`{"id":"k3","fingerprint":"v1","status":"done","response":{"receipt":2},"owner":"B","lease_until":20,"token":2}` + "\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
}

// TestRunPassesValuesOn: every value the Go types carry reaches the
// store, whose own checks then answer.
func TestRunPassesValuesOn(t *testing.T) {
	dir := t.TempDir()
	got := run(t, lease.Reference, dir,
		[]string{"init"},
		[]string{"claim", "k1", "v1", "A", "NaN", "10"},
		[]string{"claim", "k1", "v1", "A", "0", "-Inf"},
		[]string{"claim", "k1", "v1", "A", "0", "10"},
		[]string{"finish", "k1", "v1", "-5", "1"},
		[]string{"finish", "k1", "v1", "1", "null"},
		[]string{"abandoned", "10", "101"},
	)
	want := []string{
		"",
		`error: Claim "k1": now is NaN, not a finite time`,
		`error: Claim "k1": ttl is -Inf, not a positive finite number of seconds`,
		"1\n",
		"false\n",
		`error: Finish "k1": response is nil: a finished or failed key needs one`,
		"error: Abandoned: invalid limit: want an integer in 1..100 (got 101)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
}

// TestInterleave: the second worker runs while the takeover holds the
// write lock, waits, and runs after it; a command that makes no query
// runs everything after.
func TestInterleave(t *testing.T) {
	dir := t.TempDir()
	got := run(t, lease.Reference, dir,
		[]string{"init"},
		[]string{"claim", "k1", "v1", "A", "0", "10"},
		[]string{"interleave", "takeover k1 v1 B 10 10", "inspect k1", "takeover k1 v1 C 10 10"},
		[]string{"interleave", "claim k2 v1 A 0 10", "claim k2 v1 B 0 10"},
	)
	want := []string{
		"", "1\n",
		`during: inspect k1 => {"status":"pending","owner":"A","lease_until":10,"token":1}` + "\n" +
			"waits: takeover k1 v1 C 10 10 (the store is locked)\n" +
			"takeover k1 v1 B 10 10 => 2\n" +
			"after: takeover k1 v1 C 10 10 => 0\n",
		"claim k2 v1 A 0 10 => 1\nafter: claim k2 v1 B 0 10 => 0\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("interleavings (-want +got):\n%s", diff)
	}
}

package reference_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/labs/lease/reference"
)

// Stores the cases start from, each built on a fresh store through the API.
var (
	empty   = func(t *testing.T, path string) {}
	pending = func(t *testing.T, path string) { // k1: A's, token 1, lease lapsing at 10
		must[int64](t)(reference.Claim(path, "k1", "v1", "A", 0, 10))
	}
	done = func(t *testing.T, path string) { // k1: done with {"receipt":1}
		pending(t, path)
		must[bool](t)(reference.Finish(path, "k1", "v1", 1, map[string]any{"receipt": 1}))
	}
	failed = func(t *testing.T, path string) { // k1: compensated at 20, token 2
		pending(t, path)
		must[bool](t)(reference.Compensate(path, "k1", 20, map[string]any{"error": "abandoned"}))
	}
	takenOver = func(t *testing.T, path string) { // k1: B's since 10, token 2, lease lapsing at 20
		pending(t, path)
		must[int64](t)(reference.Takeover(path, "k1", "v1", "B", 10, 10))
	}
)

// A storeCase runs one operation on a store set up by setup, and checks
// what it returned and the rows it left.
type storeCase struct {
	name  string
	setup func(*testing.T, string)
	op    func(path string) (any, error)
	want  any
	// err, when set, is a part of the error the operation must return;
	// then the rows must be those setup left.
	err  string
	rows []row // the rows after the operation, when err is not set; nil: unchanged
}

func runCases(t *testing.T, cases []storeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := newStore(t)
			tc.setup(t, path)
			before := rows(t, path)
			got, err := tc.op(path)
			switch {
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error %v, want one containing %q", err, tc.err)
			case tc.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.err == "":
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("result (-want +got):\n%s", diff)
				}
			}
			want := tc.rows
			if want == nil || tc.err != "" {
				want = before
			}
			if diff := cmp.Diff(want, rows(t, path)); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

func claim(key, digest, owner string, now, ttl float64) func(string) (any, error) {
	return func(path string) (any, error) { return reference.Claim(path, key, digest, owner, now, ttl) }
}

func renew(key, owner string, token int64, now, ttl float64) func(string) (any, error) {
	return func(path string) (any, error) { return reference.Renew(path, key, owner, token, now, ttl) }
}

func takeover(key, digest, owner string, now, ttl float64) func(string) (any, error) {
	return func(path string) (any, error) { return reference.Takeover(path, key, digest, owner, now, ttl) }
}

func finish(key, digest string, token int64, response any) func(string) (any, error) {
	return func(path string) (any, error) { return reference.Finish(path, key, digest, token, response) }
}

func compensate(key string, now float64, response any) func(string) (any, error) {
	return func(path string) (any, error) { return reference.Compensate(path, key, now, response) }
}

var (
	pendingRow   = row{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "A", LeaseUntil: 10, Token: 1}
	doneRow      = row{ID: "k1", Fingerprint: "v1", Status: "done", Response: text(`{"receipt":1}`), Owner: "A", LeaseUntil: 10, Token: 1}
	failedRow    = row{ID: "k1", Fingerprint: "v1", Status: "failed", Response: text(`{"error":"abandoned"}`), Owner: "A", LeaseUntil: 10, Token: 2}
	takenOverRow = row{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "B", LeaseUntil: 20, Token: 2}
)

func TestClaim(t *testing.T) {
	runCases(t, []storeCase{
		{"new key", empty, claim("k1", "v1", "A", 5, 2.5), int64(1), "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "A", LeaseUntil: 7.5, Token: 1}}},
		{"empty key, digest and owner", empty, claim("", "", "", 0, 1), int64(1), "",
			[]row{{Status: "pending", LeaseUntil: 1, Token: 1}}},
		{"live pending key", pending, claim("k1", "v2", "B", 5, 100), int64(0), "", nil},
		{"lapsed pending key", pending, claim("k1", "v1", "B", 50, 10), int64(0), "", nil},
		{"done key", done, claim("k1", "v1", "B", 50, 10), int64(0), "", nil},
		{"failed key", failed, claim("k1", "v1", "B", 50, 10), int64(0), "", nil},
		{"NaN now", empty, claim("k1", "v1", "A", math.NaN(), 10), nil, "now is NaN", nil},
		{"infinite now", empty, claim("k1", "v1", "A", math.Inf(-1), 10), nil, "now is -Inf", nil},
		{"zero ttl", empty, claim("k1", "v1", "A", 0, 0), nil, "ttl is 0", nil},
		{"negative ttl", empty, claim("k1", "v1", "A", 0, -1), nil, "ttl is -1", nil},
		{"NaN ttl", empty, claim("k1", "v1", "A", 0, math.NaN()), nil, "ttl is NaN", nil},
		{"infinite ttl", empty, claim("k1", "v1", "A", 0, math.Inf(1)), nil, "ttl is +Inf", nil},
		{"ttl lost in rounding", empty, claim("k1", "v1", "A", 1e20, 1), nil, "not a finite time after now", nil},
		{"lease end overflows", empty, claim("k1", "v1", "A", 1e308, 1e308), nil, "not a finite time after now", nil},
		{"time checked before ttl", empty, claim("k1", "v1", "A", math.NaN(), 0), nil, "now is NaN", nil},
	})
}

func TestRenew(t *testing.T) {
	renewed := pendingRow
	renewed.LeaseUntil = 15
	shortened := pendingRow
	shortened.LeaseUntil = 3
	runCases(t, []storeCase{
		{"live lease", pending, renew("k1", "A", 1, 5, 10), true, "", []row{renewed}},
		{"just before the lapse", pending, renew("k1", "A", 1, math.Nextafter(10, 0), 5), true, "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "A", LeaseUntil: math.Nextafter(10, 0) + 5, Token: 1}}},
		{"shortened", pending, renew("k1", "A", 1, 1, 2), true, "", []row{shortened}},
		{"at the lapse", pending, renew("k1", "A", 1, 10, 10), false, "", nil},
		{"after the lapse", pending, renew("k1", "A", 1, 11, 10), false, "", nil},
		{"another owner", pending, renew("k1", "B", 1, 5, 10), false, "", nil},
		{"a higher token", pending, renew("k1", "A", 2, 5, 10), false, "", nil},
		{"token 0", pending, renew("k1", "A", 0, 5, 10), false, "", nil},
		{"the old holder after a takeover", takenOver, renew("k1", "A", 1, 12, 10), false, "", nil},
		{"the new holder after a takeover", takenOver, renew("k1", "B", 2, 12, 10), true, "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "B", LeaseUntil: 22, Token: 2}}},
		{"done key, live lease", done, renew("k1", "A", 1, 5, 10), false, "", nil},
		{"failed key", failed, renew("k1", "A", 2, 5, 10), false, "", nil},
		{"unknown key", empty, renew("k1", "A", 1, 5, 10), false, "", nil},
		{"NaN now", pending, renew("k1", "A", 1, math.NaN(), 10), nil, "Renew \"k1\": now is NaN", nil},
		{"zero ttl", pending, renew("k1", "A", 1, 5, 0), nil, "ttl is 0", nil},
	})
}

func TestTakeover(t *testing.T) {
	runCases(t, []storeCase{
		{"at the lapse", pending, takeover("k1", "v1", "B", 10, 10), int64(2), "", []row{takenOverRow}},
		{"long after the lapse", pending, takeover("k1", "v1", "B", 25, 10), int64(2), "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "B", LeaseUntil: 35, Token: 2}}},
		{"by the previous owner", pending, takeover("k1", "v1", "A", 15, 10), int64(2), "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "A", LeaseUntil: 25, Token: 2}}},
		{"a second time", takenOver, takeover("k1", "v1", "C", 20, 5), int64(3), "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: "C", LeaseUntil: 25, Token: 3}}},
		{"just before the lapse", pending, takeover("k1", "v1", "B", math.Nextafter(10, 0), 10), int64(0), "", nil},
		{"another fingerprint", pending, takeover("k1", "v2", "B", 20, 10), int64(0), "", nil},
		{"done key", done, takeover("k1", "v1", "B", 30, 10), int64(0), "", nil},
		{"failed key", failed, takeover("k1", "v1", "B", 30, 10), int64(0), "", nil},
		{"unknown key beside a lapsed one", pending, takeover("k2", "v1", "B", 20, 10), int64(0), "", nil},
		{"infinite now", pending, takeover("k1", "v1", "B", math.Inf(1), 10), nil, "Takeover \"k1\": now is +Inf", nil},
		{"negative ttl", pending, takeover("k1", "v1", "B", 20, -5), nil, "ttl is -5", nil},
	})
}

func TestFinish(t *testing.T) {
	takenOverDone := takenOverRow
	takenOverDone.Status, takenOverDone.Response = "done", text(`{"receipt":2}`)
	runCases(t, []storeCase{
		// Finish reads no clock: the holder's token finishes whether its
		// lease lapsed or not, as long as nobody took over.
		{"the holder's token", pending, finish("k1", "v1", 1, map[string]any{"receipt": 1}), true, "", []row{doneRow}},
		{"the new holder's token", takenOver, finish("k1", "v1", 2, map[string]any{"receipt": 2}), true, "", []row{takenOverDone}},
		{"a stale token", takenOver, finish("k1", "v1", 1, map[string]any{"receipt": 1}), false, "", nil},
		{"a token never granted", pending, finish("k1", "v1", 2, map[string]any{"receipt": 1}), false, "", nil},
		{"token 0", pending, finish("k1", "v1", 0, map[string]any{"receipt": 1}), false, "", nil},
		{"a negative token", pending, finish("k1", "v1", -1, map[string]any{"receipt": 1}), false, "", nil},
		{"another fingerprint", pending, finish("k1", "v2", 1, map[string]any{"receipt": 1}), false, "", nil},
		{"done key", done, finish("k1", "v1", 1, map[string]any{"receipt": 2}), false, "", nil},
		{"failed key, its own token", failed, finish("k1", "v1", 2, map[string]any{"receipt": 1}), false, "", nil},
		{"unknown key", empty, finish("k1", "v1", 1, map[string]any{"receipt": 1}), false, "", nil},
		{"markup kept", pending, finish("k1", "v1", 1, map[string]any{"html": "<b>&</b>"}), true, "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "done", Response: text(`{"html":"<b>&</b>"}`), Owner: "A", LeaseUntil: 10, Token: 1}}},
		{"nil response", pending, finish("k1", "v1", 1, nil), nil, "response is nil", nil},
		{"response JSON cannot encode", pending, finish("k1", "v1", 1, math.NaN()), nil, "not JSON-encodable", nil},
	})
}

func TestCompensate(t *testing.T) {
	atLapse := failedRow
	runCases(t, []storeCase{
		{"at the lapse", pending, compensate("k1", 10, map[string]any{"error": "abandoned"}), true, "", []row{atLapse}},
		{"long after", pending, compensate("k1", 50, map[string]any{"error": "abandoned"}), true, "", []row{failedRow}},
		{"after a takeover, the new lease lapsed", takenOver, compensate("k1", 20, map[string]any{"error": "abandoned"}), true, "",
			[]row{{ID: "k1", Fingerprint: "v1", Status: "failed", Response: text(`{"error":"abandoned"}`), Owner: "B", LeaseUntil: 20, Token: 3}}},
		{"live lease", pending, compensate("k1", 5, map[string]any{"error": "abandoned"}), false, "", nil},
		{"done key", done, compensate("k1", 50, map[string]any{"error": "abandoned"}), false, "", nil},
		{"failed key", failed, compensate("k1", 30, map[string]any{"error": "second"}), false, "", nil},
		{"unknown key", empty, compensate("k1", 20, map[string]any{"error": "abandoned"}), false, "", nil},
		{"NaN now and nil response", pending, compensate("k1", math.NaN(), nil), nil, "now is NaN", nil},
		{"nil response", pending, compensate("k1", 20, nil), nil, "Compensate \"k1\": response is nil", nil},
	})
}

func TestFetch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(*testing.T, string)
		key   string
		want  any
	}{
		{"done", done, "k1", map[string]any{"receipt": json.Number("1")}},
		{"failed", failed, "k1", map[string]any{"error": "abandoned"}},
		{"pending", pending, "k1", nil},
		{"unknown", done, "k2", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := newStore(t)
			tc.setup(t, path)
			got, err := reference.Fetch(path, tc.key)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Fetch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAbandoned(t *testing.T) {
	path := newStore(t)
	for _, c := range []struct {
		key   string
		until float64
	}{{"a", 30}, {"b", 20}, {"c", 10}, {"d", 20}, {"live", 100}} {
		must[int64](t)(reference.Claim(path, c.key, "v1", "A", 0, c.until))
	}
	must[int64](t)(reference.Claim(path, "done", "v1", "A", 0, 1))
	must[bool](t)(reference.Finish(path, "done", "v1", 1, "ok"))
	must[int64](t)(reference.Claim(path, "failed", "v1", "A", 0, 1))
	must[bool](t)(reference.Compensate(path, "failed", 5, "abandoned"))
	before := rows(t, path)
	for _, tc := range []struct {
		now   float64
		limit int
		want  []string
		// err is a part of the error wanted; limit errors wrap
		// ErrInvalidLimit too.
		err string
	}{
		{40, 10, []string{"c", "b", "d", "a"}, ""},
		{40, 2, []string{"c", "b"}, ""},
		{20, 100, []string{"c", "b", "d"}, ""},
		{math.Nextafter(10, 0), 1, []string{}, ""},
		{10, 1, []string{"c"}, ""},
		{40, 0, nil, "invalid limit"},
		{40, 101, nil, "invalid limit"},
		{math.NaN(), -1, nil, "invalid limit"},
		{math.Inf(1), 10, nil, "now is +Inf"},
	} {
		got, err := reference.Abandoned(path, tc.now, tc.limit)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("Abandoned(%v, %d): %v", tc.now, tc.limit, err)
		case tc.err == "":
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Abandoned(%v, %d) (-want +got):\n%s", tc.now, tc.limit, diff)
			}
		case err == nil || !strings.Contains(err.Error(), tc.err):
			t.Errorf("Abandoned(%v, %d): error %v, want one containing %q", tc.now, tc.limit, err, tc.err)
		case tc.err == "invalid limit" && !errors.Is(err, reference.ErrInvalidLimit):
			t.Errorf("Abandoned(%v, %d): error %v does not wrap ErrInvalidLimit", tc.now, tc.limit, err)
		}
	}
	if diff := cmp.Diff(before, rows(t, path)); diff != "" {
		t.Errorf("Abandoned changed the rows (-before +after):\n%s", diff)
	}
}

func TestInspect(t *testing.T) {
	path := newStore(t)
	takenOver(t, path)
	type state struct {
		Status, Owner string
		LeaseUntil    float64
		Token         int64
	}
	for key, want := range map[string]state{"k1": {"pending", "B", 20, 2}, "k2": {}} {
		status, owner, until, token, err := reference.Inspect(path, key)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, state{status, owner, until, token}); diff != "" {
			t.Errorf("Inspect(%q) (-want +got):\n%s", key, diff)
		}
	}
}

func TestFencingCycle(t *testing.T) {
	path := newStore(t)
	got, err := reference.FencingCycle(path, "k1")
	if err != nil || got {
		t.Fatalf("FencingCycle = %v, %v; want false, nil: A is fenced off", got, err)
	}
	want := []row{{ID: "k1", Fingerprint: "v1", Status: "done", Response: text(`{"receipt":2}`), Owner: "B", LeaseUntil: 20, Token: 2}}
	if diff := cmp.Diff(want, rows(t, path)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if _, err := reference.FencingCycle(path, "k1"); err == nil || !strings.Contains(err.Error(), "already in the store") {
		t.Errorf("a second cycle on k1: %v, want an error saying the key is in the store", err)
	}
	if diff := cmp.Diff(want, rows(t, path)); diff != "" {
		t.Errorf("the refused cycle changed the rows (-want +got):\n%s", diff)
	}
}

// TestStoreRefused: a missing store, a folder and a file that is not a
// database are errors naming the problem, and nothing is created.
func TestStoreRefused(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	if _, err := reference.Claim(missing, "k1", "v1", "A", 0, 10); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Claim on a missing store: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Claim created the missing store: %v", err)
	}
	if err := reference.InitDB(dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("InitDB on a folder: %v", err)
	}
	notes := filepath.Join(dir, "notes.txt")
	text := strings.Repeat("not a database ", 20)
	if err := os.WriteFile(notes, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := reference.InitDB(notes); err == nil || !strings.Contains(err.Error(), "not a database") {
		t.Errorf("InitDB on a text file: %v", err)
	}
	if data, _ := os.ReadFile(notes); string(data) != text {
		t.Errorf("InitDB changed the text file to %q", data)
	}
}

// TestInitDBKeepsRows: init on an existing store keeps every row.
func TestInitDBKeepsRows(t *testing.T) {
	path := newStore(t)
	takenOver(t, path)
	if err := reference.InitDB(path); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]row{takenOverRow}, rows(t, path)); diff != "" {
		t.Errorf("rows after a second InitDB (-want +got):\n%s", diff)
	}
}

// TestTakeoverRace: goroutines racing to take one lapsed key over, each
// with its own connection, have exactly one winner, and the row holds the
// winner with token 2. The transaction, not timing, decides.
func TestTakeoverRace(t *testing.T) {
	const workers = 8
	for round := range 5 {
		path := newStore(t)
		pending(t, path)
		tokens := make([]int64, workers)
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for i := range workers {
			wg.Go(func() {
				tokens[i], errs[i] = reference.Takeover(path, "k1", "v1", string(rune('B'+i)), 10, 10)
			})
		}
		wg.Wait()
		winners := 0
		winner := ""
		for i, tok := range tokens {
			if errs[i] != nil {
				t.Fatalf("round %d, worker %d: %v", round, i, errs[i])
			}
			if tok == 2 {
				winners++
				winner = string(rune('B' + i))
			} else if tok != 0 {
				t.Errorf("round %d, worker %d got token %d", round, i, tok)
			}
		}
		if winners != 1 {
			t.Fatalf("round %d: %d workers got token 2, want exactly one", round, winners)
		}
		want := []row{{ID: "k1", Fingerprint: "v1", Status: "pending", Owner: winner, LeaseUntil: 20, Token: 2}}
		if diff := cmp.Diff(want, rows(t, path)); diff != "" {
			t.Errorf("round %d: rows (-want +got):\n%s", round, diff)
		}
	}
}

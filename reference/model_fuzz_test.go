package reference_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/reference"
)

// FuzzStoreModel checks the store against an executable model of the
// contract. The fuzz input is decoded into a sequence of operations (see
// modelOp) over a small key space, a small set of times (so that now ==
// expires is common) and limits including 0 and 101. Each operation runs
// on a real store, new for every input, and on the model; the return
// values of every step, whether an error came back (and, for a bad limit,
// that it wraps ErrInvalidLimit) and the full rows must agree (the rows
// after every step that may write, and at the end).
//
//	go test -run '^$' -fuzz '^FuzzStoreModel$' -fuzztime 60s ./reference
func FuzzStoreModel(f *testing.F) {
	for _, seed := range modelSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := newStore(t)
		m := model{}
		in := &modelInput{data: data}
		var op modelOp
		step := 0
		for step < maxModelSteps && !in.done() {
			step++
			op = in.op()
			op.apply(t, path, m)
			if !op.reads() {
				compareRows(t, path, m, step, op)
			}
		}
		// Reads are checked with the next write, and here: a read that
		// changed a row shows as a difference all the same.
		if step > 0 && op.reads() {
			compareRows(t, path, m, step, op)
		}
	})
}

const maxModelSteps = 64

func compareRows(t *testing.T, path string, m model, step int, op modelOp) {
	t.Helper()
	if diff := cmp.Diff(m.rows(), rows(t, path)); diff != "" {
		t.Fatalf("after step %d, %s: rows (-model +store):\n%s", step, op, diff)
	}
}

// reads reports whether op only reads: its rows are compared with those of
// the next step that may write, or at the end.
func (op modelOp) reads() bool {
	return op.kind == "fetch" || op.kind == "expired" || op.kind == "counts"
}

var (
	// The empty key is the lowest id of all: a drain's first batch must
	// start at it (it once started after it, and never deleted it).
	modelKeys    = []string{"a", "b", "c", "", "\x00", "a\x00"}
	modelDigests = []string{"v1", "v2"}
	modelTimes   = []float64{0, 5, 10, 10.5, -1, 1e9, math.Inf(1), math.NaN()}
	modelLimits  = []int{1, 2, 3, 10, 100, 0, 101, -1}
)

// modelResponses are what Finish may be given: the JSON text the store
// keeps for each ("" when it cannot be encoded).
var modelResponses = []struct {
	value any
	text  string
}{
	{map[string]any{"receipt": 1}, `{"receipt":1}`},
	{"<&>", `"<&>"`},
	{nil, `null`},
	{json.Number("12345678901234567890.50"), `12345678901234567890.50`},
	{[]any{1, "x", nil}, `[1,"x",null]`},
	{math.Inf(1), ""},
	{map[string]any{"f": func() {}}, ""},
	{json.RawMessage(`{"raw" : [1, 2]}`), `{"raw":[1,2]}`},
}

// modelInput hands out the fuzz input a byte at a time, zero once spent.
type modelInput struct {
	data []byte
	i    int
}

func (in *modelInput) done() bool { return in.i >= len(in.data) }

func (in *modelInput) next() int {
	if in.done() {
		return 0
	}
	in.i++
	return int(in.data[in.i-1])
}

// modelOp is one decoded operation. The first byte chooses the kind
// (modulo 9); the next ones its arguments, each an index into the small
// sets above, modulo their length.
type modelOp struct {
	kind    string
	key     string
	digest  string
	time    float64 // expires for reserve, now otherwise
	limit   int
	respIdx int
}

var modelKinds = []string{"reserve", "finish", "fetch", "expired", "purge", "counts", "drain", "init", "cycle"}

func (in *modelInput) op() modelOp {
	op := modelOp{kind: modelKinds[in.next()%len(modelKinds)]}
	switch op.kind {
	case "reserve":
		op.key, op.digest, op.time = pick(in, modelKeys), pick(in, modelDigests), pick(in, modelTimes)
	case "finish":
		op.key, op.digest, op.respIdx = pick(in, modelKeys), pick(in, modelDigests), in.next()%len(modelResponses)
	case "fetch":
		op.key, op.time = pick(in, modelKeys), pick(in, modelTimes)
	case "expired", "purge", "drain":
		op.time, op.limit = pick(in, modelTimes), pick(in, modelLimits)
	case "cycle":
		op.key = pick(in, modelKeys)
	}
	return op
}

func pick[T any](in *modelInput, set []T) T { return set[in.next()%len(set)] }

func (op modelOp) String() string {
	switch op.kind {
	case "reserve":
		return fmt.Sprintf("Reserve(%q, %q, %v)", op.key, op.digest, op.time)
	case "finish":
		return fmt.Sprintf("Finish(%q, %q, %#v)", op.key, op.digest, modelResponses[op.respIdx].value)
	case "fetch":
		return fmt.Sprintf("Fetch(%q, %v)", op.key, op.time)
	case "expired", "purge", "drain":
		return fmt.Sprintf("%s%s(%v, %d)", strings.ToUpper(op.kind[:1]), op.kind[1:], op.time, op.limit)
	case "cycle":
		return fmt.Sprintf("RetentionCycle(%q)", op.key)
	case "init":
		return "InitDB()"
	}
	return "Counts()"
}

// model is the contract's store: a map of rows by id.
type model map[string]row

func (m model) rows() []row {
	out := []row{}
	for _, r := range m {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// candidates are the ids a purge at now may delete, ascending: done rows
// with expires <= now.
func (m model) candidates(now float64) []string {
	ids := []string{}
	for id, r := range m {
		if r.Status == "done" && r.Expires <= now {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

func (m model) reserve(key, digest string, expires float64) bool {
	if _, ok := m[key]; ok {
		return false
	}
	m[key] = pending(key, digest, expires)
	return true
}

func (m model) finish(key, digest, text string) bool {
	r, ok := m[key]
	if !ok || r.Fingerprint != digest || r.Status != "pending" {
		return false
	}
	m[key] = done(key, digest, text, r.Expires)
	return true
}

func (m model) purge(now float64, limit int) []string {
	ids := m.candidates(now)
	ids = ids[:min(limit, len(ids))]
	for _, id := range ids {
		delete(m, id)
	}
	return ids
}

func validLimit(limit int) bool { return limit >= 1 && limit <= 100 }

// wantErr checks an error against the model's verdict: a bad limit must
// wrap ErrInvalidLimit, a NaN time must be some error, anything else none.
func wantErr(t *testing.T, op modelOp, err error, badLimit, badTime bool) (refused bool) {
	t.Helper()
	switch {
	case badLimit:
		if !errors.Is(err, reference.ErrInvalidLimit) {
			t.Fatalf("%s: error %v, want one wrapping ErrInvalidLimit", op, err)
		}
	case badTime:
		if err == nil {
			t.Fatalf("%s: no error, want one for a NaN time", op)
		}
	case err != nil:
		t.Fatalf("%s: unexpected error %v", op, err)
	}
	return badLimit || badTime
}

// apply runs op on the store at path and on the model, and compares what
// both return.
func (op modelOp) apply(t *testing.T, path string, m model) {
	t.Helper()
	nan := math.IsNaN(op.time)
	switch op.kind {
	case "init":
		if err := reference.InitDB(path); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
	case "reserve":
		got, err := reference.Reserve(path, op.key, op.digest, op.time)
		if wantErr(t, op, err, false, nan) {
			return
		}
		if want := m.reserve(op.key, op.digest, op.time); got != want {
			t.Fatalf("%s = %v, model says %v", op, got, want)
		}
	case "finish":
		resp := modelResponses[op.respIdx]
		got, err := reference.Finish(path, op.key, op.digest, resp.value)
		if wantErr(t, op, err, false, resp.text == "") {
			if got {
				t.Fatalf("%s = true with the error %v", op, err)
			}
			return
		}
		if want := m.finish(op.key, op.digest, resp.text); got != want {
			t.Fatalf("%s = %v, model says %v", op, got, want)
		}
	case "fetch":
		got, err := reference.Fetch(path, op.key, op.time)
		if wantErr(t, op, err, false, nan) {
			return
		}
		var want any
		if r, ok := m[op.key]; ok && r.Status == "done" && r.Expires > op.time {
			dec := json.NewDecoder(strings.NewReader(*r.Response))
			dec.UseNumber()
			if err := dec.Decode(&want); err != nil {
				t.Fatal(err)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s (-model +store):\n%s", op, diff)
		}
	case "expired", "purge":
		call := reference.Expired
		if op.kind == "purge" {
			call = reference.Purge
		}
		got, err := call(path, op.time, op.limit)
		if wantErr(t, op, err, !validLimit(op.limit), nan) {
			return
		}
		var want []string
		if op.kind == "purge" {
			want = m.purge(op.time, op.limit)
		} else {
			want = m.candidates(op.time)
			want = want[:min(op.limit, len(want))]
		}
		if got == nil {
			t.Fatalf("%s returned a nil slice, want a non-nil one", op)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s (-model +store):\n%s", op, diff)
		}
	case "drain":
		var batches []string
		var sizes []int
		got, err := reference.Drain(path, op.time, op.limit, func(batch []string, total int) {
			batches = append(batches, batch...)
			sizes = append(sizes, len(batch))
			if total != len(batches) {
				t.Errorf("%s: progress total %d, want %d", op, total, len(batches))
			}
		})
		if wantErr(t, op, err, !validLimit(op.limit), nan) {
			if got != 0 || len(batches) != 0 {
				t.Fatalf("%s refused, yet deleted %d rows", op, got)
			}
			return
		}
		want := m.candidates(op.time)
		for _, id := range want {
			delete(m, id)
		}
		if got != len(want) {
			t.Fatalf("%s = %d, model says %d", op, got, len(want))
		}
		if diff := cmp.Diff(want, append([]string{}, batches...)); diff != "" {
			t.Fatalf("%s: drained ids (-model +store):\n%s", op, diff)
		}
		for i, n := range sizes {
			if n > op.limit || (i < len(sizes)-1 && n != op.limit) || n == 0 {
				t.Fatalf("%s: batch sizes %v, want full batches of %d and a last one of 1..%d", op, sizes, op.limit, op.limit)
			}
		}
	case "counts":
		got, err := reference.Counts(path)
		if err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		want := map[string]int{"pending": 0, "done": 0}
		for _, r := range m {
			want[r.Status]++
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s (-model +store):\n%s", op, diff)
		}
	case "cycle":
		got, err := reference.RetentionCycle(path, op.key)
		if _, present := m[op.key]; present {
			if err == nil || got {
				t.Fatalf("%s on a key the store holds = %v, %v; want false and an error", op, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		m.reserve(op.key, "v1", 10)
		m.finish(op.key, "v1", `{"receipt":1}`)
		m.purge(10, reference.DefaultLimit)
		if want := m.reserve(op.key, "v2", 20); got != want {
			t.Fatalf("%s = %v, model says %v", op, got, want)
		}
	default:
		t.Fatalf("unknown operation %q", op.kind)
	}
}

// Operation bytes of the seeds, by kind (modulo 9).
const (
	opReserve = iota
	opFinish
	opFetch
	opExpired
	opPurge
	opCounts
	opDrain
	opInit
	opCycle
)

// Argument indexes into the sets above.
const (
	kA, kB, kC, kLow, kNul   = 0, 1, 2, 3, 4
	v1, v2                   = 0, 1
	t0, t5, t10, t10h, tNeg  = 0, 1, 2, 3, 4
	tFar, tInf, tNaN         = 5, 6, 7
	l1, l2, l3, l10, l100    = 0, 1, 2, 3, 4
	l0, l101, lNeg           = 5, 6, 7
	rReceipt, rHTML, rNull   = 0, 1, 2
	rBig, rList, rInf, rFunc = 3, 4, 5, 6
	rRaw                     = 7
)

// modelSeeds walk the contract's edges: the life of a key, the replay
// window closed at expires, a second finish, a wrong fingerprint, more
// candidates than the limit, bad limits and times, pending rows never
// purged, and a purged key reserved again.
var modelSeeds = [][]byte{
	{opReserve, kA, v1, t10, opFinish, kA, v1, rReceipt, opFetch, kA, t5, opFetch, kA, t10, opPurge, t10, l1, opReserve, kA, v2, t10h, opCounts},
	{opReserve, kA, v1, t10, opReserve, kA, v2, t10, opFinish, kA, v2, rHTML, opFinish, kA, v1, rHTML, opFinish, kA, v1, rNull, opFetch, kA, t0},
	{opReserve, kC, v1, t5, opReserve, kB, v1, t0, opReserve, kA, v1, t10, opReserve, kLow, v1, t5, opFinish, kC, v1, rBig, opFinish, kB, v1, rList,
		opFinish, kA, v1, rRaw, opFinish, kLow, v1, rReceipt, opExpired, t10, l2, opExpired, t10, l3, opPurge, t10, l2, opExpired, t10, l100},
	{opReserve, kA, v1, tNeg, opReserve, kB, v1, tNeg, opFinish, kB, v1, rReceipt, opPurge, tFar, l100, opPurge, tInf, l10, opCounts, opExpired, t0, l0,
		opPurge, t0, l101, opDrain, t0, lNeg, opExpired, tNaN, l1, opPurge, tNaN, l0, opFetch, kA, tNaN, opReserve, kC, v1, tNaN},
	{opReserve, kA, v1, t10, opFinish, kA, v1, rInf, opFinish, kA, v1, rFunc, opFetch, kA, t0, opFinish, kA, v1, rNull, opFetch, kA, t0, opCounts},
	{opReserve, kA, v1, t0, opReserve, kNul, v1, t0, opReserve, kLow, v2, t0, opReserve, kB, v1, t0, opFinish, kA, v1, rReceipt, opFinish, kNul, v1, rReceipt,
		opFinish, kLow, v2, rReceipt, opDrain, t0, l1, opReserve, kNul, v2, tInf, opFinish, kNul, v2, rHTML, opDrain, tInf, l2, opCounts},
	{opCycle, kA, opCycle, kA, opReserve, kB, v1, t5, opFinish, kB, v1, rReceipt, opCycle, kC, opInit, opCounts, opFetch, kA, t10},
}

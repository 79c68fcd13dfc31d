package reference_test

import (
	stdcmp "cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/labs/lease/reference"
)

// FuzzStoreModel checks the store against an executable model of the
// lease contract. The fuzz input is decoded into a sequence of operations
// (see modelOp) over small domains of keys, fingerprints, owners, times,
// ttls, tokens, limits and responses, chosen so that boundaries are
// common: now == lease_until, a token one below or above the row's, a ttl
// that is 0, NaN or overflows, a limit of 0 or 101. Each operation runs on
// a real store, new for every input, and on the model; the results,
// whether an error came back (and, for a bad limit, that it wraps
// ErrInvalidLimit) and every row after every step must agree.
//
//	go test -run '^$' -fuzz '^FuzzStoreModel$' -fuzztime 60s ./labs/lease/reference
func FuzzStoreModel(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 2, 1, 0, 3, 0, 1, 0, 0},
		{0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 2, 0, 3, 0, 0, 1, 0, 5, 0, 0, 0},
		{0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 0, 1, 4, 0, 4, 1, 6, 4, 1, 7, 0},
		{0, 0, 0, 0, 0, 3, 4, 0, 2, 6, 2, 0, 0, 0, 4, 6, 0, 0, 0, 0, 2},
		{0, 0, 0, 0, 6, 0, 0, 0, 0, 5, 6, 0, 0, 5, 4, 0, 5, 1, 7, 2},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := newStore(t)
		m := model{}
		in := &modelInput{data: data}
		for step := 1; step <= 48 && !in.done(); step++ {
			op := in.op()
			want, wantErr := op.model(m)
			got, err := op.store(path)
			if (err != nil) != (wantErr != nil) || wantErr == reference.ErrInvalidLimit && !errors.Is(err, reference.ErrInvalidLimit) {
				t.Fatalf("step %d, %s: error %v, want %v", step, op, err, wantErr)
			}
			if err == nil {
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("step %d, %s: result (-model +store):\n%s", step, op, diff)
				}
			}
			if diff := cmp.Diff(m.rows(), rows(t, path)); diff != "" {
				t.Fatalf("after step %d, %s: rows (-model +store):\n%s", step, op, diff)
			}
		}
	})
}

var (
	modelKeys    = []string{"a", "b", ""}
	modelDigests = []string{"v1", "v2"}
	modelOwners  = []string{"A", "B", ""}
	modelTimes   = []float64{0, 5, 10, 10.5, 20, -1, math.NaN(), math.Inf(1)}
	modelTTLs    = []float64{10, 0.5, 5, 0, -1, math.NaN(), math.Inf(1), 1e308}
	modelTokens  = []int64{1, 2, 3, 0, -1}
	modelLimits  = []int{1, 2, 10, 100, 0, 101}
	// modelResponses are what Finish and Compensate may be given, with
	// the JSON text the store keeps for each (nil is refused).
	modelResponses = []struct {
		v    any
		text string
	}{{"ok", `"ok"`}, {map[string]any{"n": 1}, `{"n":1}`}, {nil, ""}}
)

// modelInput reads a fuzz input one choice at a time; past its end every
// choice is 0.
type modelInput struct {
	data []byte
	i    int
}

func (in *modelInput) done() bool { return in.i >= len(in.data) }

func (in *modelInput) pick(n int) int {
	if in.done() {
		return 0
	}
	b := in.data[in.i]
	in.i++
	return int(b) % n
}

// A modelOp is one operation with its arguments.
type modelOp struct {
	kind               string
	key, digest, owner string
	now, ttl           float64
	token              int64
	limit, response    int
}

var modelKinds = []string{"claim", "renew", "takeover", "finish", "compensate", "fetch", "abandoned", "inspect"}

func (in *modelInput) op() modelOp {
	return modelOp{
		kind:     modelKinds[in.pick(len(modelKinds))],
		key:      modelKeys[in.pick(len(modelKeys))],
		digest:   modelDigests[in.pick(len(modelDigests))],
		owner:    modelOwners[in.pick(len(modelOwners))],
		now:      modelTimes[in.pick(len(modelTimes))],
		ttl:      modelTTLs[in.pick(len(modelTTLs))],
		token:    modelTokens[in.pick(len(modelTokens))],
		limit:    modelLimits[in.pick(len(modelLimits))],
		response: in.pick(len(modelResponses)),
	}
}

func (op modelOp) String() string {
	return fmt.Sprintf("%s(key %q, digest %q, owner %q, now %v, ttl %v, token %d, limit %d, response %s)",
		op.kind, op.key, op.digest, op.owner, op.now, op.ttl, op.token, op.limit, modelResponses[op.response].text)
}

// store runs op on the real store.
func (op modelOp) store(path string) (any, error) {
	resp := modelResponses[op.response].v
	switch op.kind {
	case "claim":
		return reference.Claim(path, op.key, op.digest, op.owner, op.now, op.ttl)
	case "renew":
		return reference.Renew(path, op.key, op.owner, op.token, op.now, op.ttl)
	case "takeover":
		return reference.Takeover(path, op.key, op.digest, op.owner, op.now, op.ttl)
	case "finish":
		return reference.Finish(path, op.key, op.digest, op.token, resp)
	case "compensate":
		return reference.Compensate(path, op.key, op.now, resp)
	case "fetch":
		v, err := reference.Fetch(path, op.key)
		if v == nil || err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		return string(b), err
	case "abandoned":
		return reference.Abandoned(path, op.now, op.limit)
	}
	status, owner, until, token, err := reference.Inspect(path, op.key)
	return row{ID: op.key, Status: status, Owner: owner, LeaseUntil: until, Token: token}, err
}

// model is the contract: every key's row.
type model map[string]*row

func (m model) rows() []row {
	var out []row
	for _, r := range m {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// errModel is any error the model expects, other than a bad limit.
var errModel = errors.New("refused")

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// leaseErr is the contract's check of a time and a ttl.
func leaseErr(now, ttl float64) error {
	if !finite(now) || !finite(ttl) || ttl <= 0 || !finite(now+ttl) || now+ttl <= now {
		return errModel
	}
	return nil
}

// model runs op on m and returns what the store must.
func (op modelOp) model(m model) (any, error) {
	r := m[op.key]
	resp := modelResponses[op.response]
	switch op.kind {
	case "claim":
		if err := leaseErr(op.now, op.ttl); err != nil {
			return nil, err
		}
		if r != nil {
			return int64(0), nil
		}
		m[op.key] = &row{ID: op.key, Fingerprint: op.digest, Status: "pending", Owner: op.owner, LeaseUntil: op.now + op.ttl, Token: 1}
		return int64(1), nil
	case "renew":
		if err := leaseErr(op.now, op.ttl); err != nil {
			return nil, err
		}
		if r == nil || r.Status != "pending" || r.Owner != op.owner || r.Token != op.token || !(op.now < r.LeaseUntil) {
			return false, nil
		}
		r.LeaseUntil = op.now + op.ttl
		return true, nil
	case "takeover":
		if err := leaseErr(op.now, op.ttl); err != nil {
			return nil, err
		}
		if r == nil || r.Status != "pending" || r.Fingerprint != op.digest || !(r.LeaseUntil <= op.now) {
			return int64(0), nil
		}
		r.Owner, r.LeaseUntil, r.Token = op.owner, op.now+op.ttl, r.Token+1
		return r.Token, nil
	case "finish":
		if resp.v == nil {
			return nil, errModel
		}
		if r == nil || r.Status != "pending" || r.Fingerprint != op.digest || r.Token != op.token {
			return false, nil
		}
		r.Status, r.Response = "done", text(resp.text)
		return true, nil
	case "compensate":
		if !finite(op.now) || resp.v == nil {
			return nil, errModel
		}
		if r == nil || r.Status != "pending" || !(r.LeaseUntil <= op.now) {
			return false, nil
		}
		r.Status, r.Response, r.Token = "failed", text(resp.text), r.Token+1
		return true, nil
	case "fetch":
		if r == nil || r.Status == "pending" {
			return nil, nil
		}
		return *r.Response, nil
	case "abandoned":
		if op.limit < 1 || op.limit > 100 {
			return nil, reference.ErrInvalidLimit
		}
		if !finite(op.now) {
			return nil, errModel
		}
		var lapsed []row
		for _, r := range m {
			if r.Status == "pending" && r.LeaseUntil <= op.now {
				lapsed = append(lapsed, *r)
			}
		}
		slices.SortFunc(lapsed, func(a, b row) int {
			return stdcmp.Or(stdcmp.Compare(a.LeaseUntil, b.LeaseUntil), stdcmp.Compare(a.ID, b.ID))
		})
		ids := []string{}
		for _, r := range lapsed[:min(len(lapsed), op.limit)] {
			ids = append(ids, r.ID)
		}
		return ids, nil
	}
	if r == nil {
		return row{ID: op.key}, nil
	}
	return row{ID: op.key, Status: r.Status, Owner: r.Owner, LeaseUntil: r.LeaseUntil, Token: r.Token}, nil
}

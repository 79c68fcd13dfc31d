package grade

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"idemlab/harness/internal/jsonpos"
	"idemlab/harness/mutation"
)

// ReadPartial reads a shard's result, as grade -shard -format json wrote
// it; its errors name the file and line.
func ReadPartial(file string, data []byte) (*Class, error) {
	var c Class
	if err := (jsonpos.File{Name: file, Data: data}).DecodeStrict(&c, "graded class"); err != nil {
		return nil, err
	}
	switch {
	case c.Schema != Schema:
		return nil, fmt.Errorf("%s: schema %q, want %q", file, c.Schema, Schema)
	case c.Shard == nil:
		return nil, fmt.Errorf("%s: not a shard's result (no shard): it is a whole class already", file)
	}
	return &c, nil
}

// Merge combines the results of the shards of one class, in any order,
// into exactly what one run of the whole class writes: the same rows in
// the same order and the same analytics, computed from the rows; only
// the timings differ (the sum of the shards' times, the longest run of
// the lab's observations). Every shard of 1/N to N/N must be there once,
// graded with the same harness, lab, rubric, budgets and held-out
// mutants, and no student may be in two.
func Merge(parts []*Class, cat *mutation.Catalogue) (*Class, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("merge: no shards")
	}
	if err := checkShards(parts); err != nil {
		return nil, err
	}
	out := *parts[0]
	out.Shard, out.Rows, out.ElapsedMS, out.LabElapsedMS = nil, nil, 0, 0
	seen := map[string]int{}
	for _, p := range parts {
		for _, r := range p.Rows {
			if k, dup := seen[r.Student]; dup {
				return nil, fmt.Errorf("merge: %s is graded in shard %d/%d and in shard %s", r.Student, k, p.Shard.N, p.Shard)
			}
			seen[r.Student] = p.Shard.K
			out.Rows = append(out.Rows, r)
		}
		out.ElapsedMS += p.ElapsedMS
		out.LabElapsedMS = max(out.LabElapsedMS, p.LabElapsedMS)
	}
	slices.SortFunc(out.Rows, func(a, b Row) int { return cmp.Compare(a.Student, b.Student) })
	out.Analytics = Analyse(out.Rows, cat, out.HeldOut)
	return &out, nil
}

// checkShards checks that parts are the N shards of one grading.
func checkShards(parts []*Class) error {
	for _, p := range parts {
		if p.Shard == nil {
			return errors.New("merge: a whole class is not a shard's result")
		}
	}
	first := parts[0]
	n := first.Shard.N
	if len(parts) != n {
		return fmt.Errorf("merge: %d results given for %d shards", len(parts), n)
	}
	have := make([]bool, n+1)
	for _, p := range parts {
		if p.Shard == nil || p.Shard.N != n || p.Shard.K < 1 || p.Shard.K > n {
			return fmt.Errorf("merge: a result of shard %v among the shards of %d", p.Shard, n)
		}
		if have[p.Shard.K] {
			return fmt.Errorf("merge: shard %s given twice", p.Shard)
		}
		have[p.Shard.K] = true
		if what := differs(first, p); what != "" {
			return fmt.Errorf("merge: shard %s was graded with another %s than shard %s", p.Shard, what, first.Shard)
		}
	}
	return nil
}

// differs names what two shards must share and do not, or "".
func differs(a, b *Class) string {
	for _, f := range []struct {
		what string
		x, y any
	}{
		{"schema", a.Schema, b.Schema}, {"harness", a.Harness, b.Harness}, {"lab", a.Lab, b.Lab},
		{"rubric", a.Rubric, b.Rubric}, {"budgets", a.Budgets, b.Budgets}, {"mutant count", a.Mutants, b.Mutants},
		{"held-out catalogue", jsonOf(a.HeldOut), jsonOf(b.HeldOut)},
	} {
		if !reflect.DeepEqual(f.x, f.y) {
			return f.what
		}
	}
	return ""
}

func jsonOf(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

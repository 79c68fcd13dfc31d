package grade

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"idemlab/harness/internal/jsonpos"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/submission"
)

// ReadPartial reads a shard's result, as grade -shard -format json wrote
// it; its errors name the file and line.
func ReadPartial(file string, data []byte) (*Class, error) {
	if what := notJSON(data); what != "" {
		return nil, fmt.Errorf("%s: %s, not a shard's JSON: grade -shard K/N writes JSON; grade the shard again", file, what)
	}
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
	c.file = file
	return &c, nil
}

// name names a shard in an error: its file and which shard it says it is.
func (c *Class) name() string {
	switch {
	case c.file != "" && c.Shard != nil:
		return fmt.Sprintf("%s (shard %s)", c.file, c.Shard)
	case c.file != "":
		return c.file
	case c.Shard != nil:
		return "shard " + c.Shard.String()
	}
	return "a whole class"
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
	out.Feedback, out.Signature = nil, nil // the shards keep theirs: WriteFeedback
	seen := map[string]*Class{}
	files := map[string]bool{}
	for _, p := range parts {
		if err := checkFeedback(p, files); err != "" {
			return nil, fmt.Errorf("merge: %s: %s", p.name(), err)
		}
		for i, r := range p.Rows {
			if q, dup := seen[r.Student]; dup {
				return nil, fmt.Errorf("merge: %s: rows[%d].student: %s is graded in %s too", p.name(), i, r.Student, q.name())
			}
			if err := checkRow(p, cat, r); err != "" {
				return nil, fmt.Errorf("merge: %s: rows[%d] (%s): %s", p.name(), i, r.Student, err)
			}
			seen[r.Student] = p
			out.Rows = append(out.Rows, r)
		}
		out.ElapsedMS += p.ElapsedMS
		out.LabElapsedMS = max(out.LabElapsedMS, p.LabElapsedMS)
	}
	slices.SortFunc(out.Rows, func(a, b Row) int { return cmp.Compare(a.Student, b.Student) })
	// Shard K/N grades the entries whose place in the sorted class is K-1
	// modulo N: each row must come from the shard its place names.
	n := parts[0].Shard.N
	for i, r := range out.Rows {
		if p := seen[r.Student]; p.Shard.K != i%n+1 {
			return nil, fmt.Errorf("merge: %s: student %s does not belong to it: in the merged class it is entry %d, which shard %d/%d grades", p.name(), r.Student, i, i%n+1, n)
		}
	}
	out.Analytics = Analyse(out.Rows, cat, out.HeldOut)
	return &out, nil
}

// checkRow says what in a shard's row is not what grading writes, naming
// the field, or "": every count within its bounds and equal to what it
// counts, every mutant one of the lab's (or the shard's held-out ones),
// every observation a student's own, and the total what the rubric gives
// for the row's terms.
func checkRow(c *Class, cat *mutation.Catalogue, r Row) string {
	lab, held := map[string]bool{}, map[string]bool{}
	if cat != nil {
		for _, m := range cat.Mutants {
			lab[m.Name], lab[m.Label] = true, true
		}
		delete(lab, "")
	}
	for _, h := range c.HeldOut {
		held[h.Name] = true
	}
	known := func(m string, in map[string]bool) bool { return cat == nil || in[m] }
	for _, f := range []struct {
		field string
		n     int
	}{
		{"predicted", r.Predicted}, {"right", r.Right}, {"after_reveal", r.AfterReveal}, {"right_after_reveal", r.RightAfterReveal},
		{"own_observations", r.OwnObservations}, {"refused", r.Refused}, {"own_kills", r.OwnKills}, {"held_out_kills", r.HeldOutKills},
		{"invalid", r.Invalid}, {"flaky", r.Flaky}, {"timeouts", r.Timeouts},
	} {
		if f.n < 0 {
			return fmt.Sprintf("%s is %d, below 0", f.field, f.n)
		}
	}
	right := 0
	for _, p := range r.Predictions {
		if !known(p.Mutant, lab) && !held[p.Mutant] {
			return fmt.Sprintf("predictions: %q is not a mutant of the lab", p.Mutant)
		}
		if p.Right {
			right++
		}
	}
	switch {
	case cat != nil && r.Predicted > len(cat.Mutants):
		return fmt.Sprintf("predicted is %d, but the lab has %d mutants", r.Predicted, len(cat.Mutants))
	case r.Right > r.Predicted:
		return fmt.Sprintf("right is %d, more than the %d predicted", r.Right, r.Predicted)
	case r.AfterReveal > r.Predicted || r.RightAfterReveal > r.AfterReveal || r.RightAfterReveal > r.Right:
		return fmt.Sprintf("after_reveal %d and right_after_reveal %d do not fit %d predicted, %d right", r.AfterReveal, r.RightAfterReveal, r.Predicted, r.Right)
	case len(r.Predictions) > r.Predicted || right != r.Right:
		return fmt.Sprintf("predictions: %d verdicts, %d right, for %d predicted and %d right", len(r.Predictions), right, r.Predicted, r.Right)
	case r.OwnKills != len(r.Killed):
		return fmt.Sprintf("own_kills is %d, but killed names %d mutants", r.OwnKills, len(r.Killed))
	case r.HeldOutKills != len(r.KilledHeldOut):
		return fmt.Sprintf("held_out_kills is %d, but killed_held_out names %d mutants", r.HeldOutKills, len(r.KilledHeldOut))
	}
	for _, l := range []struct {
		field string
		names []string
		in    map[string]bool
		check bool
	}{{"killed", r.Killed, lab, cat != nil}, {"killed_held_out", r.KilledHeldOut, held, true}} {
		for i, m := range l.names {
			if l.check && !l.in[m] || slices.Contains(l.names[:i], m) {
				return fmt.Sprintf("%s: %q is not a mutant of the lab, or is named twice", l.field, m)
			}
		}
	}
	for _, k := range r.OwnKillers {
		if !slices.Contains(r.Killed, k.Mutant) && !slices.Contains(r.KilledHeldOut, k.Mutant) {
			return fmt.Sprintf("own_killers: %q is not among the mutants killed", k.Mutant)
		}
		if err := ownObservations(k.Observations); err != "" {
			return "own_killers: " + err
		}
	}
	for _, e := range r.Expectations {
		if err := ownObservations([]string{e.Observation}); err != "" {
			return "expectations: " + err
		}
		for _, m := range e.Mutants {
			if !known(m, lab) && !held[m] {
				return fmt.Sprintf("expectations: %q is not a mutant of the lab", m)
			}
		}
	}
	if err := consistent(c, r); err != "" {
		return err
	}
	if want := c.Rubric.Total(r); r.Total != want {
		return fmt.Sprintf("total is %v, but the rubric gives %v for the row's terms", r.Total, want)
	}
	return ""
}

// ownObservations says which of names is not a student's own observation
// (student/NAME, NAME a valid name), or "".
func ownObservations(names []string) string {
	for _, o := range names {
		base, ok := strings.CutPrefix(o, killmatrix.KindStudent+"/")
		if !ok || submission.CheckName(base) != nil {
			return fmt.Sprintf("%q is not a student's own observation", o)
		}
	}
	return ""
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
			return fmt.Errorf("merge: %s: shard: a result of shard %v among the shards of %d", p.name(), p.Shard, n)
		}
		if have[p.Shard.K] {
			return fmt.Errorf("merge: %s: shard: shard %s given twice", p.name(), p.Shard)
		}
		have[p.Shard.K] = true
		if what := differs(first, p); what != "" {
			return fmt.Errorf("merge: %s: %s: it was graded with another %s than %s", p.name(), what, what, first.name())
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
	if a.Signature == nil || b.Signature == nil {
		return "" // an unsigned shard records no inputs
	}
	x, y := a.inputs(), b.inputs()
	for _, f := range []struct{ what, x, y string }{
		{"held-out catalogue file", x.HeldOut, y.HeldOut}, {"set of the lab's observations", x.Observations, y.Observations},
		{"class listing", x.Class, y.Class}, {"roster", x.Roster, y.Roster}, {"key", a.Signature.KeyID, b.Signature.KeyID},
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

// CheckMembers checks a merged class against the class folder's listing
// (ReadClass): a student the folder does not hold, or an entry no shard
// graded, is an error. Merge alone checks that each row belongs to the
// shard that holds it, by its place in the class; a student made up and
// sorted last keeps every place, so only the listing shows it.
func (c *Class) CheckMembers(entries []Entry) error {
	want := map[string]bool{}
	for _, e := range entries {
		want[e.Student] = true
	}
	for i, r := range c.Rows {
		if !want[r.Student] {
			return fmt.Errorf("merge: rows[%d].student: %s is not in the class", i, r.Student)
		}
		delete(want, r.Student)
	}
	for _, e := range entries {
		if want[e.Student] {
			return fmt.Errorf("merge: %s is in the class but no shard graded it", e.Student)
		}
	}
	return nil
}

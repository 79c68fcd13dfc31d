package killmatrix

import (
	"reflect"
	"slices"
	"sync"

	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// calls collects the names of the function fields a run called.
type calls struct {
	mu    sync.Mutex
	names map[string]bool
}

func (c *calls) add(name string) {
	c.mu.Lock()
	c.names[name] = true
	c.mu.Unlock()
}

// list returns the names called, sorted; empty, not nil, when none were.
func (c *calls) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.names))
	for n := range c.names {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// recording returns a copy of impl whose Value's function fields note in
// the returned calls each time they are called, and then call the
// original. ok is false, and impl is returned as it is, when its Value is
// not a struct: what such an implementation calls cannot be known.
func recording(impl lab.Impl) (lab.Impl, *calls, bool) {
	v := reflect.ValueOf(impl.Value)
	if v.Kind() != reflect.Struct {
		return impl, nil, false
	}
	c := &calls{names: map[string]bool{}}
	copied := reflect.New(v.Type()).Elem()
	copied.Set(v)
	for i := range v.NumField() {
		field := v.Type().Field(i)
		if !field.IsExported() || field.Type.Kind() != reflect.Func || v.Field(i).IsNil() {
			continue
		}
		name, orig := field.Name, v.Field(i)
		copied.Field(i).Set(reflect.MakeFunc(field.Type, func(args []reflect.Value) []reflect.Value {
			c.add(name)
			if field.Type.IsVariadic() {
				return orig.CallSlice(args)
			}
			return orig.Call(args)
		}))
	}
	impl.Value = copied.Interface()
	return impl, c, true
}

// reaches reports whether the observation of row can run code that mu
// changes: unless the observation passed on the reference, and mu's
// Entries and the reference's calls are both known and share no name, it
// may.
func reaches(mu lab.Impl, row ObservationRow) bool {
	if row.Status != outcome.Pass || mu.Entries == nil || row.Reference.Calls == nil {
		return true
	}
	for _, e := range mu.Entries {
		if slices.Contains(row.Reference.Calls, e) {
			return true
		}
	}
	return false
}

// unionCalls is what either run called: nil when neither was recorded,
// and otherwise never nil (a run not made called nothing).
func unionCalls(a, b []string) []string {
	if a == nil && b == nil {
		return nil
	}
	out := append(append([]string{}, a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// notReached is the result of row's observation on a mutant it cannot
// reach: the reference's, without running it.
func notReached(row ObservationRow) Result {
	return Result{Status: row.Reference.Status, NotReached: true}
}

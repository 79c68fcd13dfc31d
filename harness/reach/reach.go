package reach

import (
	"fmt"
	"go/token"
	"slices"
)

// Entries returns the names in api, the exported top-level names through
// which an implementation is reached, whose code in ref can run a
// declaration that mutant changes: the API functions an observation must
// call, on the reference, for the mutant to be able to behave otherwise.
// known is false when no such set is safe (see the package
// documentation); every observation must then run. Both sources must
// parse.
func Entries(ref, mutant []byte, api []string) (entries []string, known bool, err error) {
	fset := token.NewFileSet()
	f, refUnits, err := decls(fset, "reference.go", ref)
	if err != nil {
		return nil, false, fmt.Errorf("reference: %v", err)
	}
	_, mutUnits, err := decls(fset, "mutant.go", mutant)
	if err != nil {
		return nil, false, fmt.Errorf("mutant: %v", err)
	}
	changed, ok := changedNodes(refUnits, mutUnits)
	if !ok || !sameDirectives(ref, mutant) {
		return nil, false, nil
	}
	g := newGraph(fset, f, refUnits)
	if touches(g.closure(g.start...), changed) {
		return nil, false, nil
	}
	funcs := map[string]bool{}
	for _, u := range refUnits {
		if u.fn {
			funcs[u.key] = true
		}
	}
	entries = []string{}
	for _, name := range api {
		if !touches(g.closure(name), changed) {
			continue
		}
		if !funcs[name] {
			return nil, false, nil // read without a call anyone records
		}
		entries = append(entries, name)
	}
	return entries, true, nil
}

// changedNodes are the graph nodes of the units whose text differs; ok is
// false when the two files do not declare the same units, or a unit that
// runs at start changed.
func changedNodes(ref, mutant []decl) (changed map[string]bool, ok bool) {
	if len(ref) != len(mutant) {
		return nil, false
	}
	changed = map[string]bool{}
	for i, r := range ref {
		m := mutant[i]
		if m.key != r.key {
			return nil, false
		}
		if m.text == r.text {
			continue
		}
		if r.start {
			return nil, false
		}
		for _, n := range r.names {
			changed[n] = true
		}
	}
	return changed, true
}

// sameDirectives reports whether the two files have the same directive
// comments; both have parsed already.
func sameDirectives(ref, mutant []byte) bool {
	a, errA := directives(ref)
	b, errB := directives(mutant)
	return errA == nil && errB == nil && slices.Equal(a, b)
}

// touches reports whether any node of reached is in changed.
func touches(reached, changed map[string]bool) bool {
	for n := range changed {
		if reached[n] {
			return true
		}
	}
	return false
}

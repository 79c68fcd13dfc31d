package reach

import (
	"fmt"
	"go/token"
	"slices"
	"sync"
)

// Entries returns the names in api, the exported top-level names through
// which an implementation is reached, whose code in ref can run a
// declaration that mutant changes: the API functions an observation must
// call, on the reference, for the mutant to be able to behave otherwise.
// known is false when no such set is safe (see the package
// documentation); every observation must then run. Both sources must
// parse.
func Entries(ref, mutant []byte, api []string) (entries []string, known bool, err error) {
	r, err := reference(ref)
	if err != nil {
		return nil, false, fmt.Errorf("reference: %v", err)
	}
	_, mutUnits, err := decls(token.NewFileSet(), "mutant.go", mutant)
	if err != nil {
		return nil, false, fmt.Errorf("mutant: %v", err)
	}
	changed, ok := changedNodes(r.units, mutUnits)
	if !ok || !r.sameDirectives(mutant) {
		return nil, false, nil
	}
	if touches(r.atStart, changed) {
		return nil, false, nil
	}
	entries = []string{}
	for _, name := range api {
		if !touches(r.g.closure(name), changed) {
			continue
		}
		if !r.funcs[name] {
			return nil, false, nil // read without a call anyone records
		}
		entries = append(entries, name)
	}
	return entries, true, nil
}

// A referenceFile is what Entries needs of the reference, the same for
// every mutant of it: its units, call graph, what runs at start, its
// functions and its directives. Nothing in it changes once made.
type referenceFile struct {
	units   []decl
	g       *graph
	atStart map[string]bool
	funcs   map[string]bool
	dirs    []string
	dirErr  error
}

// lastReference keeps the reference file last made, by its source: a
// program of mutants asks Entries of hundreds of mutants of one reference.
var lastReference struct {
	sync.Mutex
	src string
	r   *referenceFile
}

// reference returns the referenceFile of src, made once for the same
// source.
func reference(src []byte) (*referenceFile, error) {
	lastReference.Lock()
	defer lastReference.Unlock()
	if lastReference.r != nil && lastReference.src == string(src) {
		return lastReference.r, nil
	}
	fset := token.NewFileSet()
	f, units, err := decls(fset, "reference.go", src)
	if err != nil {
		return nil, err
	}
	r := &referenceFile{units: units, g: newGraph(fset, f, units), funcs: map[string]bool{}}
	r.atStart = r.g.closure(r.g.start...)
	for _, u := range units {
		if u.fn {
			r.funcs[u.key] = true
		}
	}
	r.dirs, r.dirErr = directives(src)
	lastReference.src, lastReference.r = string(src), r
	return r, nil
}

// sameDirectives reports whether mutant has the reference's directives.
func (r *referenceFile) sameDirectives(mutant []byte) bool {
	b, err := directives(mutant)
	return r.dirErr == nil && err == nil && slices.Equal(r.dirs, b)
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

// touches reports whether any node of reached is in changed.
func touches(reached, changed map[string]bool) bool {
	for n := range changed {
		if reached[n] {
			return true
		}
	}
	return false
}

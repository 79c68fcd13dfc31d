package labtest

import (
	"os"
	"path"
	"reflect"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/mutation"
)

// CopiesAreFresh regenerates every mutant copy and the registry in
// memory, as go generate does with harness/cmd/genmutants, and compares
// them with the checked-in files, so that a change to the reference or
// the catalogue cannot land without go generate.
func CopiesAreFresh(t *testing.T, l *lab.Lab) {
	root, file := Root(t), l.Layout.Catalogue
	regen := "run go generate ./" + path.Dir(file)
	cat, err := mutation.Load(root, file)
	if err != nil {
		t.Fatal(err)
	}
	// Generate fails when a replacement matches the reference zero times
	// or more than once; its error names the mutant and the catalogue line.
	files, err := mutation.Generate(root, file, cat)
	if err != nil {
		t.Fatalf("cannot generate the mutants: %v", err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		got, err := os.ReadFile(joinRoot(root, name))
		if err != nil {
			t.Errorf("stale: %s (%v)", regen, err)
			continue
		}
		if diff := cmp.Diff(string(files[name]), string(got)); diff != "" {
			t.Errorf("stale: %s\n%s is not the reference with its one replacement (-generated +checked-in):\n%s", regen, name, diff)
		}
	}
	stale, err := mutation.Stale(root, path.Dir(file), files)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		t.Errorf("stale: %s (%s is generated but not wanted by the catalogue)", regen, name)
	}
}

// Sound checks the lab value a binding hands the harness: lab.Check, the
// embedded catalogue, joined to its answer key, against the files and the
// registry against the catalogue, every implementation found by name and
// every mutant by label, and an API struct with a field for every
// exported name of the reference source, as the generated registries fill
// it (a variable by address).
func Sound(t *testing.T, l *lab.Lab) {
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	root := Root(t)
	onDisk, err := mutation.LoadAnswered(root, l.Layout.Catalogue, l.Layout.Answers)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(onDisk, l.Catalogue); diff != "" {
		t.Errorf("embedded catalogue differs from %s (-disk +embedded):\n%s", l.Layout.Catalogue, diff)
	}
	var want, got []string
	for _, m := range onDisk.Mutants {
		want = append(want, m.Name)
	}
	for _, m := range l.Mutants {
		got = append(got, m.Name)
		if missing := m.Missing(); len(missing) > 0 {
			t.Errorf("mutant %s lacks %v", m.Name, missing)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("registry does not match the catalogue (-catalogue +registry):\n%s", diff)
	}
	lookup(t, l)
	apiFields(t, l, root)
}

// lookup finds every implementation by its name and every mutant by its
// label.
func lookup(t *testing.T, l *lab.Lab) {
	for _, i := range l.Impls() {
		if s, ok := l.Lookup(i.Name); !ok || s.Name != i.Name {
			t.Errorf("Lookup(%q) = %q, %v; want the implementation of that name", i.Name, s.Name, ok)
		}
	}
	for _, m := range l.Catalogue.Mutants {
		if s, ok := l.Lookup(m.Label); !ok || s.Name != m.Name {
			t.Errorf("Lookup(%q) = %q, %v; want mutant %s by its label", m.Label, s.Name, ok, m.Name)
		}
	}
	if _, ok := l.Lookup("no_such_mutant"); ok {
		t.Error(`Lookup("no_such_mutant") found something`)
	}
}

// apiFields checks the reference value's struct against the exported
// names of the reference source.
func apiFields(t *testing.T, l *lab.Lab, root string) {
	src, err := os.ReadFile(joinRoot(root, l.Layout.Source))
	if err != nil {
		t.Fatal(err)
	}
	fields, err := mutation.APIFields(src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, f := range fields {
		want[f.Name] = f.Var
	}
	got := map[string]bool{}
	api := reflect.TypeOf(l.Reference.Value)
	for i := range api.NumField() {
		got[api.Field(i).Name] = api.Field(i).Type.Kind() == reflect.Pointer
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s's fields against %s's exported names, true when held by address (-source +API):\n%s", api, l.Layout.Source, diff)
	}
	if api.PkgPath()+"."+api.Name() != l.Catalogue.API {
		t.Errorf("reference value is a %s.%s; the catalogue says the API is %s", api.PkgPath(), api.Name(), l.Catalogue.API)
	}
}

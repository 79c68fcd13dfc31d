package mutants_test

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/mutation"
	"idemlab/labs/lease/mutants"
)

// TestCopiesAreFresh regenerates every mutant copy and the registry in
// memory, as go generate does with harness/cmd/genmutants, and compares
// them with the checked-in files, so a change to the reference or the
// catalogue cannot land without go generate.
func TestCopiesAreFresh(t *testing.T) {
	cat, err := mutation.Load(root, mutants.CatalogueFile)
	if err != nil {
		t.Fatal(err)
	}
	files, err := mutation.Generate(root, mutants.CatalogueFile, cat)
	if err != nil {
		t.Fatalf("cannot generate the mutants: %v", err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("stale: run go generate ./labs/lease/mutants (%v)", err)
			continue
		}
		if diff := cmp.Diff(string(files[name]), string(got)); diff != "" {
			t.Errorf("stale: run go generate ./labs/lease/mutants\n%s is not the reference with its one replacement (-generated +checked-in):\n%s", name, diff)
		}
	}
	stale, err := mutation.Stale(root, mutants.Dir+"/mutants", files)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		t.Errorf("stale: run go generate ./labs/lease/mutants (%s is generated but not wanted by the catalogue)", name)
	}
}

// TestEmbeddedCatalogue checks that the catalogue compiled into the
// binaries is the file on disk and that the registry holds its mutants in
// its order.
func TestEmbeddedCatalogue(t *testing.T) {
	onDisk, err := mutation.Load(root, mutants.CatalogueFile)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(onDisk, mutants.Lab().Catalogue); diff != "" {
		t.Errorf("embedded catalogue differs from %s (-disk +embedded):\n%s", mutants.CatalogueFile, diff)
	}
	var want, got []string
	for _, m := range onDisk.Mutants {
		want = append(want, m.Name)
	}
	for _, m := range mutants.Lab().Mutants {
		got = append(got, m.Name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("registry does not match the catalogue (-catalogue +registry):\n%s", diff)
	}
}

// TestLookup finds every implementation by its name and every mutant by
// its label.
func TestLookup(t *testing.T) {
	l := mutants.Lab()
	for _, i := range l.Impls() {
		s, ok := l.Lookup(i.Name)
		if !ok || s.Name != i.Name {
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

// TestLabIsSound checks the lab value the binding hands the harness, and
// that its API type has a field for every exported name of the reference
// source, as the generated registries fill it (a variable by address).
func TestLabIsSound(t *testing.T) {
	l := mutants.Lab()
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Source)))
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
	for _, m := range l.Mutants {
		if missing := m.Missing(); len(missing) > 0 {
			t.Errorf("mutant %s lacks %v", m.Name, missing)
		}
	}
}

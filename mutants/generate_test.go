package mutants_test

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/mutation"
	"idemlab/mutants"
)

// root is the module root, seen from this package's folder.
const root = ".."

// TestCopiesAreFresh regenerates every mutant copy and the registry in
// memory and compares them with the checked-in files, so a change to the
// reference or the catalogue cannot land without go generate.
func TestCopiesAreFresh(t *testing.T) {
	cat, err := mutation.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	// Generate fails when a replacement matches the reference zero times or
	// more than once; its error names the mutant and the catalogue line.
	files, err := mutation.Generate(root, cat)
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
			t.Errorf("stale: run go generate ./mutants (%v)", err)
			continue
		}
		if diff := cmp.Diff(string(files[name]), string(got)); diff != "" {
			t.Errorf("stale: run go generate ./mutants\n%s is not the reference with its one replacement (-generated +checked-in):\n%s", name, diff)
		}
	}
	stale, err := mutation.Stale(root, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		t.Errorf("stale: run go generate ./mutants (%s is generated but not wanted by the catalogue)", name)
	}
}

// TestEmbeddedCatalogue checks that the catalogue compiled into the
// binaries is the file on disk and that the registry holds its mutants in
// its order.
func TestEmbeddedCatalogue(t *testing.T) {
	onDisk, err := mutation.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(onDisk, mutants.Catalogue()); diff != "" {
		t.Errorf("embedded catalogue differs from %s (-disk +embedded):\n%s", mutation.CatalogueFile, diff)
	}
	var want, got []string
	for _, m := range onDisk.Mutants {
		want = append(want, m.Name)
	}
	for _, m := range mutants.Impls() {
		got = append(got, m.Name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("registry does not match the catalogue (-catalogue +registry):\n%s", diff)
	}
}

func TestLookup(t *testing.T) {
	for _, name := range mutants.Names() {
		s, ok := mutants.Lookup(name)
		if !ok || s.Name != name {
			t.Errorf("Lookup(%q) = %q, %v; want the implementation of that name", name, s.Name, ok)
		}
	}
	if _, ok := mutants.Lookup("no_such_mutant"); ok {
		t.Error(`Lookup("no_such_mutant") found something`)
	}
}

package lab_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
)

// TestSpecLab: a lab declared by its name, folder, catalogue,
// implementations and commands gets the standard layout under its folder,
// the binding of its mutants package and go test of that package as its
// quick loop.
func TestSpecLab(t *testing.T) {
	data, err := os.ReadFile("../labrun/testdata/counter/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	l := lab.Spec{Name: "ctr", Dir: "labs/ctr", Catalogue: data, Reference: counter.Reference, Commands: []lab.Command{counter.Command()}}.Lab()
	type summary struct {
		Name, Binding, QuickLoop string
		Layout                   lab.Layout
		Mutants                  int
	}
	want := summary{Name: "ctr", Binding: "idemlab/labs/ctr/mutants", QuickLoop: "go test ./labs/ctr/mutants", Layout: lab.Layout{
		Source:       "harness/labrun/testdata/counter/counter.go",
		Catalogue:    "labs/ctr/mutants/catalogue.json",
		Equivalents:  "labs/ctr/mutants/equivalent.json",
		Clauses:      "labs/ctr/mutants/testdata/answers/clauses.json",
		Coverage:     "labs/ctr/mutants/coverage.json",
		Observations: "labs/ctr/testdata",
		Kinds:        []string{"happy", "edge"},
		Own:          "student",
		Worksheets:   []string{"labs/ctr/worksheet.md", "labs/ctr/worksheet.zh-CN.md"},
		History:      "labs/ctr/worksheet.history.json",
		Sources:      []string{"labs/ctr/reference", "labs/ctr/mutants"},
	}}
	got := summary{l.Name, l.Binding, l.QuickLoop, l.Layout, len(l.Catalogue.Mutants)}
	want.Mutants = got.Mutants
	if diff := cmp.Diff(want, got); diff != "" || got.Mutants == 0 {
		t.Errorf("%d mutants; the lab (-want +got):\n%s", got.Mutants, diff)
	}
	// The first lab's layout is the same at the module root.
	if root := lab.StandardLayout("", "reference/store.go"); root.Catalogue != "mutants/catalogue.json" || root.Observations != "testdata" || root.Worksheets[0] != "worksheet.md" {
		t.Errorf("the standard layout at the root: %+v", root)
	}
}

// TestSpecBadCatalogue: a catalogue that does not parse stops the lab's
// construction, naming the lab and the file.
func TestSpecBadCatalogue(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "lab ctr: embedded catalogue: labs/ctr/mutants/catalogue.json") {
			t.Errorf("panic %q, want it to name the lab and its catalogue", msg)
		}
	}()
	lab.Spec{Name: "ctr", Dir: "labs/ctr", Catalogue: []byte("{")}.Lab()
}

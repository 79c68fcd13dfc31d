package grade

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/classgen"
	grading "idemlab/harness/grade"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// relaidName is the counter lab laid out otherwise: its kinds of
// observation are path/ and corner/ (happy/ and edge/ in the counter
// lab), a student's own are in mine/ (student/), and the worksheet is
// sheet.md (worksheet.md).
const relaidName = "relaid"

// relaidKinds maps the counter lab's folders to relaid's.
var relaidKinds = strings.NewReplacer("happy/", "path/", "edge/", "corner/", "worksheet.history.json", "sheet.history.json")

// relaid is the counter lab under relaidName's layout; its catalogue's
// intended killers are named by the new folders.
var relaid = sync.OnceValue(func() *lab.Lab {
	l := *counter.Lab()
	l.Name = relaidName
	cat := *l.Catalogue
	cat.Mutants = slices.Clone(cat.Mutants)
	for i := range cat.Mutants {
		cat.Mutants[i].Killer = relaidKinds.Replace(cat.Mutants[i].Killer)
	}
	l.Catalogue = &cat
	l.Layout.Kinds, l.Layout.Own = []string{"path", "corner"}, "mine"
	l.Layout.Worksheets = []string{counter.Dir + "/sheet.md"}
	l.Layout.History = counter.Dir + "/sheet.history.json"
	return &l
})

// relaidCheckout makes a checkout of the relaid lab: a go.mod and the
// counter lab's observations in the relaid lab's folders.
func relaidCheckout(t *testing.T, from string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module idemlab\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	obs := filepath.FromSlash(counter.Lab().Layout.Observations)
	for _, kind := range counter.Lab().Layout.Kinds {
		files, err := filepath.Glob(filepath.Join(from, obs, kind, "*.txtar"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no observations of kind %s in %s (%v)", kind, from, err)
		}
		dir := filepath.Join(root, obs, strings.TrimSuffix(relaidKinds.Replace(kind+"/"), "/"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

// TestLayoutNames grades one synthetic class twice: written and graded
// as the counter lab, and written and graded as the same lab laid out
// under other names (relaid). classgen writes each class as its lab's
// layout says (a student's observations in mine/, the worksheet
// sheet.md), and grade, its workers included, reads it so: the two
// classes are graded alike, but for the lab's name and its observations'
// folders.
func TestLayoutNames(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class twice")
	}
	t.Chdir(".") // grade -C changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	mix := classgen.DefaultMix
	mix.Invalid, mix.Refused = 50, 40
	grade := func(l *lab.Lab, root string) *grading.Class {
		obs, err := labrun.LabObservations(l, root)
		if err != nil {
			t.Fatal(err)
		}
		class := filepath.Join(work, l.Name)
		if err := classgen.Write(class, 6, 7, mix, l, obs); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(work, l.Name+".json")
		mustRun(t, "-lab", l.Name, "-C", root, "-q", "-format", "json", "-parallel", "2", "-o", out, class)
		return readClass(t, out)
	}
	want := grade(counter.Lab(), root)
	got := grade(relaid(), relaidCheckout(t, root))
	for _, sub := range []string{"student001", "student002"} {
		for _, f := range []string{"sheet.md", "mine"} {
			if _, err := os.Stat(filepath.Join(work, relaidName, sub, f)); err != nil {
				t.Errorf("classgen wrote no %s for %s of the relaid lab: %v", f, sub, err)
			}
		}
	}
	// A student's observations are named student/NAME in both, the role
	// grading knows them by, but their files are where the layout says.
	rename := func(s string) string { return relaidKinds.Replace(ownFile.ReplaceAllString(s, "mine/$1.txtar")) }
	if diff := cmp.Diff(comparable(t, want, rename), comparable(t, got, nil)); diff != "" {
		t.Errorf("the class graded as the relaid lab against the counter lab's (-want +got):\n%s", diff)
	}
	kills, invalid, refused := 0, 0, 0
	for _, r := range got.Rows {
		kills, invalid, refused = kills+r.OwnKills, invalid+r.Invalid, refused+r.Refused
	}
	if kills == 0 || invalid == 0 || refused == 0 {
		t.Errorf("relaid: %d kills, %d invalid and %d refused observations in the class; want some of each", kills, invalid, refused)
	}
}

// ownFile matches a student's observation's file in the counter lab.
var ownFile = regexp.MustCompile(`student/([^ "/:]+)\.txtar`)

// comparable is c's rows and analytics as JSON values, with the lab's
// folders renamed by r (nil for none).
func comparable(t *testing.T, c *grading.Class, r func(string) string) any {
	t.Helper()
	data, err := json.Marshal(struct {
		Rows      any
		Analytics any
	}{c.Rows, c.Analytics})
	if err != nil {
		t.Fatal(err)
	}
	if r != nil {
		data = []byte(r(string(data)))
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

package labtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/heldout"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/harness/stryker"
	"idemlab/harness/writers"
)

// observations are lab l's own, found from its layout.
func observations(t *testing.T, l *lab.Lab) []killmatrix.Observation {
	t.Helper()
	obs, err := labrun.LabObservations(l, Root(t))
	if err != nil {
		t.Fatal(err)
	}
	return obs
}

// KillReport runs lab l as the idemlab command does, in the instructor's
// view, and writes the report with every writer: the gate holds, the
// JSON is valid against harness/schemas/report.schema.json and names the
// lab, its source and every catalogue mutant killed by its intended
// killer, in the catalogue's order; the Stryker export is valid against
// Stryker's schema with every mutant Killed by its intended killer; the
// text and HTML name every mutant.
func KillReport(t *testing.T, l *lab.Lab) {
	root := Root(t)
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, View: report.Instructor, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Matrix.Gate(); err != nil {
		t.Fatalf("the gate through labrun:\n%v", err)
	}
	out := map[string]string{}
	for _, w := range writers.Reports {
		var b bytes.Buffer
		if err := writers.To(writers.Reports, w.Name, "", &b, res.Full); err != nil {
			t.Fatalf("writer %s: %v", w.Name, err)
		}
		out[w.Name] = b.String()
	}
	schematest.Validate(t, filepath.Join(root, "harness", "schemas", "report.schema.json"), []byte(out["json"]))
	schematest.Validate(t, filepath.Join(root, "harness", "stryker", "testdata", "report-schema", "mutation-testing-report-schema.json"), []byte(out["stryker"]))
	reportNamesEveryMutant(t, l, out["json"])
	n := len(l.Catalogue.Mutants)
	for name, wants := range map[string][]string{"text": {fmt.Sprintf("%d mutants: %d killed", n, n)}, "html": {"<!DOCTYPE html>"}} {
		for _, m := range l.Catalogue.Mutants {
			wants = append(wants, m.Name, m.Killer)
		}
		for _, w := range wants {
			if !strings.Contains(out[name], w) {
				t.Errorf("the %s report lacks %q", name, w)
			}
		}
	}
	var sr stryker.Report
	if err := json.Unmarshal([]byte(out["stryker"]), &sr); err != nil {
		t.Fatal(err)
	}
	for _, mu := range sr.Files[l.Layout.Source].Mutants {
		entry, _ := l.Catalogue.Lookup(mu.ID)
		if mu.Status != stryker.StatusKilled || !slices.Contains(mu.KilledBy, entry.Killer) {
			t.Errorf("Stryker mutant %s: %s, killed by %v; want Killed by %s", mu.ID, mu.Status, mu.KilledBy, entry.Killer)
		}
	}
}

// reportNamesEveryMutant checks the JSON report's lab, source and mutants.
func reportNamesEveryMutant(t *testing.T, l *lab.Lab, data string) {
	t.Helper()
	var doc struct {
		Schema  string
		Meta    struct{ Kind, Lab string }
		Source  string
		Mutants []struct {
			Name, Outcome, Origin string
			Killer                string `json:"intended_killer"`
		}
	}
	if err := json.Unmarshal([]byte(data), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != report.Schema || doc.Meta.Kind != report.KindLab || doc.Meta.Lab != l.Name || doc.Source != l.Layout.Source {
		t.Errorf("schema %q, kind %q, lab %q, source %q; want %q, %q, %s, %s", doc.Schema, doc.Meta.Kind, doc.Meta.Lab, doc.Source, report.Schema, report.KindLab, l.Name, l.Layout.Source)
	}
	var got, want []string
	for _, mu := range doc.Mutants {
		got = append(got, strings.Join([]string{mu.Name, mu.Outcome, mu.Origin, mu.Killer}, " "))
	}
	for _, c := range l.Catalogue.Mutants {
		want = append(want, strings.Join([]string{c.Name, string(outcome.Killed), report.OriginLab, c.Killer}, " "))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mutants: name, outcome, origin, intended killer (-want +got):\n%s", diff)
	}
}

// HeldOutExample builds the lab's example held-out catalogue,
// testdata/heldout/example.json in the lab's folder (skipped when it has
// none), and runs the lab with it: every held-out mutant killed by its
// intended killer, unless the catalogue says why it is equivalent (then
// judged equivalent) or it does not build (then reported unviable, as an
// example may show on purpose), and a hidden one unnamed in the
// student's report.
func HeldOutExample(t *testing.T, l *lab.Lab) {
	root := Root(t)
	file := joinRoot(root, path.Join(path.Dir(path.Dir(l.Layout.Catalogue)), "testdata", "heldout", "example.json"))
	if _, err := os.Stat(file); err != nil {
		t.Skipf("no example held-out catalogue: %v", err)
	}
	var names []string
	for _, o := range observations(t, l) {
		names = append(names, o.Name)
	}
	set, err := heldout.Load(l, root, file, names, killmatrix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, HeldOut: set, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range set.Mutants() {
		want := outcome.Killed
		switch {
		case h.Unviable != "": // an example may show one, its reason said
			want = outcome.Unviable
		case h.Equivalent != "":
			want = outcome.Equivalent
		}
		mu, ok := res.Full.Mutant(h.Name)
		switch {
		case !ok || mu.Origin != report.OriginHeldOut || mu.Outcome != want:
			t.Errorf("held-out %s in the full report: %+v, want %s and held out", h.Name, mu.MutantRow, want)
		case want == outcome.Killed && h.Killer != "" && !slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == h.Killer }):
			t.Errorf("held-out %s: not killed by its intended killer %s (killed by %v)", h.Name, h.Killer, mu.KilledBy)
		}
		if _, named := res.Report.Mutant(h.Name); named && !h.Shown {
			t.Errorf("the student's report names the hidden held-out mutant %s", h.Name)
		}
	}
}

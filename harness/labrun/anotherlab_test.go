package labrun_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/harness/stryker"
	"idemlab/harness/writers"
)

// root is the module root, from this package's folder.
const root = "../.."

// strykerSchema is the published mutation-testing-report schema.
const strykerSchema = "../stryker/testdata/report-schema/mutation-testing-report-schema.json"

// TestAnotherLab proves that a lab is data: a second lab, a counter kept
// in a file (testdata/counter: its reference, hand-written mutants,
// command, observations, catalogue, worksheet and held-out catalogue),
// goes through every stage of the harness, which knows nothing of it but
// its lab.Lab value. Nothing here knows the store lab.
func TestAnotherLab(t *testing.T) {
	l := counter.Lab()
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) == 0 {
		t.Fatalf("no observations in %s", l.Layout.Observations)
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Source)))
	if err != nil {
		t.Fatal(err)
	}

	t.Run("binding", func(t *testing.T) { checkBinding(t, l, src) })

	m := killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{})
	t.Run("matrix", func(t *testing.T) {
		if err := m.Gate(); err != nil {
			t.Fatalf("the counter lab's gate:\n%v", err)
		}
		checkIntendedKillers(t, l.Catalogue, m)
	})

	t.Run("prediction", func(t *testing.T) { checkPrediction(t, l, obs, m) })

	// The whole loop, as the idemlab command runs it: observations and
	// worksheet found from the lab's layout, matrix, report.
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, View: report.Instructor, Lang: i18n.English})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("json", func(t *testing.T) { checkJSON(t, l, obs, res) })
	t.Run("stryker", func(t *testing.T) {
		checkStryker(t, l, obs, src, res.Full)
		checkExportsEvery(t, res.Full)
	})

	t.Run("heldout", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds a program of held-out mutants")
		}
		checkHeldOut(t, l, obs)
	})
	t.Run("generated", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds a program of generated mutants")
		}
		checkGenerated(t, l, src, m)
	})
}

// checkBinding: the lab's binding package is its own, with none of the
// store lab's packages among its dependencies, and its API struct has
// exactly the fields the harness derives from the reference source.
func checkBinding(t *testing.T, l *lab.Lab, src []byte) {
	out, err := exec.Command("go", "list", "-C", root, "-deps", l.Binding).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", l.Binding, err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if slices.Contains([]string{"idemlab/reference", "idemlab/reference/idem", "idemlab/mutants"}, dep) {
			t.Errorf("the counter lab depends on the store lab's package %s", dep)
		}
	}
	fields, err := mutation.APIFields(src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{} // name -> held by address
	for _, f := range fields {
		want[f.Name] = f.Var
	}
	got := map[string]bool{}
	api := reflect.TypeOf(l.Reference.Value)
	for i := range api.NumField() {
		got[api.Field(i).Name] = api.Field(i).Type.Kind() == reflect.Pointer
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s's fields, as the reference source's exported names (-source +API):\n%s", api, diff)
	}
	if api.PkgPath()+"."+api.Name() != l.Catalogue.API {
		t.Errorf("reference value is a %s.%s; the catalogue says the API is %s", api.PkgPath(), api.Name(), l.Catalogue.API)
	}
}

// checkIntendedKillers: the matrix has one row per catalogue mutant, in
// order, each killed by the observation its entry intends.
func checkIntendedKillers(t *testing.T, cat *mutation.Catalogue, m *killmatrix.Matrix) {
	t.Helper()
	var names []string
	for _, mu := range m.Mutants {
		names = append(names, mu.Name)
		entry, _ := cat.Lookup(mu.Name)
		if !slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == entry.Killer }) {
			t.Errorf("mutant %s: not killed by its intended killer %s (killed by %v)", mu.Name, entry.Killer, mu.KilledBy)
		}
	}
	var want []string
	for _, mu := range cat.Mutants {
		want = append(want, mu.Name)
	}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("matrix rows (-catalogue +matrix):\n%s", diff)
	}
}

// worksheetWants is what the counter's worksheet predicts rightly: its
// third prediction names the right killer with the wrong evidence.
var worksheetWants = map[string]bool{
	"1_inc_passes_max":        true,
	"2_inc_returns_old_value": true,
	"3_inc_saves_old_value":   false,
}

// checkPrediction reads the lab's worksheet and judges its predictions.
func checkPrediction(t *testing.T, l *lab.Lab, obs []killmatrix.Observation, m *killmatrix.Matrix) {
	ws := l.Layout.Worksheets[0]
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(ws)))
	if err != nil {
		t.Fatal(err)
	}
	known := labrun.Known(l, obs)
	sheet, problems := predict.Read([]predict.Source{{File: ws, Data: data}}, known)
	if len(problems) > 0 {
		t.Fatalf("worksheet %s:\n%v", ws, problems)
	}
	if strict, err := predict.Parse(ws, data, known); err != nil || !cmp.Equal(strict, sheet) {
		t.Errorf("Parse and Read disagree: %v\n%s", err, cmp.Diff(sheet, strict))
	}
	if len(sheet.Predictions) != len(l.Catalogue.Mutants) || len(sheet.Unfilled) > 0 {
		t.Fatalf("%d predictions, %v unfilled; want one for each of the %d mutants", len(sheet.Predictions), sheet.Unfilled, len(l.Catalogue.Mutants))
	}
	// The first prediction names its killer by its file's path from the
	// module root, which is the lab's layout's, not the store's.
	if p := sheet.Predictions[0]; p.Killer != "edge/inc_at_max_is_refused" {
		t.Errorf("prediction of %s: killer %q, want edge/inc_at_max_is_refused", p.Wrote, p.Killer)
	}

	// An unknown killer is refused with the lab's own folders named.
	typo := strings.Replace(string(data), "killer: happy/inc_then_get", "killer: happy/inc_then_gte", 1)
	_, err = predict.Parse(ws, []byte(typo), known)
	if want := "want kind/name of a file in " + l.Layout.Observations + "/happy, "; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a worksheet with an unknown killer: error %v, want one saying %q", err, want)
	}

	r := report.New(m, l.Catalogue, sheet, nil)
	got := map[string]bool{}
	for _, v := range r.Verdicts {
		if !v.Judged {
			t.Errorf("prediction of %s not judged: %v", v.Prediction.Mutant, v.Problems)
		}
		got[v.Prediction.Mutant] = v.Right
		if !v.Right && (len(v.Problems) != 1 || v.Problems[0].Code != "wrong-evidence" || v.Problems[0].Data["Got"] != string(killmatrix.EvidenceState)) {
			t.Errorf("prediction of %s: problems %+v, want one: wrong evidence, state", v.Prediction.Mutant, v.Problems)
		}
		// The lesson shows the lab's own command where the two part ways.
		if lesson := r.Lesson(v); !strings.Contains(lesson, "ctr ") {
			t.Errorf("lesson of %s does not show a ctr command:\n%s", v.Prediction.Mutant, lesson)
		}
	}
	if diff := cmp.Diff(worksheetWants, got); diff != "" {
		t.Errorf("verdicts, right or not (-want +got):\n%s", diff)
	}
	right := 0
	for _, ok := range worksheetWants {
		if ok {
			right++
		}
	}
	if len(r.Unpredicted) > 0 || r.Score.Right != right || r.Score.Predicted != len(l.Catalogue.Mutants) {
		t.Errorf("score %+v, unpredicted %v", r.Score, r.Unpredicted)
	}
}

// checkJSON reads back the JSON report of the whole loop.
func checkJSON(t *testing.T, l *lab.Lab, obs []killmatrix.Observation, res *labrun.Result) {
	if err := res.Matrix.Gate(); err != nil {
		t.Fatalf("the run's gate:\n%v", err)
	}
	var b bytes.Buffer
	if err := res.Full.JSON(&b); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Schema string
		Meta   struct{ Kind, Lab string }
		Source string
		// Mutants and observations by the names JSON gives them.
		Mutants []struct {
			Name, Outcome, Origin string
			Killer                string `json:"intended_killer"`
		}
		Observations []struct{ Name, File, Status string }
		Verdicts     []struct {
			Prediction struct{ Mutant string }
			Right      bool
		}
		Inputs []report.Digest
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != report.Schema || doc.Meta.Kind != report.KindLab || doc.Meta.Lab != l.Name || doc.Source != l.Layout.Source {
		t.Errorf("schema %q, kind %q, lab %q, source %q; want %q, %q, %q, %q", doc.Schema, doc.Meta.Kind, doc.Meta.Lab, doc.Source,
			report.Schema, report.KindLab, l.Name, l.Layout.Source)
	}
	var gotMutants, wantMutants []string
	for _, mu := range doc.Mutants {
		gotMutants = append(gotMutants, strings.Join([]string{mu.Name, mu.Outcome, mu.Origin, mu.Killer}, " "))
	}
	for _, c := range l.Catalogue.Mutants {
		wantMutants = append(wantMutants, strings.Join([]string{c.Name, string(outcome.Killed), report.OriginLab, c.Killer}, " "))
	}
	if diff := cmp.Diff(wantMutants, gotMutants); diff != "" {
		t.Errorf("mutants: name, outcome, origin, intended killer (-want +got):\n%s", diff)
	}
	var gotObs, wantObs []string
	for _, o := range doc.Observations {
		gotObs = append(gotObs, o.Name+" "+o.File+" "+o.Status)
	}
	for _, o := range obs {
		wantObs = append(wantObs, o.Name+" "+o.File+" "+string(outcome.Pass))
		if !strings.HasPrefix(o.File, l.Layout.Observations+"/"+o.Kind+"/") {
			t.Errorf("observation %s is named %s, not by its path from the module root", o.Name, o.File)
		}
	}
	if diff := cmp.Diff(wantObs, gotObs); diff != "" {
		t.Errorf("observations (-want +got):\n%s", diff)
	}
	got := map[string]bool{}
	for _, v := range doc.Verdicts {
		got[v.Prediction.Mutant] = v.Right
	}
	if diff := cmp.Diff(worksheetWants, got); diff != "" {
		t.Errorf("verdicts, right or not (-want +got):\n%s", diff)
	}
	// The digests are of the lab's files, as its layout names them.
	digested := map[string]bool{}
	for _, d := range doc.Inputs {
		digested[d.Path] = d.SHA256 != ""
	}
	for _, f := range append([]string{l.Layout.Worksheets[0], l.Layout.Catalogue, l.Layout.Source, obs[0].File}, "harness/") {
		if !digested[f] {
			t.Errorf("inputs lack a digest of %s: %v", f, doc.Inputs)
		}
	}
	if diff := cmp.Diff([]string{"ctr get"}, res.Full.StateCommands); diff != "" {
		t.Errorf("state commands (-want +got):\n%s", diff)
	}
	var text bytes.Buffer
	if err := res.Report.Text(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "1_limit") {
		t.Errorf("the text report does not name 1_limit:\n%s", text.String())
	}
}

// checkStryker exports the run's report and validates it against the
// published schema.
func checkStryker(t *testing.T, l *lab.Lab, obs []killmatrix.Observation, src []byte, r *report.Report) {
	sr, err := stryker.Export(r)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := sr.JSON(&b); err != nil {
		t.Fatal(err)
	}
	if err := schematest.Check(strykerSchema, b.Bytes()); err != nil {
		t.Fatalf("the export breaks the schema: %v", err)
	}
	var doc stryker.Report
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Files) != 1 || doc.Files[l.Layout.Source].Source != string(src) {
		t.Fatalf("files %v: want only %s, with its source", slices.Collect(maps.Keys(doc.Files)), l.Layout.Source)
	}
	for _, mu := range doc.Files[l.Layout.Source].Mutants {
		entry, _ := l.Catalogue.Lookup(mu.ID)
		if mu.Status != stryker.StatusKilled || !slices.Contains(mu.KilledBy, entry.Killer) {
			t.Errorf("mutant %s: %s, killed by %v; want Killed by %s", mu.ID, mu.Status, mu.KilledBy, entry.Killer)
		}
		// The counter's source is ASCII: columns count bytes.
		if at := offset(src, mu.Location.Start); at < 0 || !strings.HasPrefix(string(src[at:]), entry.Old) || offset(src, mu.Location.End) != at+len(entry.Old) {
			t.Errorf("mutant %s: location %+v is not its snippet %q", mu.ID, mu.Location, entry.Old)
		}
	}
	if len(doc.Files[l.Layout.Source].Mutants) != len(l.Catalogue.Mutants) {
		t.Errorf("%d mutants exported, want %d", len(doc.Files[l.Layout.Source].Mutants), len(l.Catalogue.Mutants))
	}
	for _, o := range obs {
		tf, ok := doc.TestFiles[o.File]
		switch {
		case !ok:
			t.Errorf("no test file %s for observation %s", o.File, o.Name)
		case tf.Source != string(o.Data):
			t.Errorf("test file %s: source %q, want the observation's text", o.File, tf.Source)
		case len(tf.Tests) != 1 || tf.Tests[0].ID != o.Name:
			t.Errorf("test file %s: tests %+v, want %s", o.File, tf.Tests, o.Name)
		}
	}
	if len(doc.TestFiles) != len(obs) {
		t.Errorf("%d test files, want one per observation (%d)", len(doc.TestFiles), len(obs))
	}
}

// checkHeldOut builds the counter's held-out catalogue and runs it, alone
// and in the lab's run.
func checkHeldOut(t *testing.T, l *lab.Lab, obs []killmatrix.Observation) {
	var names []string
	for _, o := range obs {
		names = append(names, o.Name)
	}
	set, err := heldout.Load(l, root, filepath.Join(root, filepath.FromSlash(counter.HeldOutFile)), names, killmatrix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	var viable []string
	for _, h := range set.Mutants() {
		switch {
		case h.Unviable == "":
			viable = append(viable, h.Name)
		case h.Name != "6_inc_does_not_compile" || !strings.HasPrefix(h.Unviable, "does not compile: "+l.Layout.Source+":"):
			t.Errorf("held-out %s: unviable because %q", h.Name, h.Unviable)
		}
	}
	if diff := cmp.Diff([]string{"4_get_keeps_the_newline", "5_reset_ignores_errors"}, viable); diff != "" {
		t.Errorf("viable held-out mutants (-want +got):\n%s", diff)
	}
	m, err := set.Run(obs)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Gate(); err != nil {
		t.Errorf("held-out mutants:\n%v", err)
	}
	judged := *set.Catalogue()
	judged.Mutants = slices.DeleteFunc(slices.Clone(judged.Mutants), func(h mutation.Mutant) bool { return !slices.Contains(viable, h.Name) })
	checkIntendedKillers(t, &judged, m)

	// Through the lab's run: held out, the unviable one reported, the
	// hidden one unnamed in a student's view.
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, HeldOut: set, Lang: i18n.English})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	if res.HeldOutSurvived() {
		t.Error("a held-out mutant survived or was not judged")
	}
	for name, want := range map[string]outcome.Mutant{
		"4_get_keeps_the_newline": outcome.Killed,
		"5_reset_ignores_errors":  outcome.Killed,
		"6_inc_does_not_compile":  outcome.Unviable,
	} {
		if mu, ok := res.Full.Mutant(name); !ok || mu.Origin != report.OriginHeldOut || mu.Outcome != want {
			t.Errorf("held-out %s in the full report: %+v, want %s and held out", name, mu.MutantRow, want)
		}
	}
	if _, named := res.Report.Mutant("5_reset_ignores_errors"); named {
		t.Error("the student's report names the hidden held-out mutant")
	}
	checkExportsEvery(t, res.Full)
}

// checkExportsEvery: the Stryker writer exports every mutant the report
// judged, of every origin, each with the status of its outcome; an
// unviable one is a CompileError that says why. One result model: a lab
// run, a held-out run and a generated run export by the same rule.
func checkExportsEvery(t *testing.T, r *report.Report) {
	t.Helper()
	var b bytes.Buffer
	if err := writers.To(writers.Reports, "stryker", "-", &b, r); err != nil {
		t.Fatal(err)
	}
	var doc stryker.Report
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	type row struct{ ID, Origin, Status, Reason string }
	status := map[outcome.Mutant]string{outcome.Killed: stryker.StatusKilled, outcome.Survived: stryker.StatusSurvived,
		outcome.Unviable: stryker.StatusCompileError, outcome.Equivalent: stryker.StatusIgnored}
	origin := map[string]string{}
	var want []row
	for _, mu := range r.Mutants {
		origin[mu.Name] = mu.Origin
		w := row{ID: mu.Name, Origin: mu.Origin, Status: status[mu.Outcome]}
		if mu.Outcome == outcome.Unviable {
			w.Reason = mu.Reason
		}
		want = append(want, w)
	}
	var got []row
	for _, mu := range doc.Files[r.Source].Mutants {
		g := row{ID: mu.ID, Origin: origin[mu.ID], Status: mu.Status}
		if mu.Status == stryker.StatusCompileError {
			g.Reason = mu.StatusReason
		}
		got = append(got, g)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mutants exported (-report +stryker):\n%s", diff)
	}
}

// checkGenerated generates every mutant of the counter's source, builds
// them into one program with a copy of each catalogue mutant made from its
// entry, and judges them with the lab's observations.
func checkGenerated(t *testing.T, l *lab.Lab, src []byte, hand *killmatrix.Matrix) {
	gen, err := mutagen.Generate(l.Layout.Source, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(gen) == 0 {
		t.Fatal("no generated mutants")
	}
	// One that does not compile, which the report must list and export.
	gen = append(gen, mutagen.Mutant{ID: "counter.go:54:made-up", File: filepath.Base(l.Layout.Source), Line: 54, Operator: "made-up",
		Function: "Inc", Old: "next := n + 1", New: `next := n + "1"`})
	eqData, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Equivalents)))
	if err != nil {
		t.Fatal(err)
	}
	eq, err := mutagen.ParseEquivalent(l.Layout.Equivalents, eqData, gen)
	if err != nil {
		t.Fatal(err)
	}
	cover, err := mutagen.Cover(src, l.Catalogue.Mutants, gen)
	if err != nil {
		t.Fatal(err)
	}
	handOf := map[string]string{}
	for name, id := range cover {
		if id != "" {
			handOf[id] = name
		}
	}
	if len(handOf) == 0 {
		t.Errorf("no generated mutant equals a catalogue mutant")
	}
	// The catalogue's copies, by their names (never a generated id).
	copies := slices.Clone(gen)
	for _, c := range l.Catalogue.Mutants {
		copies = append(copies, mutagen.Mutant{ID: c.Name, File: filepath.Base(l.Layout.Source), Function: c.Function, Operator: "catalogue", Old: c.Old, New: c.New, Pos: c.Pos})
	}
	// The temporary module replaces the lab's module with Root, from
	// another folder: it must be absolute.
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mutagen.Build(l, src, copies, mutagen.BuildOptions{Root: abs})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	all, err := p.Run(mutagen.RunOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}

	// The program runs the lab's own command, against one mutant.
	var out, stderr bytes.Buffer
	if status, err := p.Command("2_inc_returns_old_value", t.TempDir(), []string{"inc"}, &out, &stderr); err != nil || status != 0 || out.String() != "0\n" {
		t.Errorf("ctr inc on 2_inc_returns_old_value: status %d (%v), printed %q %q; want 0\\n", status, err, out.String(), stderr.String())
	}

	// Each hand-written mutant behaves as the copy its entry makes.
	genRows := *all
	genRows.Mutants = nil
	for _, row := range all.Mutants {
		c, isCopy := l.Catalogue.Lookup(row.Name)
		if !isCopy {
			genRows.Mutants = append(genRows.Mutants, row)
			continue
		}
		h, _ := hand.Mutant(c.Name)
		if diff := cmp.Diff(cellStatuses(h), cellStatuses(row)); diff != "" {
			t.Errorf("hand-written %s differs from its catalogue entry's copy of %s (-hand +copy):\n%s", c.Name, l.Layout.Source, diff)
		}
	}
	var unviable []mutagen.Unviable
	for _, u := range p.Unviable {
		if _, isCopy := l.Catalogue.Lookup(u.ID); isCopy {
			t.Errorf("catalogue mutant %s: %s", u.ID, u.Reason)
			continue
		}
		unviable = append(unviable, u)
	}

	res := &mutagen.RunResult{Matrix: &genRows, Unviable: unviable, Generate: p.Generate, Build: p.Build, Run: all.Elapsed, Builds: p.Builds}
	r := report.Generated(report.GeneratedRun{Lab: l.Name, Source: l.Layout.Source, Text: src, Mutants: gen, Result: res, Equivalents: eq, Hand: handOf})
	if !r.Passed() {
		var text bytes.Buffer
		r.Text(&text)
		t.Errorf("generated mutants of %s:\n%s", l.Layout.Source, text.String())
	}
	if r.Meta.Kind != report.KindGenerated || r.Meta.Lab != l.Name || len(r.Mutants) != len(gen) {
		t.Errorf("generated report: kind %q, lab %q, %d mutants; want %q, %q, %d", r.Meta.Kind, r.Meta.Lab, len(r.Mutants), report.KindGenerated, l.Name, len(gen))
	}
	for id, name := range handOf {
		if mu, ok := r.Mutant(id); !ok || mu.Hand != name {
			t.Errorf("generated %s: hand %q, want %s", id, mu.Hand, name)
		}
	}
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil || !json.Valid(b.Bytes()) {
		t.Errorf("generated report's JSON: %v", err)
	}
	if mu, _ := r.Mutant("counter.go:54:made-up"); mu.Outcome != outcome.Unviable {
		t.Errorf("a generated mutant that does not compile: %s, want unviable", mu.Outcome)
	}
	checkExportsEvery(t, r)
}

// cellStatuses is a row's outcome and each observation's status on it,
// with where it failed (its message may name a work folder).
func cellStatuses(row killmatrix.MutantRow) map[string]string {
	out := map[string]string{"": string(row.Outcome)}
	for name, c := range row.Cells {
		out[name] = strings.TrimSpace(string(c.Status) + " " + c.Pos)
	}
	return out
}

// offset is the byte offset of p in an ASCII source, or -1.
func offset(src []byte, p stryker.Position) int {
	line, col := 1, 1
	for i, c := range src {
		if line == p.Line && col == p.Column {
			return i
		}
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	if line == p.Line && col == p.Column {
		return len(src)
	}
	return -1
}

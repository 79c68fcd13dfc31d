package idemlab

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// TestAnotherLab runs the counter lab, which no binary has built in,
// through Run: the kill report judges its worksheet's predictions and
// keeps their history, as text, JSON and HTML, each naming the lab;
// mutate judges its generated mutants; search prints the script that
// kills one. Nothing here knows the store lab.
func TestAnotherLab(t *testing.T) {
	l := counter.Lab()
	module, schema := awayFromModule(t)
	// The report writes the prediction history beside the lab's
	// worksheets: it runs on a copy of the lab's files, in a module of
	// its own.
	work := t.TempDir()
	copyTree(t, filepath.Join(module, counter.Dir), filepath.Join(work, counter.Dir))
	if err := os.WriteFile(filepath.Join(work, "go.mod"), []byte("module idemlab\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	html, history := filepath.Join(work, "r.html"), filepath.Join(work, filepath.FromSlash(l.Layout.History))

	var text, stderr bytes.Buffer
	if status := Run(l, []string{"-C", work, "-q", "-html", html}, &text, &stderr); status != exitcode.OK {
		t.Fatalf("kill report: status %d, stderr %q", status, stderr.String())
	}
	for _, want := range []string{"counter kill report: 10 observations (3 happy-path, 7 edge) against the reference and 3 mutants", "predictions: 2/3 right (3 recorded)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, text.String())
		}
	}
	page, err := os.ReadFile(html)
	if err != nil || !bytes.Contains(page, []byte("<h1>counter kill report</h1>")) {
		t.Errorf("-html: %v; the page's title does not name the counter lab", err)
	}
	h, err := predict.LoadHistory(history)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range l.Catalogue.Mutants {
		if mh := h.Mutants[m.Name]; mh == nil || len(mh.Predictions) != 1 || mh.By != "prediction" {
			t.Errorf("prediction history of %s: %+v; want its prediction recorded, and its answer shown after it", m.Name, mh)
		}
	}

	var js bytes.Buffer
	if status := Run(l, []string{"-C", work, "-q", "-json"}, &js, &stderr); status != exitcode.OK {
		t.Fatalf("-json: status %d, stderr %q", status, stderr.String())
	}
	schematest.Validate(t, schema, js.Bytes())
	var r report.Report
	if err := json.Unmarshal(js.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	want := report.Score{Mutants: 3, Predictable: 3, Predicted: 3, Right: 2}
	if diff := cmp.Diff(want, r.Score); diff != "" || r.Meta.Lab != "counter" {
		t.Errorf("lab %q; score (-want +got):\n%s", r.Meta.Lab, diff)
	}

	t.Run("mutate", func(t *testing.T) { checkMutate(t, module) })
	t.Run("search", func(t *testing.T) { checkSearch(t, module) })
}

// checkMutate judges the counter's generated mutants, in a program built
// in the module at root that imports the lab: three of them change only
// the file's mode or its trailing newline, which no ctr command reads,
// and survive even the search.
func checkMutate(t *testing.T, root string) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	var out, stderr bytes.Buffer
	if status := Run(counter.Lab(), []string{"mutate", "-C", root, "-q", "-json", "-search-programs", "300"}, &out, &stderr); status != exitcode.Survived {
		t.Errorf("status %d, want %d: %s", status, exitcode.Survived, stderr.String())
	}
	var r report.Report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	var survivors []string
	for _, m := range r.Mutants {
		if m.Outcome == outcome.Survived {
			survivors = append(survivors, m.Name)
		}
	}
	// The counter lab declares no sentinels and keeps few observations:
	// a lost %w and a memoised Reset survive it.
	want := []string{"counter.go:52:go-unwrap-sentinel", "counter.go:55:go-string-to-empty", "counter.go:55:go-const-plus-one", "counter.go:55:go-const-minus-one", "counter.go:63:go-memoise"}
	if diff := cmp.Diff(want, survivors); diff != "" || r.Meta.Lab != "counter" || r.Summary.Killed != len(r.Mutants)-len(want) {
		t.Errorf("lab %q, summary %+v; survivors (-want +got):\n%s", r.Meta.Lab, r.Summary, diff)
	}
}

// checkSearch asks for the script that kills a counter mutant, as an
// instructor, in a student's checkout (a copy of the lab's files whose
// worksheet predicts another mutant), and runs it: it passes on the
// reference and fails on the mutant. The checkout's history records the
// answer shown by the instructor's view, as the kill report's would
// (finding 7 of issue 30: it recorded nothing).
func checkSearch(t *testing.T, module string) {
	l := counter.Lab()
	root := t.TempDir()
	copyTree(t, filepath.Join(module, counter.Dir), filepath.Join(root, counter.Dir))
	sheet := "```prediction\nmutant: 3_save\nkiller: happy/inc_then_get\nevidence: state\nreason: a reason\n```\n"
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(l.Layout.Worksheets[0])), []byte(sheet), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module idemlab\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, stderr bytes.Buffer
	if status := Run(l, []string{"search", "-C", root, "-instructor", "-mutant", "1_limit", "-programs", "2000"}, &out, &stderr); status != exitcode.OK {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	h, err := predict.LoadHistory(filepath.Join(root, filepath.FromSlash(l.Layout.History)))
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]string{}
	for name, m := range h.Mutants {
		shown[name] = m.By
	}
	if diff := cmp.Diff(map[string]string{"1_inc_passes_max": predict.ByInstructor, "3_inc_saves_old_value": predict.ByPrediction}, shown); diff != "" {
		t.Errorf("the history's reveals after search -instructor (-want +got):\n%s", diff)
	}
	_, script, ok := strings.Cut(out.String(), "\n\n")
	file := filepath.Join(t.TempDir(), "found.txtar")
	if !ok || os.WriteFile(file, []byte(script), 0o644) != nil {
		t.Fatalf("no observation printed:\n%s", out.String())
	}
	o, err := killmatrix.Load(killmatrix.KindStudent, file)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := l.Lookup("1_limit")
	if r := killmatrix.Run(l, l.Reference, o, killmatrix.Options{}); r.Status != outcome.Pass {
		t.Errorf("on the reference: %s at %s: %s\n%s", r.Status, r.Pos, r.Message, script)
	}
	if r := killmatrix.Run(l, m, o, killmatrix.Options{}); r.Status != outcome.Fail {
		t.Errorf("on %s: %s, want fail\n%s", m.Name, r.Status, script)
	}
}

// awayFromModule returns the module root and the report's schema there,
// absolute, and changes to a folder of the test's own: -C changes the
// folder, and the test's own comes back after it.
func awayFromModule(t *testing.T) (module, schema string) {
	t.Helper()
	module, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	return module, filepath.Join(module, "harness/schemas/report.schema.json")
}

// copyTree copies the files under from to to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

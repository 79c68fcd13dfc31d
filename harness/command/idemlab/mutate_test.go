package idemlab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/report"
	"idemlab/harness/stryker"
)

// mutateEntry is one line of idemlab mutate -list -json.
type mutateEntry struct {
	ID         string `json:"id"`
	Operator   string `json:"operator"`
	Function   string `json:"function"`
	Hand       string `json:"hand"`
	Equivalent string `json:"equivalent"`
}

// mutate runs idemlab mutate on the first lab.
func mutate(args []string, stdout, stderr io.Writer) int {
	return run(append([]string{"mutate"}, args...), stdout, stderr)
}

func mutateList(t *testing.T, args ...string) []mutateEntry {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := mutate(append([]string{"-list", "-json"}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("idemlab mutate -list -json %v: exit %d\n%s", args, code, stderr.String())
	}
	var list []mutateEntry
	if err := json.Unmarshal(stdout.Bytes(), &list); err != nil {
		t.Fatalf("-list -json output: %v\n%s", err, stdout.String())
	}
	schematest.Validate(t, listSchema, stdout.Bytes())
	return list
}

func TestMutateList(t *testing.T) {
	list := mutateList(t)
	if len(list) < 50 {
		t.Fatalf("%d mutants listed, want the reference's many", len(list))
	}
	hands := map[string]string{}
	equivalent := 0
	for _, e := range list {
		if e.Hand != "" {
			hands[e.Hand] = e.ID
		}
		if e.Equivalent != "" {
			equivalent++
		}
	}
	// The catalogue's SQL mutants are among the generated ones.
	for _, name := range []string{"1_init_fails_twice", "2_reserve_replaces_existing", "4_fetch_replays_at_expiry"} {
		if hands[name] == "" {
			t.Errorf("catalogue mutant %s is not marked in the list", name)
		}
	}
	if equivalent == 0 {
		t.Error("no mutant of the list is marked equivalent")
	}

	// The text form: one line a mutant, then a closing line.
	var stdout, stderr bytes.Buffer
	if code := mutate([]string{"-list"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(list)+1 {
		t.Errorf("%d lines, want %d mutants and a closing line", len(lines), len(list))
	}
	for _, w := range []string{"[= 2_reserve_replaces_existing]", "[equivalent]", "in Reserve: an insert that does nothing on conflict becomes INSERT OR REPLACE"} {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("list lacks %q", w)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "mutants of reference/store.go") || !strings.Contains(last, "hand-written only: ") {
		t.Errorf("closing line = %q", last)
	}

	// -run selects by id.
	sel := mutateList(t, "-run", `:sql-do-nothing-to-replace$`)
	want := []mutateEntry{{ID: hands["2_reserve_replaces_existing"], Operator: "sql-do-nothing-to-replace", Function: "Reserve", Hand: "2_reserve_replaces_existing"}}
	if diff := cmp.Diff(want, sel); diff != "" {
		t.Errorf("-run selection (-want +got):\n%s", diff)
	}
}

func TestMutateUsageErrors(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-run", "("}, "-run: error parsing regexp"},
		{[]string{"-run", "no-such-operator"}, `-run "no-such-operator" matches none of the`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := mutate(append([]string{"-q"}, tt.args...), &stdout, &stderr); code != exitcode.Usage {
				t.Errorf("exit %d, want %d", code, exitcode.Usage)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
		})
	}
}

// TestMutateRun builds the mutants that swap ASC for DESC and runs them:
// against one observation that never looks at order they all survive,
// each shown with its diff, and the command fails; against the lab's
// observations they all die and it passes.
func TestMutateRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	const sel = `:sql-asc-to-desc$`
	n := len(mutateList(t, "-run", sel))

	obs := t.TempDir()
	if err := os.MkdirAll(filepath.Join(obs, killmatrix.KindHappy), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "# init makes an empty store\nidem init\nidem counts\nstdout '^\\{\"done\":0,\"pending\":0\\}$'\n"
	if err := os.WriteFile(filepath.Join(obs, killmatrix.KindHappy, "init.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := mutate([]string{"-q", "-run", sel, "-dir", obs, "-search-programs", "300"}, &stdout, &stderr); code != exitcode.Survived {
		t.Errorf("exit %d with survivors, want %d\n%s", code, exitcode.Survived, stderr.String())
	}
	out := stdout.String()
	for _, w := range []string{
		"no observation tells these from the reference",
		"+++ reference/store.go (store.go:",
		"ORDER BY id DESC",
		"0 killed, ",
		"mutation score 0.0%",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("report lacks %q:\n%s", w, out)
		}
	}
	if got := strings.Count(out, "\n-\t"); got != n {
		t.Errorf("%d removed lines in the diffs, want one for each of the %d survivors:\n%s", got, n, out)
	}
	// Every survivor is searched; one the search kills is a hole in these
	// observations, shown with the minimal script beside its diff.
	kills, none := strings.Count(out, "the differential search kills it"), strings.Count(out, "the differential search found no difference")
	if kills == 0 || kills+none != n {
		t.Errorf("the search kills %d survivors and finds nothing in %d, want every one of the %d searched, at least one killed:\n%s", kills, none, n, out)
	}
	if !strings.Contains(out, fmt.Sprintf("%d survivors searched with 300 programs each, %d of them killed by the search", n, kills)) {
		t.Errorf("the report does not say what its score is measured over:\n%s", out)
	}

	stdout.Reset()
	stderr.Reset()
	if code := mutate([]string{"-q", "-run", sel, "-json"}, &stdout, &stderr); code != 0 {
		t.Errorf("exit %d against the lab's observations, want 0\n%s\n%s", code, stdout.String(), stderr.String())
	}
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, reportSchema, stdout.Bytes())
	if r.Schema != report.Schema || r.Meta.Kind != report.KindGenerated || r.Summary.Mutants != n || r.Summary.Killed != n {
		t.Errorf("report: schema %q, kind %q, summary %+v; want a generated run of %d mutants all killed", r.Schema, r.Meta.Kind, r.Summary, n)
	}
	for _, m := range r.Mutants {
		if len(m.KilledBy) != 1 || !m.Stopped {
			t.Errorf("%s: %d killers, stopped at first kill %v; want judging stopped at one", m.Name, len(m.KilledBy), m.Stopped)
		}
	}

	// With -all every observation runs, and every killer is listed.
	stdout.Reset()
	stderr.Reset()
	if code := mutate([]string{"-q", "-run", sel, "-json", "-all"}, &stdout, &stderr); code != 0 {
		t.Errorf("-all: exit %d against the lab's observations, want 0\n%s\n%s", code, stdout.String(), stderr.String())
	}
	var all report.Report
	if err := json.Unmarshal(stdout.Bytes(), &all); err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, reportSchema, stdout.Bytes())
	several := 0
	for i, m := range all.Mutants {
		if m.Stopped || len(m.KilledBy) == 0 || i < len(r.Mutants) && len(r.Mutants[i].KilledBy) > 0 && !slices.ContainsFunc(m.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == r.Mutants[i].KilledBy[0].Observation }) {
			t.Errorf("-all: %s killed by %v (stopped %v); want every killer, the first-kill one among them", m.Name, m.KilledBy, m.Stopped)
		}
		if len(m.KilledBy) > 1 {
			several++
		}
	}
	if several == 0 {
		t.Errorf("-all: no mutant has more than one killer; the order of ids is seen by several observations")
	}
}

// TestMutateStryker exports a generated run in Stryker's schema: valid
// against the published one, an equivalent mutant Ignored with its reason,
// a killed one Killed, and every observation's text in its test file, for
// the viewer's Tests tab.
func TestMutateStryker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	const equivalent, killed = "store.go:59:go-drop-err-check", "store.go:53:go-drop-err-check"
	sel := "^(" + regexp.QuoteMeta(equivalent) + "|" + regexp.QuoteMeta(killed) + ")$"
	var stdout, stderr bytes.Buffer
	if code := mutate([]string{"-q", "-run", sel, "-format", "stryker"}, &stdout, &stderr); code != exitcode.OK {
		t.Fatalf("exit %d, want 0\n%s", code, stderr.String())
	}
	schematest.Validate(t, strykerSchema, stdout.Bytes())
	var doc stryker.Report
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range doc.Files {
		for _, mu := range f.Mutants {
			got[mu.ID] = string(mu.Status)
			if mu.Status == stryker.StatusIgnored && mu.StatusReason == "" {
				t.Errorf("%s is Ignored without its reason", mu.ID)
			}
		}
	}
	want := map[string]string{equivalent: stryker.StatusIgnored, killed: stryker.StatusKilled}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if len(doc.TestFiles) == 0 {
		t.Fatal("no test files")
	}
	for path, tf := range doc.TestFiles {
		if tf.Source == "" {
			t.Errorf("test file %s has no source", path)
		}
	}
}

// TestMutateCoverageAnalysisIsSound: on every generated mutant, taking
// the reference's result where an observation cannot reach the change
// gives the verdicts that running every cell gives.
func TestMutateCoverageAnalysisIsSound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build and judges every generated mutant twice")
	}
	verdicts := func(args ...string) (map[string]string, int) {
		var stdout, stderr bytes.Buffer
		if code := mutate(append([]string{"-q", "-json", "-no-search"}, args...), &stdout, &stderr); code != 0 {
			t.Fatalf("mutate %v: exit %d\n%s", args, code, stderr.String())
		}
		var r report.Report
		if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out, skipped := map[string]string{}, 0
		for _, m := range r.Mutants {
			out[m.Name] = string(m.Outcome)
			for _, c := range m.Cells {
				if c.NotReached {
					skipped++
				}
			}
		}
		return out, skipped
	}
	// The classic operators' mutants reach every function, and the
	// constant operators' those of the package-level declarations; every
	// family's mutants twice over would take minutes.
	sample := "-run=:(" + strings.Join(append(slices.Clone(mutagen.Classic), "go-const-plus-one", "go-const-minus-one", "go-string-to-empty"), "|") + ")(#|$)"
	got, skipped := verdicts(sample)
	want, none := verdicts(sample, "-run-unreached")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts, every cell run (-) against cells not reached taken from the reference (+):\n%s", diff)
	}
	if skipped == 0 || none != 0 {
		t.Errorf("%d cells not reached by default and %d with -run-unreached; want some and none", skipped, none)
	}
}

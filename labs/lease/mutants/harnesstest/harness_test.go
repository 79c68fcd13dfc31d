package harnesstest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/labtest"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/harness/search"
	"idemlab/harness/stryker"
	"idemlab/harness/writers"
	"idemlab/labs/lease/mutants"
)

// TestMain lets this test binary be the grading worker of the lease lab:
// Grade starts it again with the arguments "worker JOB", as the grade
// command starts itself.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(grade.Serve(mutants.Lab(), os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// root is the module root, seen from this folder.
const root = "../../../.."

// heldOutFile is the lab's example held-out catalogue.
var heldOutFile = filepath.Join(root, filepath.FromSlash(mutants.Dir), "testdata", "heldout", "example.json")

// observations are the lab's own, found from its layout.
func observations(t *testing.T) []killmatrix.Observation {
	t.Helper()
	obs, err := labrun.LabObservations(mutants.Lab(), root)
	if err != nil {
		t.Fatal(err)
	}
	return obs
}

// TestKillReport runs the lab as go run ./harness/cmd/idemlab runs the
// first one, in the instructor's view, and writes the report with every
// writer: each is the lease lab's, the JSON valid against the report's
// schema and the Stryker export against Stryker's.
func TestKillReport(t *testing.T) {
	l := mutants.Lab()
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, View: report.Instructor, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Matrix.Gate(); err != nil {
		t.Fatalf("the lease lab's gate through labrun:\n%v", err)
	}
	out := map[string]string{}
	for _, w := range writers.Reports {
		var b bytes.Buffer
		if err := writers.To(writers.Reports, w.Name, "", &b, res.Full); err != nil {
			t.Fatalf("writer %s: %v", w.Name, err)
		}
		out[w.Name] = b.String()
	}
	validate(t, filepath.Join(root, "harness", "schemas", "report.schema.json"), out["json"])
	validate(t, filepath.Join(root, "harness", "stryker", "testdata", "report-schema", "mutation-testing-report-schema.json"), out["stryker"])

	var doc struct {
		Schema string
		Meta   struct{ Kind, Lab string }
		Source string
		// Mutants by the names the JSON gives them.
		Mutants []struct {
			Name, Outcome, Origin string
			Killer                string `json:"intended_killer"`
		}
	}
	if err := json.Unmarshal([]byte(out["json"]), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != report.Schema || doc.Meta.Kind != report.KindLab || doc.Meta.Lab != "lease" || doc.Source != l.Layout.Source {
		t.Errorf("schema %q, kind %q, lab %q, source %q; want %q, %q, lease, %s", doc.Schema, doc.Meta.Kind, doc.Meta.Lab, doc.Source, report.Schema, report.KindLab, l.Layout.Source)
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
	if diff := cmp.Diff([]string{"lease inspect", "lease rows"}, res.Full.StateCommands); diff != "" {
		t.Errorf("state commands (-want +got):\n%s", diff)
	}
	for name, wants := range map[string][]string{
		"text":    {"8 mutants: 8 killed", "edge/takeover_race_has_one_winner", "4_finish_accepts_stale_token"},
		"html":    {"<!DOCTYPE html>", "4_finish_accepts_stale_token", "edge/takeover_race_has_one_winner"},
		"stryker": {`"labs/lease/reference/store.go"`, `"edge/cycle_fences_off_the_stale_holder"`},
	} {
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

// validate checks a document against the JSON Schema in file.
func validate(t *testing.T, file, doc string) {
	t.Helper()
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(file)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("the document breaks %s: %v", filepath.Base(file), err)
	}
}

// TestHeldOut builds the example held-out catalogue against the lease
// reference and runs the lab's observations on it, alone and in the
// lab's run: every mutant killed but the one listed as equivalent, and
// the hidden one unnamed in a student's report.
func TestHeldOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program of held-out mutants")
	}
	l := mutants.Lab()
	obs := observations(t)
	var names []string
	for _, o := range obs {
		names = append(names, o.Name)
	}
	set, err := heldout.Load(l, root, heldOutFile, names, killmatrix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	for _, h := range set.Mutants() {
		if h.Unviable != "" {
			t.Errorf("held-out %s is unviable: %s", h.Name, h.Unviable)
		}
	}
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, HeldOut: set, Lang: "en"})
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
		"2_renew_ignores_owner":        outcome.Killed,
		"3_takeover_keeps_the_token":   outcome.Killed,
		"7_compensate_keeps_the_token": outcome.Killed,
		"6_abandoned_lists_done_keys":  outcome.Killed,
		"1_two_connections":            outcome.Equivalent,
	} {
		mu, ok := res.Full.Mutant(name)
		if !ok || mu.Origin != report.OriginHeldOut || mu.Outcome != want {
			t.Errorf("held-out %s in the full report: %+v, want %s and held out", name, mu.MutantRow, want)
			continue
		}
		if entry, _ := set.Catalogue().Lookup(name); want == outcome.Killed && !slices.ContainsFunc(mu.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == entry.Killer }) {
			t.Errorf("held-out %s: not killed by its intended killer %s (killed by %v)", name, entry.Killer, mu.KilledBy)
		}
	}
	if _, named := res.Report.Mutant("3_takeover_keeps_the_token"); named {
		t.Error("the student's report names the hidden held-out mutant")
	}
}

// TestGeneratedMutants: every single-point mutant of the lease store
// dies or is listed in labs/lease/mutants/equivalent.json (see
// idemlab/harness/labtest's GeneratedMutants).
func TestGeneratedMutants(t *testing.T) { labtest.GeneratedMutants(t, mutants.Lab()) }

// TestGradeShardedAndMerged grades a small class of this lab (a right
// prediction, a wrong one, an observation that kills and one that is
// broken) with workers, as a whole and in two shards merged: the merged
// result is the whole one, timings aside.
func TestGradeShardedAndMerged(t *testing.T) {
	if testing.Short() {
		t.Skip("starts grading workers")
	}
	class := t.TempDir()
	write := func(file, text string) {
		t.Helper()
		path := filepath.Join(class, filepath.FromSlash(file))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	block := func(mutant, killer, evidence string) string {
		return "\n```prediction\nmutant: " + mutant + "\nkiller: " + killer + "\nevidence: " + evidence + "\nreason: a reason\n```\n"
	}
	write("alice/worksheet.md", block("2_renew", "edge/renew_at_lapse_is_refused", "return"))
	write("alice/student/compensate_live.txtar", "# A live lease is not compensated.\nlease init\nlease claim k v A 0 10\nlease compensate k 5 '{\"e\":1}'\nstdout '^false$'\n")
	write("王伟/worksheet.zh-CN.md", block("5_fetch", "edge/fetch_pending_key_is_null", "return"))
	write("王伟/student/fetch_failed_null.txtar", "# Expects no answer for compensated work, which the contract forbids.\nlease init\nlease claim k v A 0 10\nlease compensate k 20 '{\"e\":1}'\nlease fetch k\nstdout '^null$'\n")
	write("bob/worksheet.md", block("8_cycle", "edge/cycle_fences_off_the_stale_holder", "return"))

	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b := grade.DefaultBudgets
	b.Wall, b.Observation = 5*time.Minute, 30*time.Second // room for a loaded machine
	opt := grade.Options{Lab: mutants.Lab(), Observations: observations(t), Rubric: grade.DefaultRubric, Budgets: b,
		Worker: grade.Worker{Path: self, Args: []string{"worker"}}, WorkRoot: t.TempDir()}
	entries, err := grade.ReadClass(class, nil)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := grade.Grade(context.Background(), entries, opt)
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		Predicted, Right, OwnKills, Invalid int
		Killed                              []string
	}
	rows := map[string]got{}
	for _, r := range whole.Rows {
		rows[r.Student] = got{r.Predicted, r.Right, r.OwnKills, r.Invalid, r.Killed}
	}
	want := map[string]got{
		"alice": {Predicted: 1, Right: 1, OwnKills: 2, Killed: []string{"1_claim_lease_born_lapsed", "7_compensate_live_lease"}},
		"bob":   {Predicted: 1, Right: 1, Killed: []string{}},
		"王伟":    {Predicted: 1, Right: 0, Invalid: 1, Killed: []string{}},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("graded rows (-want +got):\n%s", diff)
	}

	var parts []*grade.Class
	for _, k := range []int{2, 1} {
		s := grade.Shard{K: k, N: 2}
		opt.Shard = &s
		c, err := grade.Grade(context.Background(), s.Select(entries), opt)
		if err != nil {
			t.Fatal(err)
		}
		var js bytes.Buffer
		if err := c.JSON(&js); err != nil {
			t.Fatal(err)
		}
		back, err := grade.ReadPartial("shard.json", js.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, back)
	}
	merged, err := grade.Merge(parts, mutants.Lab().Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	whole.ElapsedMS, whole.LabElapsedMS, merged.ElapsedMS, merged.LabElapsedMS = 0, 0, 0, 0
	var w, m bytes.Buffer
	if err := whole.JSON(&w); err != nil {
		t.Fatal(err)
	}
	if err := merged.JSON(&m); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w.String(), m.String()); diff != "" {
		t.Errorf("merged shards differ from the whole class (-whole +merged):\n%s", diff)
	}
}

// TestSearch: the differential search (harness/search) tells each of the
// lab's mutants from the reference, from the argument domains the lease
// command declares and nothing else, with a short script whose
// observation passes on the reference and fails on the mutant; and the
// reference searched against itself finds nothing. A mutant may take a
// second or third seed: the renewal at the lapse needs a renewal at
// exactly a claim's now + ttl, a sum the search does not draw as such,
// which some seeds reach in a hundred programs and others not in a
// thousand.
func TestSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs thousands of generated programs")
	}
	l := mutants.Lab()
	// Generous bounds on a call and on shrinking, so that a loaded
	// machine (CI's, or one shared with other jobs) neither calls a slow
	// command a difference nor stops shrinking early.
	opt := search.Options{Programs: 1000, CallTimeout: time.Minute, ShrinkTime: 2 * time.Minute}
	for _, m := range l.Mutants {
		t.Run(m.Name, func(t *testing.T) {
			var res *search.Result
			for seed := uint64(1); seed <= 3 && (res == nil || !res.Found()); seed++ {
				opt := opt
				opt.Seed = seed
				var err error
				if res, err = search.Run(l, l.Reference, m, opt); err != nil {
					t.Fatal(err)
				}
			}
			if !res.Found() || !res.Script.Confirmed {
				t.Fatalf("no confirmed difference in %d programs from each of seeds 1 to 3", opt.Programs)
			}
			t.Logf("seed %d, %d programs: %s", res.Seed, res.Programs, res.Script.What())
			if n := len(res.Script.Steps); n > 12 {
				t.Errorf("the script has %d commands, want a short one", n)
			}
		})
	}
	opt.Seed, opt.Programs = 1, 200
	res, err := search.Run(l, l.Reference, l.Reference, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Found() {
		t.Errorf("the reference differs from itself: %s", res.Script.What())
	}
}

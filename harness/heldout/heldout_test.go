package heldout_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/mutants"
)

const (
	root    = "../.."
	example = "../../testdata/heldout/example.json"
)

// TestLoadExample loads the example held-out catalogue once and checks
// what it says of each mutant, then runs a few observations against it.
func TestLoadExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program of held-out mutants")
	}
	set, err := heldout.Load(mutants.Lab(), root, example, labNames(t), killmatrix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	if got := len(set.Catalogue().Mutants); got != 5 {
		t.Fatalf("catalogue has %d mutants, want 5", got)
	}

	type view struct {
		Name     string
		Viable   bool
		Shown    bool
		Mentions string
	}
	var got []view
	for _, m := range set.Mutants() {
		v := view{Name: m.Name, Viable: m.Unviable == "", Shown: m.Shown}
		switch {
		case strings.Contains(m.Unviable, "does not compile"):
			v.Mentions = "does not compile"
		case strings.Contains(m.Unviable, "does not occur"):
			v.Mentions = "does not occur"
		case m.Unviable != "":
			v.Mentions = "other: " + m.Unviable
		}
		got = append(got, v)
	}
	want := []view{
		{Name: "4_fetch_ignores_status", Viable: true, Shown: true},
		{Name: "6_purge_limit_plus_one", Viable: true, Shown: false},
		{Name: "2_reserve_forgets_digest", Viable: true, Shown: false}, // after-due, not yet revealed
		{Name: "3_finish_does_not_compile", Viable: false, Shown: true, Mentions: "does not compile"},
		{Name: "5_expired_does_not_apply", Viable: false, Shown: true, Mentions: "does not occur"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Mutants() (-want +got):\n%s", diff)
	}
	// A compile error points at the edit in the reference, with the
	// replaced text; an old text that does not apply names the
	// catalogue's line and the mutant.
	objLine := lineOf(t, example, `"name": "5_expired_does_not_apply"`) - 1
	for _, m := range set.Mutants() {
		for name, want := range map[string]string{
			"3_finish_does_not_compile": `does not compile: reference/store.go:127:25: too many arguments in call to changedOne (where "return changedOne(res)\n`,
			"5_expired_does_not_apply":  fmt.Sprintf("%s:%d: ", example, objLine) + `mutant "5_expired_does_not_apply": old text "this text is not in the reference" does not occur in the reference`,
		} {
			if m.Name == name && !strings.HasPrefix(m.Unviable, want) {
				t.Errorf("%s: unviable because %q, want it to start %q", name, m.Unviable, want)
			}
		}
	}

	// Run: the observations keep the names, kinds, files and order given,
	// whatever their kinds; one row per viable mutant.
	labObs, err := killmatrix.Discover(filepath.Join(root, "testdata"), mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	pick := func(name string) killmatrix.Observation {
		for _, o := range labObs {
			if o.Name == name {
				return o
			}
		}
		t.Fatalf("no lab observation %s", name)
		return killmatrix.Observation{}
	}
	student, err := killmatrix.Load(killmatrix.KindStudent, "../../mutants/testdata/answers/student/counts_after_one_reserve.txtar")
	if err != nil {
		t.Fatal(err)
	}
	// A class-wide name, as grade gives a student's observation.
	student.Name = "alice:" + student.Name
	obs := []killmatrix.Observation{
		pick("edge/fetch_pending_is_nil"),
		student,
		pick("happy/reserve_new_key_is_pending"),
	}
	m, err := set.Run(obs)
	if err != nil {
		t.Fatal(err)
	}
	type obsView struct{ Name, Kind, File string }
	var gotObs, wantObs []obsView
	for _, o := range obs {
		wantObs = append(wantObs, obsView{o.Name, o.Kind, o.File})
	}
	for _, o := range m.Observations {
		gotObs = append(gotObs, obsView{o.Name, o.Kind, o.File})
	}
	if diff := cmp.Diff(wantObs, gotObs); diff != "" {
		t.Errorf("Run's observation rows (-given +got):\n%s", diff)
	}
	var rows []string
	for _, mu := range m.Mutants {
		rows = append(rows, mu.Name)
	}
	if diff := cmp.Diff([]string{"4_fetch_ignores_status", "6_purge_limit_plus_one", "2_reserve_forgets_digest"}, rows); diff != "" {
		t.Errorf("Run's mutant rows (-want +got):\n%s", diff)
	}
	// Unviable reasons survive a second Run.
	for _, h := range set.Mutants() {
		if strings.HasPrefix(h.Name, "3_") || strings.HasPrefix(h.Name, "5_") {
			if h.Unviable == "" {
				t.Errorf("%s: unviable reason lost after Run", h.Name)
			}
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}

	t.Run("syntax error names file and line", func(t *testing.T) {
		file := write("syntax.json", "{\n  \"version\": 1,\n  \"reference\": \"reference/store.go\",\n  \"mutants\": [\n    {\"name\": \"4_x\",,}\n  ]\n}\n")
		_, err := heldout.Load(mutants.Lab(), root, file, labNames(t), killmatrix.Options{})
		if err == nil {
			t.Fatal("Load of a catalogue with a syntax error succeeded")
		}
		if want := file + ":5:"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error %q does not start with %q", err, want)
		}
	})
	t.Run("unknown field names file and line", func(t *testing.T) {
		file := write("unknown.json", "{\n  \"version\": 1,\n  \"reference\": \"reference/store.go\",\n  \"colour\": \"red\",\n  \"mutants\": []\n}\n")
		_, err := heldout.Load(mutants.Lab(), root, file, labNames(t), killmatrix.Options{})
		if err == nil {
			t.Fatal("Load of a catalogue with an unknown field succeeded")
		}
		if want := file + ":4:"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error %q does not start with %q", err, want)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		if _, err := heldout.Load(mutants.Lab(), root, filepath.Join(dir, "absent.json"), labNames(t), killmatrix.Options{}); err == nil {
			t.Error("Load of a missing catalogue succeeded")
		}
	})
	t.Run("missing reference names the catalogue", func(t *testing.T) {
		file := write("ref.json", `{"version": 1, "reference": "reference/nowhere.go", "mutants": [
  {"name": "4_x", "step": 4, "function": "Fetch", "idea": "i", "old": "a", "new": "b", "killer": "edge/x", "hint": "h"}
]}`)
		_, err := heldout.Load(mutants.Lab(), root, file, labNames(t), killmatrix.Options{})
		if err == nil || !strings.HasPrefix(err.Error(), file+": reference:") {
			t.Errorf("Load with a missing reference: err = %v, want %q prefix", err, file+": reference:")
		}
	})
}

// labNames are the names of the lab's own observations.
func labNames(t *testing.T) []string {
	t.Helper()
	obs, err := killmatrix.Discover(filepath.Join(root, "testdata"), mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range obs {
		names = append(names, o.Name)
	}
	return names
}

// TestLoadChecksTheCatalogue: a held-out name or label taken by a lab
// mutant, and a killer that is no observation of the lab, are errors with
// their catalogue line, before anything is built.
func TestLoadChecksTheCatalogue(t *testing.T) {
	file := filepath.Join(t.TempDir(), "held.json")
	text := `{"version": 1, "reference": "reference/store.go", "mutants": [
  {"name": "4_fetch_replays_at_expiry", "step": 4, "function": "Fetch", "idea": "i", "old": "a", "new": "b", "killer": "edge/fetch_at_expiry_is_nil", "hint": "h"},
  {"name": "5_other", "label": "5_expired", "step": 5, "function": "Expired", "idea": "i", "old": "a", "new": "b", "killer": "edge/fetch_at_expiry_is_nil", "hint": "h"},
  {"name": "6_typo", "step": 6, "function": "Purge", "idea": "i", "old": "a", "new": "b", "killer": "edge/no_such_observation", "hint": "h"}
]}`
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := heldout.Load(mutants.Lab(), root, file, labNames(t), killmatrix.Options{})
	if err == nil {
		t.Fatal("Load succeeded")
	}
	for _, want := range []string{
		file + `:2: mutant "4_fetch_replays_at_expiry": "4_fetch_replays_at_expiry" is already the lab's mutant`,
		file + `:3: mutant "5_other": "5_expired" is already the lab's mutant 5_expired_descending`,
		file + `:4: mutant "6_typo": killer "edge/no_such_observation" is not one of the lab's observations`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// lineOf is the 1-based line of file on which text first occurs.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte(text))
	if i < 0 {
		t.Fatalf("%s does not contain %q", file, text)
	}
	return 1 + bytes.Count(data[:i], []byte("\n"))
}

// TestOwnObservation: a held-out mutant may carry an observation of its
// own in place of a lab killer; Load checks that it passes on the
// reference and the lab's wheats and kills the mutant, names its line
// when it does not, and makes it the mutant's killer (heldout/NAME). A
// mutant may not name both.
func TestOwnObservation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program of held-out mutants")
	}
	const (
		old   = "tx.Query(`SELECT id FROM keys WHERE status = 'done' AND expires <= ? ORDER BY id ASC LIMIT ?`, now, limit)"
		new   = "tx.Query(`SELECT id FROM keys WHERE status = 'done' AND expires <= ? ORDER BY id ASC LIMIT ?`, now, limit+1)"
		kills = "# a purge of limit 1 over two candidates deletes one\nidem init\nidem reserve a v 5\nidem finish a v 1\nidem reserve b v 5\nidem finish b v 1\nidem purge 10 1\nstdout '^\\[\"a\"\\]$'\n"
	)
	entry := func(name, field string) string {
		return fmt.Sprintf(`{"name": %q, "step": 6, "function": "Purge", "idea": "i", "old": %q, "new": %q, %s, "hint": "h"}`, name, old, new, field)
	}
	obs := func(text string) string { return fmt.Sprintf(`"observation": %q`, text) }
	catalogue := func(entries ...string) string {
		return "{\"version\": 1, \"reference\": \"reference/store.go\", \"mutants\": [\n  " + strings.Join(entries, ",\n  ") + "\n]}\n"
	}
	dir := t.TempDir()
	load := func(name, text string) (*heldout.Set, error) {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return heldout.Load(mutants.Lab(), root, file, labNames(t), killmatrix.Options{})
	}

	set, err := load("good.json", catalogue(entry("6_purge_own", obs(kills))))
	if err != nil {
		t.Fatalf("Load with an own observation that kills: %v", err)
	}
	if got := set.Mutants()[0].Killer; got != "heldout/6_purge_own" {
		t.Errorf("killer %q, want heldout/6_purge_own", got)
	}
	set.Close()

	_, err = load("bad.json", catalogue(
		entry("6_purge_broken", obs(strings.Replace(kills, `\["a"\]`, `\["b"\]`, 1))),
		entry("6_purge_weak", obs("idem init\nidem counts\nstdout done\n")),
		entry("6_purge_both", `"killer": "edge/purge_limit_plus_one_leaves_highest", `+obs(kills)),
	))
	if err == nil {
		t.Fatal("Load of the bad catalogue succeeded")
	}
	file := filepath.Join(dir, "bad.json")
	for _, want := range []string{
		file + `:4: mutant "6_purge_both": a killer and an observation of its own`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	_, err = load("bad2.json", catalogue(
		entry("6_purge_broken", obs(strings.Replace(kills, `\["a"\]`, `\["b"\]`, 1))),
		entry("6_purge_weak", obs("# counts\nidem init\nidem counts\nstdout done\n")),
		entry("6_purge_bare", obs("idem init\n")),
	))
	if err == nil {
		t.Fatal("Load of the second bad catalogue succeeded")
	}
	file = filepath.Join(dir, "bad2.json")
	for _, want := range []string{
		file + `:2: mutant "6_purge_broken": its observation is fail on the reference at its line 8`,
		file + `:3: mutant "6_purge_weak": its observation passes on it: an observation of its own must kill it`,
		file + `:4: mutant "6_purge_bare": its observation, line 1: an observation must start with a # comment`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

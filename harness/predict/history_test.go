package predict_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/schematest"
	"idemlab/harness/predict"
)

const historySchema = "../schemas/history.schema.json"

// TestHistory records predictions and reveals across three runs, saves
// and reloads the history between them, and checks what Before says of
// each prediction and that every file written is valid against the
// published schema.
func TestHistory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "worksheet.history.json")
	early := predict.Prediction{Mutant: "4_fetch_replays_at_expiry", Killer: "edge/fetch_at_expiry_is_nil", Evidence: "return", Reason: "at expiry the key is gone"}
	late := predict.Prediction{Mutant: "6_purge_off_by_one", Killer: "edge/purge_limit", Evidence: "state", Reason: "one row too many"}
	changed := early
	changed.Reason = "an edited reason is a new prediction"
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

	runs := []struct {
		sheet    []predict.Prediction
		revealed []string
		by       string
	}{
		// Run 1: early is predicted, and its answer shown for that
		// reason; -reveal shows 6_purge_off_by_one before any prediction.
		{[]predict.Prediction{early}, []string{early.Mutant}, "prediction"},
		{nil, []string{late.Mutant}, "reveal"},
		// Run 3: late is predicted after its reveal; early is edited.
		{[]predict.Prediction{early, late, changed}, []string{early.Mutant, late.Mutant}, "prediction"},
	}
	for i, run := range runs {
		h, err := predict.LoadHistory(file)
		if err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
		by := map[string]string{}
		for _, name := range run.revealed {
			by[name] = run.by
		}
		h.Record(&predict.Sheet{Predictions: run.sheet}, run.revealed, by, t0.Add(time.Duration(i)*time.Hour))
		if !h.Changed() {
			t.Errorf("run %d: Changed() = false after recording something new", i+1)
		}
		if err := h.Save(file); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Validate(t, historySchema, data)
	}

	h, err := predict.LoadHistory(file)
	if err != nil {
		t.Fatal(err)
	}
	type answer struct{ Before, Known bool }
	got := map[string]answer{}
	for name, p := range map[string]predict.Prediction{"early": early, "late": late, "changed": changed, "never": {Mutant: "1_reserve", Killer: "happy/x"}} {
		before, known := h.Before(p)
		got[name] = answer{before, known}
	}
	want := map[string]answer{
		"early":   {Before: true, Known: true},
		"late":    {Before: false, Known: true},
		"changed": {Before: false, Known: true},
		"never":   {Before: false, Known: false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Before (-want +got):\n%s", diff)
	}
	if by := h.Mutants[late.Mutant].By; by != "reveal" {
		t.Errorf("%s revealed by %q, want reveal (its first reveal)", late.Mutant, by)
	}

	// Recording what is already known changes nothing and writes nothing.
	h.Record(&predict.Sheet{Predictions: []predict.Prediction{early}}, []string{early.Mutant}, nil, t0.Add(9*time.Hour))
	if h.Changed() {
		t.Error("Changed() = true after recording only what the history knew")
	}
}

// TestParseHistoryRefuses checks that a history that is not what
// idemlab writes is an error naming the file and line, never a history
// read in part.
func TestParseHistoryRefuses(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"not JSON", "{\n  \"version\": 1,\n  \"mutants\": {,\n}", "h.json:3:"},
		{"unknown field", "{\n  \"version\": 1,\n  \"mutants\": {},\n  \"cheat\": true\n}", `h.json:4: unknown field "cheat"`},
		{"other version", "{\"version\": 2, \"mutants\": {}}", "h.json:1: version 2, want 1"},
		{"no version", "{\"mutants\": {}}", "version 0, want 1"},
		{"wrong type", "{\n  \"version\": 1,\n  \"mutants\": {\"4_fetch\": {\"predictions\": [{\"digest\": 7}]}}\n}", "h.json:3:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := predict.ParseHistory("h.json", []byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseHistory = %v, %v; want an error containing %q", h, err, tc.want)
			}
			if h != nil {
				t.Errorf("ParseHistory returned a history beside its error: %+v", h)
			}
			if schematest.Check(historySchema, []byte(tc.data)) == nil {
				t.Errorf("the schema accepts what ParseHistory refuses:\n%s", tc.data)
			}
		})
	}
}

// TestLoadHistoryReadsOnlyARegularFile: a checkout is untrusted, so a
// history that is a link to /dev/zero, a FIFO or a file past the limit is
// an error naming the file, returned at once, and a missing one is empty.
func TestLoadHistoryReadsOnlyARegularFile(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, predict.MaxHistorySize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, want string }{
		{link, "a symbolic link"},
		{fifo, "not a regular file"},
		{big, "larger than the prediction history's limit"},
	} {
		h, err := predict.LoadHistory(tc.file)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.file) {
			t.Errorf("LoadHistory(%s) = %v, %v; want an error naming the file and saying %q", filepath.Base(tc.file), h, err, tc.want)
		}
	}
	if h, err := predict.LoadHistory(filepath.Join(dir, "none.json")); err != nil || len(h.Mutants) != 0 {
		t.Errorf("LoadHistory of a missing file = %v, %v; want an empty history", h, err)
	}
}

// TestImpossible: a history a run of the harness could have written has
// nothing impossible in it; one edited into a time after the grading,
// predictions out of the order they were seen, or a reveal by a way no
// run records, is named, mutant by mutant.
func TestImpossible(t *testing.T) {
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	ptr := func(v time.Time) *time.Time { return &v }
	seen := func(times ...string) []predict.Recorded {
		var out []predict.Recorded
		for _, s := range times {
			out = append(out, predict.Recorded{Digest: "0123456789abcdef", Seen: at(s)})
		}
		return out
	}
	for _, c := range []struct {
		name string
		m    *predict.MutantHistory
		want []predict.Impossible
	}{
		{"written by runs", &predict.MutantHistory{Predictions: seen("2026-12-01T09:00:00Z", "2026-12-02T09:00:00Z"), Revealed: ptr(at("2026-12-01T09:00:00Z")), By: predict.ByPrediction}, nil},
		{"shown by CI", &predict.MutantHistory{Predictions: seen(), Revealed: ptr(at("2026-12-01T09:00:00Z")), By: predict.ByCI}, nil},
		{"revealed, then predicted", &predict.MutantHistory{Predictions: seen("2026-12-01T10:00:00Z"), Revealed: ptr(at("2026-12-01T09:00:00Z")), By: predict.ByReveal}, nil},
		// Finding 5 of issue 30: reveal, fill the worksheet, run, then
		// delete the reveal's "revealed" and "by" fields.
		{"laundered: predicted, never shown", &predict.MutantHistory{Predictions: seen("2026-12-01T09:00:00Z")},
			[]predict.Impossible{{Mutant: "m", Why: "a prediction with no record of its answer shown, which every run that sees a prediction writes"}}},
		{"shown after its first prediction", &predict.MutantHistory{Predictions: seen("2026-12-01T09:00:00Z"), Revealed: ptr(at("2026-12-01T10:00:00Z")), By: predict.ByReveal},
			[]predict.Impossible{{Mutant: "m", Why: "its answer first shown 2026-12-01T10:00:00Z, after its first prediction was seen (2026-12-01T09:00:00Z), whose run shows it"}}},
		{"shown by a prediction before it", &predict.MutantHistory{Predictions: seen("2026-12-01T10:00:00Z"), Revealed: ptr(at("2026-12-01T09:00:00Z")), By: predict.ByPrediction},
			[]predict.Impossible{{Mutant: "m", Why: "shown by its prediction at 2026-12-01T09:00:00Z, before any prediction was seen (2026-12-01T10:00:00Z)"}}},
		{"shown by no prediction", &predict.MutantHistory{Predictions: seen(), Revealed: ptr(at("2026-12-01T09:00:00Z")), By: predict.ByPrediction},
			[]predict.Impossible{{Mutant: "m", Why: "shown by its prediction, and no prediction recorded"}}},
		{"revealed in the future", &predict.MutantHistory{Predictions: seen("2020-01-01T00:00:00Z"), Revealed: ptr(at("2099-01-01T00:00:00Z")), By: predict.ByReveal},
			[]predict.Impossible{{Mutant: "m", Why: "its answer revealed 2099-01-01T00:00:00Z, after the grading (2026-12-03T12:00:00Z)"}}},
		{"seen in the future", &predict.MutantHistory{Predictions: seen("2027-01-01T00:00:00Z")},
			[]predict.Impossible{{Mutant: "m", Why: "a prediction seen 2027-01-01T00:00:00Z, after the grading (2026-12-03T12:00:00Z)"}}},
		{"out of order", &predict.MutantHistory{Predictions: seen("2026-12-02T09:00:00Z", "2026-12-01T09:00:00Z")},
			[]predict.Impossible{{Mutant: "m", Why: "a prediction seen 2026-12-01T09:00:00Z listed after one seen 2026-12-02T09:00:00Z: the history only appends"}}},
		{"an unknown way", &predict.MutantHistory{Predictions: seen(), Revealed: ptr(at("2026-12-01T09:00:00Z")), By: "a friend"},
			[]predict.Impossible{{Mutant: "m", Why: `its answer shown by "a friend", which the harness never records`}}},
		{"a way with no time", &predict.MutantHistory{Predictions: seen(), By: predict.ByReveal},
			[]predict.Impossible{{Mutant: "m", Why: `shown by "reveal" with no time`}}},
		{"null", nil, []predict.Impossible{{Mutant: "m", Why: "null, not a record"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := predict.NewHistory()
			h.Mutants["m"] = c.m
			if diff := cmp.Diff(c.want, h.Impossible(now)); diff != "" {
				t.Errorf("Impossible (-want +got):\n%s", diff)
			}
		})
	}
}

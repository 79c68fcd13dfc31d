package idemlab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/report"
	"idemlab/harness/stryker"
	"idemlab/mutants"
)

// root is the module root seen from this package's folder; run finds it
// from the working directory, which go test sets to this folder.
const root = "../../.."

// noStudent keeps the harness's tests off testdata/student, where a
// student's own observations live: only the student's tests may fail
// because of what a student wrote. The folder does not exist.
// The published schemas of what the commands write: idemlab's own report
// and the Stryker export.
const (
	reportSchema  = root + "/harness/schemas/report.schema.json"
	listSchema    = root + "/harness/schemas/mutant-list.schema.json"
	strykerSchema = root + "/harness/stryker/testdata/report-schema/mutation-testing-report-schema.json"
)

var noStudent = []string{"-student", "testdata/nobody/student"}

// run runs idemlab on the first lab, as its binary does by default.
func run(args []string, stdout, stderr io.Writer) int {
	return Run(mutants.Lab(), args, stdout, stderr)
}

func TestRunExampleJSON(t *testing.T) {
	dir := t.TempDir()
	html, str := filepath.Join(dir, "r.html"), filepath.Join(dir, "s.json")
	var stdout, stderr bytes.Buffer
	status := run([]string{"-q", "-json", "-html", html, "-stryker", str,
		"-worksheet", root + "/mutants/testdata/answers/worksheet.md", "-student", root + "/mutants/testdata/answers/student"}, &stdout, &stderr)
	// The example's broken observation is the student's: the lab itself
	// is sound and every mutant dies, so the status is 0.
	if status != exitcode.OK {
		t.Errorf("exit status %d, want 0 (stderr %q)", status, stderr.String())
	}
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("stdout is not a JSON report: %v\n%s", err, stdout.String())
	}
	schematest.Validate(t, reportSchema, stdout.Bytes())
	n := len(mutants.Lab().Catalogue.Mutants)
	// The three mutants not predicted are concealed, their kills left
	// out of the count until they are.
	wantScore := report.Score{Mutants: n, Predictable: n, Predicted: 5, Right: 2, OwnObservations: 2, OwnValid: 1, OwnKills: 1, Concealed: 3}
	if diff := cmp.Diff(wantScore, r.Score); diff != "" || r.Schema != report.Schema {
		t.Errorf("schema %q; score (-want +got):\n%s", r.Schema, diff)
	}
	var uncounted []string
	for _, u := range r.Uncounted {
		uncounted = append(uncounted, u.Observation+" "+string(u.Status))
	}
	if diff := cmp.Diff([]string{"student/fetch_at_expiry_still_replays broken"}, uncounted); diff != "" || r.Summary.Killed != n {
		t.Errorf("killed %d, want all %d; uncounted (-want +got):\n%s", r.Summary.Killed, n, diff)
	}
	var digested []string
	for _, d := range r.Inputs {
		if d.SHA256 != "" {
			digested = append(digested, d.Path)
		}
	}
	for _, want := range []string{"mutants/testdata/answers/worksheet.md", "testdata/edge/fetch_at_expiry_is_nil.txtar", "mutants/catalogue.json", "reference/store.go", "harness/"} {
		if !slices.Contains(digested, want) {
			t.Errorf("inputs lack a digest of %s: %v", want, digested)
		}
	}
	page, err := os.ReadFile(html)
	if err != nil || !bytes.HasPrefix(page, []byte("<!DOCTYPE html>")) {
		t.Errorf("-html wrote %d bytes, %v; want an HTML page", len(page), err)
	}
	var s map[string]any
	data, err := os.ReadFile(str)
	if err != nil || json.Unmarshal(data, &s) != nil || s["schemaVersion"] != "2" {
		t.Fatalf("-stryker wrote no schemaVersion 2 report (%v)", err)
	}
	schematest.Validate(t, strykerSchema, data)
}

func TestRunListsMalformedBlock(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	sheet := filepath.Join(t.TempDir(), "worksheet.md")
	os.WriteFile(sheet, []byte("# mine\n\n```prediction\nmutant: 4_fetch_replays_at_expiry\nkiller: edge/nope\nevidence: maybe\nreason: r\n```\n"), 0o644)
	var stdout, stderr bytes.Buffer
	run(append([]string{"-q", "-worksheet", sheet, "-mutant", "1_init"}, noStudent...), &stdout, &stderr)
	// The block is left out and listed; the report is made (labrun tests
	// that the other blocks are judged).
	for _, want := range []string{sheet + `:5: killer: unknown observation "edge/nope"`, sheet + `:6: evidence "maybe"`} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s\n%s", want, stdout.String(), stderr.String())
		}
	}
}

func TestRunUsageErrors(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-mutant", "9_nope"}, `-mutant "9_nope": no such mutant`},
		{[]string{"-mutant", "4_fetch", "-mutant", "4_fetch"}, `"4_fetch" given twice`},
		{[]string{"-run", "("}, "-run: error parsing regexp"},
		{[]string{"-run", "matches-nothing"}, `-run "matches-nothing" matches none of the`},
		{[]string{"-student", "testdata/mine"}, "the folder must be named student"},
		{[]string{"-lang", "fr"}, "-lang"},
		{[]string{"-format", "yaml"}, "yaml"},
		{[]string{"-instructor", "-reveal"}, "choose one"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus\nrun 'idemlab -h' for usage\n"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(append([]string{"-q"}, tc.args...), &stdout, &stderr)
		if status != exitcode.Usage || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("run(%q) = %d with stderr %q and %d bytes out; want %d, %q and nothing out", tc.args, status, stderr.String(), stdout.Len(), exitcode.Usage, tc.want)
		}
	}
}

// TestRunHelp: -h prints the usage once, to standard output, and exits 0.
func TestRunHelp(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-h"}, &stdout, &stderr); status != exitcode.OK || stderr.Len() != 0 {
		t.Fatalf("run -h = %d with stderr %q; want 0 and none", status, stderr.String())
	}
	if n := strings.Count(stdout.String(), "usage: idemlab"); n != 1 {
		t.Errorf("-h printed the usage %d times:\n%s", n, stdout.String())
	}
}

// TestRunHostileWorksheets: a worksheet that is a directory, not UTF-8, or
// over the reader's limit gets a clear error, one just under it a correct
// result, and nothing is written.
func TestRunHostileWorksheets(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.md")
	var b strings.Builder
	for b.Len() < 8<<20-4096 {
		b.WriteString("Prose that goes on and on, with ```inline``` fences and no block. ")
	}
	b.WriteString("\n\n```prediction\nmutant: 1_init_fails_twice\nkiller: edge/init_twice_keeps_rows\nevidence: error\nreason: r\n```\n")
	os.WriteFile(huge, []byte(b.String()), 0o644)
	over := filepath.Join(dir, "over.md")
	os.WriteFile(over, append([]byte(b.String()), make([]byte, 8<<20)...), 0o644)
	latin1 := filepath.Join(dir, "latin1.md")
	os.WriteFile(latin1, []byte("caf\xe9\n```prediction\nmutant: 1_init_fails_twice\n```\n"), 0o644)
	for _, tc := range []struct {
		name, sheet string
		status      int
		stderr      string
	}{
		{"directory", dir, exitcode.Usage, "is a folder"},
		{"over the limit", over, exitcode.Usage, "over the limit of 8388608"},
		{"not UTF-8", latin1, exitcode.Usage, latin1 + ":1: not UTF-8 text"},
		{"huge", huge, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(append([]string{"-q", "-json", "-worksheet", tc.sheet}, noStudent...), &stdout, &stderr)
			if status != tc.status || !strings.Contains(stderr.String(), tc.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", status, stderr.String(), tc.status, tc.stderr)
			}
			if tc.status != 0 {
				if stdout.Len() != 0 {
					t.Errorf("a report was written: %d bytes", stdout.Len())
				}
				return
			}
			var r report.Report
			if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || r.Score.Right != 1 {
				t.Errorf("report: %v, score %+v; want the one prediction judged right", err, r.Score)
			}
			schematest.Validate(t, reportSchema, stdout.Bytes())
		})
	}
}

// TestRunHeldOut: a held-out mutant that survives fails the run, unless
// its catalogue marks it equivalent with a reason; -mutant judges one
// held-out mutant alone.
func TestRunHeldOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds held-out mutants")
	}
	dir := t.TempDir()
	catalogue := func(equivalent string) string {
		file := filepath.Join(dir, "held"+fmt.Sprint(len(equivalent))+".json")
		text := `{"version": 1, "reference": "reference/store.go", "mutants": [
  {"name": "4_comment_only", "step": 4, "function": "Fetch", "idea": "nothing", "old": "// Fetch returns", "new": "// Fetch gives", "hint": "h", ` + killerOr(equivalent) + `},
  {"name": "4_held_fetch_ignores_status", "step": 4, "function": "Fetch", "idea": "replay scope",
   "old": "SELECT response FROM keys WHERE id = ? AND status = 'done' AND expires > ?", "new": "SELECT response FROM keys WHERE id = ? AND expires > ?", "hint": "h", "killer": "edge/fetch_pending_is_nil"}
]}`
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		judged []string
	}{
		{"survivor fails the run", []string{"-heldout", catalogue("")}, exitcode.Survived, nil},
		{"equivalent does not", []string{"-heldout", catalogue("only a comment changes")}, exitcode.OK, nil},
		{"one held-out mutant", []string{"-heldout", catalogue(""), "-mutant", "4_held_fetch_ignores_status"}, exitcode.OK, []string{"4_held_fetch_ignores_status"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			str := filepath.Join(t.TempDir(), "stryker.json")
			args := append([]string{"-q", "-json", "-stryker", str, "-instructor", "-worksheet", root + "/mutants/testdata/answers/worksheet.md"}, noStudent...)
			status := run(append(args, tc.args...), &stdout, &stderr)
			if status != tc.status {
				t.Errorf("exit %d, want %d (stderr %q)", status, tc.status, stderr.String())
			}
			var r report.Report
			if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			schematest.Validate(t, reportSchema, stdout.Bytes())
			// The comment changes no code, so no observation reaches it:
			// Stryker calls such a survivor NoCoverage.
			comment := map[int]string{exitcode.Survived: "NoCoverage", exitcode.OK: "Ignored"}[tc.status]
			if tc.judged != nil {
				comment = "" // -mutant left it out
			}
			checkHeldOutStryker(t, str, comment)
			if tc.status == exitcode.Survived {
				mu, _ := r.Mutant("4_comment_only")
				if mu.Outcome != "survived" || mu.Hint.String() != "h" || !strings.Contains(mu.Diff, "+// Fetch gives") {
					t.Errorf("the held-out survivor: outcome %s, hint %q, diff %q; want survived with its hint and diff", mu.Outcome, mu.Hint, mu.Diff)
				}
				// A comment changes no code: no observation can reach it,
				// and none was run on it.
				for name, c := range mu.Cells {
					if !c.NotReached {
						t.Errorf("the comment-only survivor's cell %s was run (%s); want it taken from the reference", name, c.Status)
					}
				}
			}
			if tc.judged != nil {
				var names []string
				for _, m := range r.Mutants {
					names = append(names, m.Name)
				}
				if diff := cmp.Diff(tc.judged, names); diff != "" {
					t.Errorf("mutants judged (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// killerOr is a held-out entry's killer, or its equivalence with why.
func killerOr(equivalent string) string {
	if equivalent == "" {
		return `"killer": "edge/fetch_pending_is_nil"`
	}
	return `"equivalent": "` + equivalent + `"`
}

// TestRunSubsetSaysHappyPathNotRun: with -run choosing no happy-path
// observation, a mutant's row says none was run, not "0 of 0".
func TestRunSubsetSaysHappyPathNotRun(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run(append([]string{"-q", "-instructor", "-run", "^edge/fetch_", "-worksheet", root + "/mutants/testdata/answers/worksheet.md"}, noStudent...), &stdout, &stderr)
	if status != exitcode.Survived {
		t.Errorf("exit %d, want %d: a subset of the edge observations lets mutants survive (stderr %q)", status, exitcode.Survived, stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, "no happy-path observation was run") || strings.Contains(out, "0 of 0") {
		t.Errorf("report does not say the happy path was not run:\n%s", out)
	}
}

// TestSelectionsComposeWithPredictions: under -run or -mutant, a
// prediction about what the selection leaves out is not judged in this
// run: never wrong, never a parse error.
func TestSelectionsComposeWithPredictions(t *testing.T) {
	for _, tc := range []struct {
		name      string
		args      []string
		judged    []string // mutants whose prediction is judged
		notJudged int
	}{
		{"-mutant", []string{"-mutant", "4_fetch"}, []string{"4_fetch_replays_at_expiry"}, 4},
		{"-run", []string{"-run", "^edge/(init_twice|purge_keeps)"}, []string{"1_init_fails_twice", "6_purge_deletes_pending"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-q", "-json", "-worksheet", root + "/mutants/testdata/answers/worksheet.md", "-student", root + "/mutants/testdata/answers/student"}, tc.args...)
			run(args, &stdout, &stderr)
			var r report.Report
			if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
				t.Fatalf("no report: %v; stderr %q", err, stderr.String())
			}
			schematest.Validate(t, reportSchema, stdout.Bytes())
			var judged []string
			for _, v := range r.Verdicts {
				if v.Judged {
					judged = append(judged, v.Prediction.Mutant)
				}
			}
			if diff := cmp.Diff(tc.judged, judged); diff != "" || r.Score.NotJudged != tc.notJudged {
				t.Errorf("not judged %d, want %d; judged (-want +got):\n%s", r.Score.NotJudged, tc.notJudged, diff)
			}
		})
	}
}

// checkHeldOutStryker reads the Stryker export of a run with held-out
// mutants: valid against the published schema, the held-out mutant among
// the file's mutants, 4_comment_only with the status comment ("" for not
// there), and every test file carrying its observation's text for the viewer's
// Tests tab.
func checkHeldOutStryker(t *testing.T, file, comment string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, strykerSchema, data)
	var doc stryker.Report
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	status := map[string]string{}
	for _, f := range doc.Files {
		for _, mu := range f.Mutants {
			status[mu.ID] = string(mu.Status)
		}
	}
	if status["4_held_fetch_ignores_status"] != string(stryker.StatusKilled) {
		t.Errorf("held-out mutant in the Stryker export: %q, want Killed (all: %v)", status["4_held_fetch_ignores_status"], status)
	}
	if status["4_comment_only"] != comment {
		t.Errorf("4_comment_only in the Stryker export: %q, want %q", status["4_comment_only"], comment)
	}
	for path, tf := range doc.TestFiles {
		if tf.Source == "" {
			t.Errorf("test file %s has no source: the viewer's Tests tab would be blank", path)
		}
	}
}

package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
)

// tinyClass writes a class of one student, alice, who predicts one mutant
// right and kills it with her own observation, and returns its folder.
func tinyClass(t *testing.T) string {
	t.Helper()
	class := t.TempDir()
	files := map[string]string{
		"alice/worksheet.md": "# alice\n\n```prediction\nmutant: 7_counts_hides_pending\nkiller: student/counts_one_pending\n" +
			"evidence: state\nreason: pending is hard-coded to zero\n```\n",
		"alice/student/counts_one_pending.txtar": "# One reservation shows as one pending row.\nidem init\nidem reserve k v 10\nidem counts\nstdout '\"pending\":1'\n",
	}
	for name, text := range files {
		file := filepath.Join(class, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return class
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func runGrade(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	class := tinyClass(t)
	badRubric := write(t, dir, "rubric.json", "{\n  \"own_kill\": 2,\n  \"bonus\": 1\n}\n")
	badHeldOut := write(t, dir, "heldout.json", "{\n  \"version\": 1,\n  oops\n}\n")
	for _, c := range []struct {
		name string
		args []string
		says string
	}{
		{"no class", nil, "usage: grade [flags] CLASS"},
		{"two classes", []string{class, class}, "usage: grade [flags] CLASS"},
		{"unknown flag", []string{"-colour", "red", class}, "flag provided but not defined: -colour"},
		{"bad format", []string{"-format", "xml", class}, `-format "xml": want table, csv or json`},
		{"unreadable rubric", []string{"-rubric", filepath.Join(dir, "absent.json"), class}, "absent.json"},
		{"bad rubric", []string{"-rubric", badRubric, class}, badRubric + ":3: "},
		{"unreadable roster", []string{"-roster", filepath.Join(dir, "absent.txt"), class}, "absent.txt"},
		{"missing class", []string{filepath.Join(dir, "no-class")}, "no-class"},
		{"bad held-out catalogue", []string{"-heldout", badHeldOut, class}, badHeldOut + ":3: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runGrade(t, c.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr:\n%s", code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout not empty:\n%s", stdout)
			}
			if !strings.Contains(stderr, c.says) {
				t.Errorf("stderr does not say %q:\n%s", c.says, stderr)
			}
		})
	}
}

func TestTable(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class with the whole lab")
	}
	code, stdout, stderr := runGrade(t, tinyClass(t))
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	for _, s := range []string{
		"student", "predictions", "alice", "1/1", "1/8",
		"mutants the class's own observations kill, fewest first:",
		"1 submissions graded",
	} {
		if !strings.Contains(stdout, s) {
			t.Errorf("table lacks %q:\n%s", s, stdout)
		}
	}
}

func TestCSVFileFeedbackRoster(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class with the whole lab")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "grades.csv")
	feedback := filepath.Join(dir, "feedback", "sub")
	roster := write(t, dir, "roster.txt", "# the class\nalice\n\n  zoe  \n../outside\n")
	rubric := write(t, dir, "rubric.json", `{"prediction_right": 10, "flag": -1}`)
	code, stdout, stderr := runGrade(t, "-format", "csv", "-o", out, "-feedback", feedback, "-roster", roster,
		"-rubric", rubric, "-parallel", "1", "-timeout", "20s", tinyClass(t))
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	if stdout != "" {
		t.Errorf("with -o, stdout is not empty:\n%s", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		grade.CSVHeader,
		{"../outside", "0", "0", "0", "0", "8", "0", "0", "0", "0", "0", "roster name \"../outside\": use letters, digits, '.', '_' and '-'", "-1"},
		{"alice", "1", "1", "1", "1", "8", "0", "0", "0", "0", "0", "", "11"},
		{"zoe", "0", "0", "0", "0", "8", "0", "0", "0", "0", "0", "no submission: folder missing", "-1"},
	}
	if diff := cmp.Diff(want, records); diff != "" {
		t.Errorf("CSV (-want +got):\n%s", diff)
	}

	text, err := os.ReadFile(filepath.Join(feedback, "alice.txt"))
	if err != nil {
		t.Fatalf("no feedback for alice: %v", err)
	}
	if want := "your grade: 11 (1/1 predictions right, 1/8 lab mutants and 0 held-out killed by your own observations)"; !strings.Contains(string(text), want) {
		t.Errorf("alice's feedback lacks %q:\n%s", want, text)
	}
	if _, err := os.Stat(filepath.Join(feedback, "zoe.txt")); err != nil {
		t.Errorf("no feedback for zoe: %v", err)
	}

	t.Run("feedback stays in its folder", func(t *testing.T) {
		escaped := filepath.Join(feedback, "..", "outside.txt")
		if _, err := os.Stat(escaped); err == nil {
			t.Skipf("BUG: the roster name ../outside made -feedback write %s, outside %s", escaped, feedback)
		}
	})
}

func TestJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class with the whole lab")
	}
	code, stdout, stderr := runGrade(t, "-format", "json", tinyClass(t))
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	var c grade.Class
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("output is not a graded class: %v\n%s", err, stdout)
	}
	if c.Schema != grade.Schema || c.Rubric != grade.DefaultRubric || len(c.Rows) != 1 {
		t.Fatalf("schema %q, rubric %+v, %d rows", c.Schema, c.Rubric, len(c.Rows))
	}
	r := c.Rows[0]
	if r.Student != "alice" || r.Right != 1 || r.OwnKills != 1 || r.Total != 3 || len(r.Flags) != 0 {
		t.Errorf("alice's row %+v", r)
	}
}

func TestHeldOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the held-out mutants and grades a class with the whole lab")
	}
	code, stdout, stderr := runGrade(t, "-heldout", "../../../testdata/heldout/example.json", tinyClass(t))
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	for _, s := range []string{
		"held-out mutants:",
		"4_fetch_ignores_status (visible, replay scope): runs",
		"6_purge_limit_plus_one (hidden, batch bound): runs",
		"2_reserve_forgets_digest (after-due, fingerprint): runs",
		"3_finish_does_not_compile (visible, unviable on purpose): UNVIABLE: does not compile",
		"5_expired_does_not_apply (visible, unviable on purpose): UNVIABLE: ",
		"(held out)",
	} {
		if !strings.Contains(stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, stdout)
		}
	}
	if !strings.Contains(stdout, "does not occur") {
		t.Errorf("the unviable replacement's reason does not say it does not occur:\n%s", stdout)
	}
	// The table counts the 3 viable held-out mutants.
	if !strings.Contains(stdout, "/3") {
		t.Errorf("table does not count 3 viable held-out mutants:\n%s", stdout)
	}
}

package idemlab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestNothingPredictedRevealsNothing runs every output a student reads on
// a checkout with nothing predicted (an empty prediction block for every
// mutant, and the example's own observations: one that kills a mutant,
// one broken that expects a mutant's behaviour), in both languages: the
// kill report as text, JSON, HTML and Stryker's schema, the lines go test
// -v logs of the lab's gate, and what the predictions' and the student's
// own tests print. None may name a mutant's descriptive name, title or
// hint, or a line that kills it; the JSON keeps no killer, cell or
// evidence of a mutant, the own kills of unpredicted mutants are not
// counted, and the instructor's view and CI still see everything.
func TestNothingPredictedRevealsNothing(t *testing.T) {
	dir := t.TempDir()
	sheet := filepath.Join(dir, "worksheet.md")
	var blocks strings.Builder
	for _, m := range mutants.Lab().Catalogue.Mutants {
		fmt.Fprintf(&blocks, "## Step %d\n\n```prediction\nmutant: %s\n```\n\n", m.Step, m.ID())
	}
	if err := os.WriteFile(sheet, []byte(blocks.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"-q", "-worksheet", sheet, "-student", root + "/mutants/testdata/answers/student"}

	full := runJSON(t, append(common, "-instructor")...)
	answers := map[string][]string{}
	for _, mu := range full.Mutants {
		answers[mu.ID()] = full.Answers(mu.Name)
		if len(mu.KilledBy) == 0 {
			t.Fatalf("the instructor's view shows no killer of %s", mu.ID())
		}
	}
	check := func(t *testing.T, what, out string) {
		t.Helper()
		for id, secrets := range answers {
			for _, s := range secrets {
				if regexp.MustCompile(regexp.QuoteMeta(s) + `(\D|$)`).MatchString(out) {
					t.Errorf("%s, with nothing predicted, shows %q of %s:\n%s", what, s, id, out)
				}
			}
		}
	}

	for _, lang := range []string{"en", "zh-CN"} {
		t.Run(lang, func(t *testing.T) {
			html, str := filepath.Join(dir, lang+".html"), filepath.Join(dir, lang+".stryker.json")
			var text, stderr bytes.Buffer
			if status := run(append(common, "-lang", lang, "-html", html, "-stryker", str), &text, &stderr); status != exitcode.OK {
				t.Fatalf("status %d: %s", status, stderr.String())
			}
			check(t, "the text report", text.String())
			check(t, "stderr", stderr.String())
			for _, f := range []string{html, str} {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				check(t, filepath.Base(f), string(data))
			}

			var js bytes.Buffer
			if status := run(append(common, "-lang", lang, "-json"), &js, &stderr); status != exitcode.OK {
				t.Fatalf("-json: status %d: %s", status, stderr.String())
			}
			check(t, "the JSON report", js.String())
			var r report.Report
			if err := json.Unmarshal(js.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			for _, mu := range r.Mutants {
				if !mu.Concealed || len(mu.KilledBy) > 0 || len(mu.Cells) > 0 || mu.Hint != nil || mu.Title != nil {
					t.Errorf("JSON mutant %s: concealed %v, %d killers, %d cells, hint %v, title %v; want it concealed, with none",
						mu.Name, mu.Concealed, len(mu.KilledBy), len(mu.Cells), mu.Hint, mu.Title)
				}
			}
			if r.Score.OwnKills != 0 || r.Score.Concealed != len(r.Mutants) {
				t.Errorf("score %+v: want no own kill counted and every mutant concealed", r.Score)
			}
			for _, u := range r.Uncounted {
				if len(u.SharedWith) > 0 {
					t.Errorf("broken observation %s names the mutants it passes on: %+v", u.Observation, u.SharedWith)
				}
			}
			// What TestPredictions and TestStudentObservations print.
			check(t, "the skip of TestPredictions", r.NothingPredicted())
			for _, u := range r.Uncounted {
				check(t, "TestStudentObservations", r.UncountedText(u))
			}
			check(t, "the score line", r.ScoreLine())
		})
	}

	// go test -v's log of the lab's gate: the student's view by default,
	// everything for CI.
	m := killmatrix.Build(mutants.Lab(), mutants.Lab().Mutants, labObservations(t), killmatrix.Options{})
	for _, c := range []struct {
		env  map[string]string
		full bool
	}{
		{map[string]string{"CI": "", labrun.ViewEnv: ""}, false},
		{map[string]string{"CI": "", labrun.ViewEnv: "", "LANG": "zh_CN.UTF-8"}, false},
		{map[string]string{"CI": "true", labrun.ViewEnv: ""}, true},
		{map[string]string{"CI": "", labrun.ViewEnv: "instructor"}, true},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		gate, err := labrun.NewGate(labrun.Config{Lab: mutants.Lab(), Root: root, Worksheets: []string{sheet}})
		if err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		for _, mu := range m.Mutants {
			for _, line := range gate.Killers(mu) {
				log.WriteString(line + "\n")
			}
		}
		if c.full {
			if !strings.Contains(log.String(), "testdata/edge/") {
				t.Errorf("gate log with %v shows no killer:\n%s", c.env, log.String())
			}
			continue
		}
		check(t, fmt.Sprintf("go test -v's log of TestLab with %v", c.env), log.String())
	}
}

// runJSON runs idemlab with args and -json, and reads its report.
func runJSON(t *testing.T, args ...string) *report.Report {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run(append(args, "-json"), &stdout, &stderr); status != exitcode.OK {
		t.Fatalf("idemlab %q: status %d: %s", args, status, stderr.String())
	}
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func labObservations(t *testing.T) []killmatrix.Observation {
	t.Helper()
	obs, err := labrun.LabObservations(mutants.Lab(), root)
	if err != nil {
		t.Fatal(err)
	}
	return obs
}

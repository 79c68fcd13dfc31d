package labrun_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// TestEveryPathThatShowsAnswersRecordsThem: in a checkout whose
// worksheet predicts nothing, every way of showing the mutants' answers
// (the kill report in the reveal or the instructor's view, go test -v's
// log of the gate with IDEMLAB_VIEW or CI set) records each as shown, by
// that way, before anything is printed, but the instructor's view where
// no history exists yet (the course's own checkout); the student's view
// shows nothing and records nothing. A history that does not read stops the
// instructor's view instead of showing answers it cannot record.
func TestEveryPathThatShowsAnswersRecordsThem(t *testing.T) {
	all := func(by string) map[string]string {
		out := map[string]string{}
		for _, m := range counter.Lab().Mutants {
			out[m.Name] = by
		}
		return out
	}
	for _, c := range []struct {
		name      string
		gate      bool
		view      report.View
		env       map[string]string
		history   string // the history's text beforehand ("" for none)
		sheet     string // the worksheet's text ("" for one predicting nothing)
		want      map[string]string
		wantError string
	}{
		{name: "report, student's view", view: report.Student, want: map[string]string{}},
		{name: "report, -reveal", view: report.Reveal, want: all(predict.ByReveal)},
		// The instructor's view where nothing is predicted and no history
		// exists records nothing: a history written in the course's own
		// checkout, committed with its template, would mark every answer
		// shown to every student (finding 4 of issue 30). Where a history
		// or a prediction exists, it records every answer it shows.
		{name: "report, -instructor", view: report.Instructor, want: nil},
		{name: "report, -instructor, a history", view: report.Instructor, history: `{"version": 1}`, want: all(predict.ByInstructor)},
		{name: "report, -instructor, a prediction", view: report.Instructor,
			sheet: "```prediction\nmutant: 3_save\nkiller: happy/inc_then_get\nevidence: state\nreason: a reason\n```\n", want: withPrediction(all(predict.ByInstructor), "3_inc_saves_old_value")},
		{name: "gate, student's view", gate: true, env: map[string]string{"CI": "", labrun.ViewEnv: ""}, want: map[string]string{}},
		{name: "gate, IDEMLAB_VIEW=reveal", gate: true, env: map[string]string{"CI": "", labrun.ViewEnv: "reveal"}, want: all(predict.ByReveal)},
		{name: "gate, IDEMLAB_VIEW=instructor", gate: true, env: map[string]string{"CI": "", labrun.ViewEnv: "instructor"}, want: nil},
		{name: "gate, IDEMLAB_VIEW=instructor, a history", gate: true, env: map[string]string{"CI": "", labrun.ViewEnv: "instructor"}, history: `{"version": 1}`, want: all(predict.ByInstructor)},
		// CI alone: the instructor's view where nothing is predicted and
		// no history exists, recording nothing (a history in the course's
		// repository would mark every answer shown to every student); the
		// student's view, which shows nothing, where a history exists.
		{name: "gate, CI=true", gate: true, env: map[string]string{"CI": "true", labrun.ViewEnv: ""}, want: nil},
		{name: "gate, CI=true, a history", gate: true, env: map[string]string{"CI": "true", labrun.ViewEnv: ""}, history: `{"version": 1}`, want: map[string]string{}},
		{name: "gate, CI=true, a prediction", gate: true, env: map[string]string{"CI": "true", labrun.ViewEnv: ""},
			sheet: "```prediction\nmutant: 3_save\nkiller: happy/inc_then_get\nevidence: state\nreason: a reason\n```\n", want: map[string]string{"3_inc_saves_old_value": predict.ByPrediction}},
		{name: "gate, IDEMLAB_VIEW=instructor, a broken history", gate: true, env: map[string]string{"CI": "", labrun.ViewEnv: "instructor"}, history: "{",
			wantError: "the instructor's view shows every answer, and records that in the prediction history first: prediction history: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			dir := t.TempDir()
			sheet, history := filepath.Join(dir, "worksheet.md"), filepath.Join(dir, "worksheet.history.json")
			text := c.sheet
			if text == "" {
				text = "# nothing predicted yet\n"
			}
			if err := os.WriteFile(sheet, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if c.history != "" {
				if err := os.WriteFile(history, []byte(c.history), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg := labrun.Config{Lab: counter.Lab(), Root: root, Worksheets: []string{sheet}, History: history}
			var err error
			if c.gate {
				_, err = labrun.NewGate(cfg)
			} else {
				cfg.View = c.view
				var plan *labrun.Plan
				if plan, err = labrun.Prepare(cfg); err == nil {
					_, err = plan.Run()
				}
			}
			if c.wantError != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantError) {
					t.Fatalf("error %v, want one containing %q", err, c.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.want == nil {
				if _, err := os.Stat(history); !os.IsNotExist(err) {
					t.Errorf("a history was written (%v), want none", err)
				}
				return
			}
			h, err := predict.LoadHistory(history)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for name, m := range h.Mutants {
				if m.Revealed != nil {
					got[name] = m.By
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("reveals recorded (-want +got):\n%s", diff)
			}
		})
	}
}

// withPrediction is by with mutant shown by its prediction.
func withPrediction(by map[string]string, mutant string) map[string]string {
	by[mutant] = predict.ByPrediction
	return by
}

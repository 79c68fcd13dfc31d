package grade

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"idemlab/harness/gradescope"
	"idemlab/harness/i18n"
	"idemlab/harness/labrun"
	"idemlab/harness/predict"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestHostedFeedbackShowsOnlyHonestAnswers grades, as Gradescope's bundle
// and GitHub Classroom's workflow grade it, a submission with two honest
// predictions (the history records each before its answer) and one made
// after -reveal showed its answer: the results.json's output and visible
// tests, and the feedback the workflow writes to the job summary, show
// the killers of the two honest predictions' mutants and nothing that
// says how any other mutant dies; results.json shows the rest in one
// test, after the due date. Before, both showed the reveal view (finding
// 3 of issue 30): a student read an answer there, predicted it in their
// checkout, and it counted as made first.
func TestHostedFeedbackShowsOnlyHonestAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the whole lab")
	}
	t.Setenv("LANG", "C.UTF-8")
	t.Setenv("LC_ALL", "C.UTF-8")
	t.Chdir(".") // grade -C changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	l := mutants.Lab()
	sheet := "```prediction\nmutant: 7_counts\nkiller: edge/counts_sees_pending\nevidence: state\nreason: a reason\n```\n\n" +
		"```prediction\nmutant: 4_fetch\nkiller: happy/finish_then_fetch_replays\nevidence: return\nreason: a reason\n```\n\n" +
		"```prediction\nmutant: 1_init\nkiller: edge/init_twice_keeps_rows\nevidence: error\nreason: a reason\n```\n"
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := predict.Parse("worksheet.md", []byte(sheet), labrun.Known(l, obs))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	by := map[string]string{}
	for _, p := range parsed.Predictions {
		names, by[p.Mutant] = append(names, p.Mutant), predict.ByPrediction
	}
	late := names[2] // 1_init: shown by -reveal an hour before it was predicted
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	h := predict.NewHistory()
	h.Record(&predict.Sheet{}, []string{late}, map[string]string{late: predict.ByReveal}, t0)
	h.Record(parsed, names, by, t0.Add(time.Hour))
	work := t.TempDir()
	sub := filepath.Join(work, "class", "submission")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "worksheet.md"), []byte(sheet), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := h.Save(filepath.Join(sub, "worksheet.history.json")); err != nil {
		t.Fatal(err)
	}

	// What says how each mutant dies, from the instructor's view.
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, Worksheets: []string{}, View: report.Instructor, Lang: i18n.English})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	honest := names[:2]
	shared := map[string]bool{}
	for _, name := range honest {
		for _, s := range res.Full.Answers(name) {
			shared[s] = true
		}
	}
	shows := func(text, s string) bool { return regexp.MustCompile(regexp.QuoteMeta(s) + `(\D|$)`).MatchString(text) }
	check := func(what, text string) {
		t.Helper()
		for _, name := range honest {
			mu, _ := res.Full.Mutant(name)
			if !shows(text, mu.Killers()[0].Pos) {
				t.Errorf("%s does not show the killer %s of %s, predicted first:\n%s", what, mu.Killers()[0].Pos, mu.ID(), text)
			}
		}
		for _, mu := range res.Full.Mutants {
			if slices.Contains(honest, mu.Name) {
				continue
			}
			for _, s := range res.Full.Answers(mu.Name) {
				if !shared[s] && shows(text, s) {
					t.Errorf("%s shows %q of %s, not predicted first", what, s, mu.ID())
				}
			}
		}
	}

	results, feedback := filepath.Join(work, "results.json"), filepath.Join(work, "feedback")
	mustRun(t, "-C", root, "-q", "-format", "gradescope", "-feedback", feedback, "-o", results, filepath.Join(work, "class"))
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	var r gradescope.Results
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	visible, afterDue := r.Output, ""
	for _, test := range r.Tests {
		switch test.Visibility {
		case gradescope.Visible:
			visible += "\n" + test.Name + "\n" + test.Output
		case gradescope.AfterDueDate:
			afterDue += "\n" + test.Output
		}
	}
	check("results.json, as a student sees it before the due date", visible)
	// The job summary of GitHub Classroom's workflow is this file.
	summary, err := os.ReadFile(filepath.Join(feedback, "submission.txt"))
	if err != nil {
		t.Fatal(err)
	}
	check("the feedback (Classroom's job summary)", string(summary))
	for _, mu := range res.Full.Mutants {
		if mu.Origin == report.OriginLab && len(mu.KilledBy) > 0 && !shows(afterDue, mu.Killers()[0].Pos) {
			t.Errorf("results.json's tests shown after the due date lack the killer %s of %s", mu.Killers()[0].Pos, mu.ID())
		}
	}
}

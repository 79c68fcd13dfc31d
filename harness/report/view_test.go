package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// labelled is the catalogue with labels and titles, and 2_two hidden.
func labelled(hide bool) *mutation.Catalogue {
	c := catalogue()
	c.Mutants[0].Label, c.Mutants[0].Title = "1_init", mutation.Text{"en": "adds where it should double"}
	vis := ""
	if hide {
		vis = mutation.Hidden
	}
	c.Mutants = append(c.Mutants, mutation.Mutant{Name: "2_two", Label: "2_x", Step: 2, Function: "F", Idea: mutation.Text{"en": "i"},
		Killer: "edge/b", Hint: mutation.Text{"en": "h2"}, Visibility: vis})
	return c
}

func predicting(mutant, killer string, e killmatrix.Evidence) *predict.Sheet {
	return &predict.Sheet{Predictions: []predict.Prediction{{Mutant: mutant, Wrote: mutant, Killer: killer, Evidence: e, Reason: "r", Pos: "w.md:3"}}, Unfilled: []string{}}
}

// TestStudentViewConceals: before a prediction, a student sees of a
// mutant its ID, step, idea and outcome, never how it dies, its name,
// title, intended killer or hint; a prediction reveals that mutant alone.
func TestStudentViewConceals(t *testing.T) {
	full := report.New(matrix(), labelled(false), predicting("2_two", "edge/b", killmatrix.EvidenceReturn), nil)
	r := full.For(report.Student)
	one, _ := r.Mutant("1_init")
	if !one.Concealed || one.Name != "1_init" || len(one.KilledBy) != 0 || len(one.Cells) != 0 || one.Title != nil || one.Killer != "" || one.Hint != nil {
		t.Errorf("unpredicted 1_one shows more than its ID and outcome: %+v", one)
	}
	if one.Outcome != "killed" || one.Step != 1 {
		t.Errorf("unpredicted 1_one: outcome %q, step %d; want killed, 1", one.Outcome, one.Step)
	}
	two, _ := r.Mutant("2_two")
	if two.Concealed || len(two.Cells) == 0 || two.Killer != "" {
		t.Errorf("predicted 2_two: concealed %v, %d cells, killer %q; want shown, without its intended killer", two.Concealed, len(two.Cells), two.Killer)
	}
	// Its prediction is wrong (2_two survives), so its hint is shown.
	if two.Hint.String() != "h2" {
		t.Errorf("wrongly predicted 2_two: hint %q, want h2", two.Hint.String())
	}
	if diff := cmp.Diff([]string{"1_init"}, r.Unpredicted); diff != "" {
		t.Errorf("unpredicted (-want +got):\n%s", diff)
	}
	var text bytes.Buffer
	if err := r.Text(&text); err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{"1_one", "adds where it should double"} {
		if strings.Contains(text.String(), hidden) {
			t.Errorf("the student's text shows %q before 1_one is predicted:\n%s", hidden, text.String())
		}
	}
	if !regexp.MustCompile(`(?m)^1\s+1_init\s+killed\s+\(predict it to see how\)\s*$`).MatchString(text.String()) {
		t.Errorf("the student's text shows how 1_init dies:\n%s", text.String())
	}
	if full.Mutants[0].Concealed || len(full.Mutants[0].KilledBy) == 0 {
		t.Error("For changed the report it was called on")
	}
}

// TestRevealAndInstructorViews: -reveal shows everything and records what
// it revealed before a prediction; the instructor sees hidden mutants.
func TestRevealAndInstructorViews(t *testing.T) {
	full := report.New(matrix(), labelled(true), nil, nil)
	reveal := full.For(report.Reveal)
	if diff := cmp.Diff([]string{"1_one"}, reveal.Meta.Revealed); diff != "" {
		t.Errorf("revealed (-want +got):\n%s", diff)
	}
	if len(reveal.Mutants) != 1 || reveal.Mutants[0].Concealed || reveal.Hidden.Mutants != 1 {
		t.Errorf("reveal view: %d mutants (concealed %v), %d hidden; want 1_one shown and 2_two hidden", len(reveal.Mutants), reveal.Mutants[0].Concealed, reveal.Hidden.Mutants)
	}
	inst := full.For(report.Instructor)
	if len(inst.Mutants) != 2 || inst.Mutants[0].Killer != "edge/b" || inst.Hidden.Mutants != 0 {
		t.Errorf("instructor view: %d mutants, killer %q, %d hidden; want both, the intended killer, none hidden", len(inst.Mutants), inst.Mutants[0].Killer, inst.Hidden.Mutants)
	}
}

// TestLesson tells a verdict in words: right and wrong, the findings, the
// divergence command by command, and the hint of a wrong one.
func TestLesson(t *testing.T) {
	m := matrix()
	m.Observations[1].Reference.Steps = []killmatrix.Step{{Args: []string{"idem", "fetch", "k1", "10"}, Stdout: "null\n"}}
	c := m.Mutants[0].Cells["edge/b"]
	c.Steps = []killmatrix.Step{{Args: []string{"idem", "fetch", "k1", "10"}, Stdout: `{"receipt":1}` + "\n"}}
	m.Mutants[0].Cells["edge/b"] = c
	right := report.New(m, catalogue(), predicting("1_one", "edge/b", killmatrix.EvidenceReturn), nil)
	got := right.Lesson(right.Verdicts[0])
	for _, want := range []string{
		"mutant 1_one: your prediction at w.md:3 is right\n",
		"  predicted: edge/b kills it, with return evidence\n",
		"  actual:    edge/b kills it at testdata/edge/b.txtar:7 (stdout '^null$'), return evidence\n",
		"in edge/b (its command 1 and after):\n    idem fetch k1 10\n      reference: null\n      mutant:    {\"receipt\":1}\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("right lesson lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "hint:") || strings.Contains(got, "wrong") {
		t.Errorf("a right lesson says wrong or gives a hint:\n%s", got)
	}

	wrong := report.New(m, catalogue(), predicting("1_one", "edge/b", killmatrix.EvidenceState), nil)
	got = wrong.Lesson(wrong.Verdicts[0])
	for _, want := range []string{
		"is wrong\n",
		"wrong:     edge/b kills it as you said, but the evidence is return, not state: the line that fails, testdata/edge/b.txtar:7 (stdout '^null$'), which is a value an operation printed; state evidence would be the store's state",
		"hint:      init twice\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("wrong lesson lacks %q:\n%s", want, got)
		}
	}

	wrong.Localize(i18n.Chinese)
	if zh := wrong.Lesson(wrong.Verdicts[0]); strings.Contains(zh, "your prediction") || strings.Contains(zh, "[lesson.") {
		t.Errorf("a Chinese lesson is not in Chinese:\n%s", zh)
	}
}

// TestObservationDocsFollowTheAnswers: an observation's opening comment
// says what it observes, so beside the matrix it can say which mutant it
// catches. A student's view shows the lab's observations' comments only
// once no mutant is concealed (every one predicted, or the view reveals
// all); the student's own observations keep theirs in every view.
func TestObservationDocsFollowTheAnswers(t *testing.T) {
	m := matrix()
	m.Observations = append(m.Observations, killmatrix.ObservationRow{
		Observation: killmatrix.Observation{Name: "student/s", Kind: "student", File: "testdata/student/s.txtar", Doc: "mine"},
		Status:      outcome.Pass,
	})
	both := &predict.Sheet{Predictions: []predict.Prediction{
		{Mutant: "1_one", Wrote: "1_one", Killer: "edge/b", Evidence: killmatrix.EvidenceReturn, Reason: "r", Pos: "w.md:3"},
		{Mutant: "2_two", Wrote: "2_two", Killer: "edge/b", Evidence: killmatrix.EvidenceReturn, Reason: "r", Pos: "w.md:9"},
	}, Unfilled: []string{}}
	all := []string{"a", "b", "c", "mine"}
	for _, tt := range []struct {
		name  string
		sheet *predict.Sheet
		view  report.View
		want  []string
	}{
		{"nothing predicted", nil, report.Student, []string{"", "", "", "mine"}},
		{"one of two predicted", predicting("2_two", "edge/b", killmatrix.EvidenceReturn), report.Student, []string{"", "", "", "mine"}},
		{"both predicted", both, report.Student, all},
		{"reveal", nil, report.Reveal, all},
		{"instructor", nil, report.Instructor, all},
	} {
		t.Run(tt.name, func(t *testing.T) {
			full := report.New(m, labelled(false), tt.sheet, nil)
			var got []string
			for _, o := range full.For(tt.view).Observations {
				got = append(got, o.Doc)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("docs (-want +got):\n%s", diff)
			}
			for _, o := range full.Observations {
				if o.Doc == "" {
					t.Fatalf("For changed the report it was called on: %s lost its doc", o.Name)
				}
			}
		})
	}
}

package report_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestWrongKillerLessonFromTheRuns runs the real 3_finish mutant under two
// observations and predicts the one that passes on it. That observation
// does finish a done row (with another fingerprint, so the mutant answers
// as the reference does): the lesson must say it runs idem finish without
// making the mutant differ, and name where the mutant does differ (in the
// actual killer, at its command 4), not claim it never reaches the
// state. The divergence shows the command after the failing check as not
// reached, not with the check's failure as its output.
func TestWrongKillerLessonFromTheRuns(t *testing.T) {
	l := mutants.Lab()
	const killer, passer = "finish_twice_keeps_first_response", "finish_wrong_fingerprint_on_done_row_changes_nothing"
	var obs []killmatrix.Observation
	for _, name := range []string{killer, passer} {
		o, err := killmatrix.Load(killmatrix.KindEdge, filepath.Join("..", "..", "testdata", "edge", name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		obs = append(obs, o)
	}
	mu, ok := l.Lookup("3_finish_overwrites_done")
	if !ok {
		t.Fatal("no mutant 3_finish_overwrites_done")
	}
	m := killmatrix.Build(l, []lab.Impl{mu}, obs, killmatrix.Options{})
	r := report.New(m, l.Catalogue, predicting("3_finish_overwrites_done", "edge/"+passer, killmatrix.EvidenceReturn), nil).For(report.Student)
	v := r.Verdicts[0]
	if v.Right || len(v.Problems) != 1 {
		t.Fatalf("verdict = %+v, want wrong with one problem", v)
	}
	f := v.Problems[0]
	want := i18n.M{"Killer": "edge/" + passer, "Where": "edge/" + killer, "N": 4,
		"Command": `idem finish k1 v1 {"receipt":2}`, "Verb": "idem finish"}
	if diff := cmp.Diff("killer-survived-same-command", f.Code); diff != "" {
		t.Errorf("finding code (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, f.Data); diff != "" {
		t.Errorf("finding data (-want +got):\n%s", diff)
	}
	var steps []string
	for _, s := range v.Divergence.Steps {
		steps = append(steps, strings.Join(s.Reference.Args, " ")+" | "+report.StepOutput(i18n.English, s.Mutant, s.Missing))
	}
	wantSteps := []string{`idem finish k1 v1 {"receipt":2} | true`, "idem fetch k1 5 | (not reached)"}
	if diff := cmp.Diff(wantSteps, steps); diff != "" {
		t.Errorf("divergence, command | mutant's output (-want +got):\n%s", diff)
	}
	for _, lang := range i18n.Langs {
		r.Localize(lang)
		lesson := r.Lesson(r.Verdicts[0])
		for _, bad := range []string{"never reaches", "从未触及", "no match for"} {
			if strings.Contains(lesson, bad) {
				t.Errorf("%s lesson says %q:\n%s", lang, bad, lesson)
			}
		}
		if !strings.Contains(lesson, "idem finish") {
			t.Errorf("%s lesson does not name idem finish:\n%s", lang, lesson)
		}
	}
}

package report_test

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/report"
	leasemutants "idemlab/labs/lease/mutants"
)

// TestLeaseLessonLeadsWithTheIntendedKiller runs the lease lab's real
// 4_finish mutant under its intended killer, a step-8 observation that
// also kills it (and sorts first by name) and the happy path a student
// predicted. The lesson, the killers' lists and the report's column lead
// with the intended killer, a plain lease finish, and the finding says
// the predicted observation runs lease finish too; they never lead with
// the interleaving nobody predicted, nor say the prediction "never runs"
// it.
func TestLeaseLessonLeadsWithTheIntendedKiller(t *testing.T) {
	const intended, cycle, happy = "edge/finish_with_stale_token_is_refused", "edge/cycle_claims_for_A_from_0_to_10", "happy/finish_then_fetch_replays"
	l := leasemutants.Lab()
	var obs []killmatrix.Observation
	for _, name := range []string{happy, cycle, intended} {
		kind, file, _ := strings.Cut(name, "/")
		o, err := killmatrix.Load(kind, filepath.Join("..", "..", "labs", "lease", "testdata", kind, file+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		obs = append(obs, o)
	}
	mu, ok := l.Lookup("4_finish")
	if !ok {
		t.Fatal("no mutant 4_finish")
	}
	m := killmatrix.Build(l, []lab.Impl{mu}, obs, killmatrix.Options{WorkRoot: t.TempDir()})
	full := report.New(m, l.Catalogue, predicting(mu.Name, happy, killmatrix.EvidenceReturn), nil)
	r := full.For(report.Student)
	got, _ := r.Mutant(mu.Name)
	var killers []string
	for _, k := range got.Killers() {
		killers = append(killers, k.Observation)
	}
	if diff := cmp.Diff([]string{intended, cycle}, killers); diff != "" {
		t.Errorf("Killers(), lead first (-want +got):\n%s", diff)
	}
	v := r.Verdicts[0]
	if v.Right || v.Divergence == nil || len(v.Problems) != 1 {
		t.Fatalf("verdict %+v: want wrong, with a divergence and one problem", v)
	}
	wantFinding := []any{"killer-survived-same-command", intended, "lease finish"}
	gotFinding := []any{v.Problems[0].Code, v.Problems[0].Data["Where"], v.Problems[0].Data["Verb"]}
	if diff := cmp.Diff(wantFinding, gotFinding); diff != "" {
		t.Errorf("finding: code, Where, Verb (-want +got):\n%s", diff)
	}
	if v.Divergence.Observation != intended {
		t.Errorf("divergence shown in %s, want %s", v.Divergence.Observation, intended)
	}
	for _, lang := range i18n.Langs {
		r.Localize(lang)
		lesson := r.Lesson(r.Verdicts[0])
		actual := regexp.MustCompile(`(?m)^  \S+\s+(\S+)`).FindAllStringSubmatch(lesson, -1)
		if len(actual) < 2 || actual[1][1] != intended {
			t.Errorf("%s lesson: its second line does not lead with %s:\n%s", lang, intended, lesson)
		}
		if strings.Contains(lesson, "lease interleave") {
			t.Errorf("%s lesson speaks of lease interleave, which nobody predicted:\n%s", lang, lesson)
		}
		var text bytes.Buffer
		if err := r.Text(&text); err != nil {
			t.Fatal(err)
		}
		column := regexp.MustCompile(`(?m)^1\s+4_finish\s+\S+\s+\S+\s+(\S+)`).FindStringSubmatch(text.String())
		if want := "/edge/finish_with_stale_token_is_refused.txtar:"; len(column) < 2 || !strings.Contains(column[1], want) {
			t.Errorf("%s report: 4_finish's killed-at column %q, want %s...\n%s", lang, column, want, text.String())
		}
	}
}

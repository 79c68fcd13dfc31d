package predict_test

import (
	"fmt"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

// TestParseFenceEdges: a line of inline code opens no block, so the
// prediction after it is still read; an indented block (under a list item)
// is read too.
func TestParseFenceEdges(t *testing.T) {
	text := lines(
		"Run ```idem rows``` to see the rows.",
		"",
		"```prediction",
		"mutant: 1_a",
		"killer: edge/e1",
		"evidence: return",
		"reason: r",
		"```",
		"",
		"1. Second step:",
		"   ```prediction",
		"   mutant: 2_b",
		"   killer: edge/e2",
		"   evidence: state",
		"   reason: r",
		"   ```",
	)
	sheet, err := predict.Parse("w.md", []byte(text), known)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range sheet.Predictions {
		got = append(got, p.Mutant+"@"+p.Pos)
	}
	if want := "1_a@w.md:3 2_b@w.md:11"; strings.Join(got, " ") != want {
		t.Errorf("predictions %v, want %s", got, want)
	}
}

func TestCompareInvalidMutant(t *testing.T) {
	m := matrix()
	m.Mutants = append(m.Mutants, killmatrix.MutantRow{Name: "9_invalid", Outcome: outcome.Invalid, Reason: "incomplete implementation: no Fetch"})
	v := predict.Compare(m, predict.Prediction{Mutant: "9_invalid", Killer: "edge/counts", Evidence: killmatrix.EvidenceState}, "")
	if v.Right || len(v.Problems) != 1 || !strings.Contains(v.Problems[0].In(i18n.English), "could not be judged: incomplete implementation") {
		t.Errorf("verdict on an invalid mutant: right %v, problems %q", v.Right, v.Problems)
	}
}

// TestCompareSurvivesNeedsAPass: an observation predicted to be survived
// must have passed; a timeout or a broken observation shows nothing.
func TestCompareSurvivesNeedsAPass(t *testing.T) {
	p := predict.Prediction{Mutant: "1_a", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceReturn,
		Survives: []string{"happy/reserve", "edge/slow", "edge/broken"}}
	v := predict.Compare(matrix(), p, "")
	var msgs []string
	for _, f := range v.Problems {
		msgs = append(msgs, f.In(i18n.English))
	}
	got := strings.Join(msgs, "\n")
	for _, want := range []string{"survive edge/slow, but that timed out", "survive edge/broken, but that fails on the reference"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems %q lack %q", got, want)
		}
	}
	if v.Right || strings.Contains(got, "happy/reserve") {
		t.Errorf("right %v, problems %q; want wrong, and happy/reserve accepted", v.Right, got)
	}
}

// TestCompareCrashShowsDivergence: a mutant that crashed inside a command
// recorded no step for it; the divergence is that command, shown crashed.
func TestCompareCrashShowsDivergence(t *testing.T) {
	m := matrix()
	ref := m.Observations[2].Reference.Steps // edge/counts: init, reserve, counts
	crashed := killmatrix.Result{Status: outcome.Fail, Pos: "testdata/edge/counts.txtar", Message: "panic: counts exploded", Steps: []killmatrix.Step(ref[:2])}
	m.Mutants[0].Cells["edge/counts"] = crashed
	m.Mutants[0].KilledBy = []killmatrix.Kill{{Observation: "edge/counts", Pos: crashed.Pos, Evidence: killmatrix.EvidenceError}}
	v := predict.Compare(m, predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceError}, "")
	d := v.Divergence
	if d == nil || len(d.Steps) != 1 || strings.Join(d.Steps[0].Reference.Args, " ") != "idem counts" || !d.Steps[0].Missing ||
		d.Steps[0].Mutant.Err != "panic: counts exploded" {
		t.Fatalf("divergence = %+v, want idem counts shown as where the mutant stopped", d)
	}
}

// hostileSurvives is a worksheet whose one block names n unknown
// observations to be survived, each a letter away from a known one, against a thousand long known names: the
// shape of a submission that made grading spend minutes in "did you mean".
func hostileSurvives(n int) (string, predict.Known) {
	k := predict.Known{Mutants: []string{"1_a"}}
	for i := range 1000 {
		k.Observations = append(k.Observations, fmt.Sprintf("student/%s%04d", strings.Repeat("a", 55), i))
	}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("student/%s%04dx", strings.Repeat("a", 55), i%1000) // one letter from a known name
	}
	text := lines("```prediction", "mutant: 1_a", "killer: student/"+strings.Repeat("a", 55)+"0000",
		"evidence: error", "reason: r", "survives: "+strings.Join(names, ","), "```")
	return text, k
}

// TestSuggestionsAreBounded: every unknown name is a problem, but only the
// first few get a "did you mean" search, each of which costs the known
// names times their lengths squared.
func TestSuggestionsAreBounded(t *testing.T) {
	text, k := hostileSurvives(2000)
	_, problems := predict.Read([]predict.Source{{File: "w.md", Data: []byte(text)}}, k)
	unknown, searched := 0, 0
	for _, p := range problems {
		if p.Code != "unknown-observation" {
			continue
		}
		unknown++
		if s, _ := p.Data["Suggest"].(string); s != "" {
			searched++
		}
	}
	if unknown != 2000 || searched > 32 {
		t.Fatalf("%d unknown-observation problems, %d with a suggestion searched; want 2000 and at most 32", unknown, searched)
	}
}

func BenchmarkReadHostileSurvives(b *testing.B) {
	text, k := hostileSurvives(60000)
	src := []predict.Source{{File: "w.md", Data: []byte(text)}}
	for b.Loop() {
		predict.Read(src, k)
	}
}

package predict_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

// TestSurvivedIsExplainedFromTheRuns: when the predicted killer passes,
// the finding says why from what the runs printed, never a claim the runs
// do not support: it never called the changed code; its own command
// printed differently but no check read it; it runs the command where the
// mutant first differs (in the actual killer) without making it differ;
// it never runs that command; or, with no divergence anywhere, every
// command printed alike.
func TestSurvivedIsExplainedFromTheRuns(t *testing.T) {
	m := matrix()
	fetchOther := step("null\n", "", "fetch", "k2", "10")
	initS, reserveS := step("", "", "init"), step("true\n", "", "reserve", "k1", "v1", "10")
	add := func(name string, ref, onMutant killmatrix.Result) {
		m.Observations = append(m.Observations, obsRow(name, ref))
		m.Mutants[0].Cells[name] = onMutant
		m.Mutants[2].Cells[name] = ref
	}
	pass := func(steps ...killmatrix.Step) killmatrix.Result {
		return killmatrix.Result{Status: outcome.Pass, Steps: steps}
	}
	add("edge/fetch_other", pass(initS, reserveS, fetchOther), pass(initS, reserveS, fetchOther))
	add("edge/loose", pass(initS, reserveS, step("true\n", "", "finish", "k1", "v1", "1"), step("null\n", "", "fetch", "k1", "10")),
		pass(initS, reserveS, step("true\n", "", "finish", "k1", "v1", "1"), step("1\n", "", "fetch", "k1", "10")))
	add("edge/elsewhere", pass(initS), killmatrix.Result{Status: outcome.Pass, NotReached: true})

	where := i18n.M{"Where": "edge/fetch_nil", "N": 4, "Command": "idem fetch k1 10", "Verb": "idem fetch"}
	with := func(killer string, extra i18n.M) i18n.M {
		d := i18n.M{"Killer": killer}
		for k, v := range extra {
			d[k] = v
		}
		return d
	}
	for _, c := range []struct {
		name, mutant, killer string
		want                 predict.Finding
	}{
		{"runs the differing command with other input", "1_a", "edge/fetch_other",
			predict.Finding{Code: "killer-survived-same-command", Data: with("edge/fetch_other", where)}},
		{"never runs the differing command", "1_a", "happy/reserve",
			predict.Finding{Code: "killer-survived-other-command", Data: with("happy/reserve", where)}},
		{"its own command differs unchecked", "1_a", "edge/loose",
			predict.Finding{Code: "killer-survived-unchecked", Data: with("edge/loose", i18n.M{"N": 4, "Command": "idem fetch k1 10", "Reference": "null", "Mutant": "1"})}},
		{"never calls the changed code", "1_a", "edge/elsewhere",
			predict.Finding{Code: "killer-not-reached", Data: with("edge/elsewhere", nil)}},
		{"no divergence anywhere", "3_c", "edge/fetch_other",
			predict.Finding{Code: "killer-survived", Data: with("edge/fetch_other", nil)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := predict.Compare(m, predict.Prediction{Mutant: c.mutant, Killer: c.killer, Evidence: killmatrix.EvidenceReturn}, "")
			if len(v.Problems) != 1 {
				t.Fatalf("findings %+v, want one", v.Problems)
			}
			if diff := cmp.Diff(c.want, v.Problems[0]); diff != "" {
				t.Errorf("finding (-want +got):\n%s", diff)
			}
			for _, lang := range i18n.Langs {
				if msg := v.Problems[0].In(lang); strings.HasPrefix(msg, "[") || !strings.Contains(msg, c.killer) {
					t.Errorf("%s: finding worded %q", lang, msg)
				}
			}
		})
	}
}

// TestDivergenceStopsWhereTheScriptStopped: a mutant that failed a check
// after its last command never ran the next one, which shows as not
// reached; one that stopped inside a command (a panic records no step)
// shows the failure as that command's.
func TestDivergenceStopsWhereTheScriptStopped(t *testing.T) {
	initS := step("", "", "init")
	reserveS := step("true\n", "", "reserve", "k1", "v1", "10")
	fetchS := step("null\n", "", "fetch", "k1", "10")
	for _, c := range []struct {
		name    string
		cell    killmatrix.Result
		want    []killmatrix.Step
		missing []bool
	}{
		{"failed a check after reserve", killmatrix.Result{Status: outcome.Fail, Command: "stdout '^true$'", Message: "no match for `^true$` found in stdout",
			Steps: []killmatrix.Step{initS, step("false\n", "", "reserve", "k1", "v1", "10")}},
			[]killmatrix.Step{step("false\n", "", "reserve", "k1", "v1", "10"), step("", "", "fetch", "k1", "10")}, []bool{false, true}},
		{"panicked inside fetch", killmatrix.Result{Status: outcome.Fail, Command: "idem fetch k1 10", Message: "panic: boom",
			Steps: []killmatrix.Step{initS, reserveS}},
			[]killmatrix.Step{step("", "panic: boom", "fetch", "k1", "10")}, []bool{true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &killmatrix.Matrix{Observations: []killmatrix.ObservationRow{obsRow("edge/o", killmatrix.Result{Status: outcome.Pass, Steps: []killmatrix.Step{initS, reserveS, fetchS}})}}
			m.Mutants = []killmatrix.MutantRow{{Name: "1_a", Outcome: outcome.Killed,
				KilledBy: []killmatrix.Kill{{Observation: "edge/o", Evidence: killmatrix.EvidenceReturn}},
				Cells:    map[string]killmatrix.Result{"edge/o": c.cell}}}
			v := predict.Compare(m, predict.Prediction{Mutant: "1_a", Killer: "edge/o", Evidence: killmatrix.EvidenceReturn}, "")
			var got []killmatrix.Step
			var missing []bool
			for _, s := range v.Divergence.Steps {
				got, missing = append(got, s.Mutant), append(missing, s.Missing)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("mutant's steps (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.missing, missing); diff != "" {
				t.Errorf("missing (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWhereIsAKillerThatPrintedSomethingElse: when the first actual killer
// only timed out (a loaded machine makes a slow mutant time out before its
// first check), the lesson shows the divergence of the next killer, whose
// commands printed something else, so that it does not depend on which
// killer a run listed first.
func TestWhereIsAKillerThatPrintedSomethingElse(t *testing.T) {
	m := matrix()
	row := &m.Mutants[0]
	slow := killmatrix.Kill{Observation: "edge/slow", Message: "still running after 1s"}
	row.KilledBy = append([]killmatrix.Kill{slow}, row.KilledBy...)
	v := predict.Compare(m, predict.Prediction{Mutant: "1_a", Killer: "happy/reserve", Evidence: killmatrix.EvidenceReturn}, "")
	if v.Divergence == nil {
		t.Fatal("no divergence shown")
	}
	if got, want := v.Divergence.Observation, "edge/fetch_nil"; got != want {
		t.Errorf("the lesson shows where %s differs, want %s (the first killer that printed something else)", got, want)
	}
}

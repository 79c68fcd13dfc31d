package predict_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

// rankMatrix is matrix() with two observations that pass on 1_a: one runs
// idem counts (where 1_a differs in edge/counts) under another name, the
// other is named after counts but runs only init.
func rankMatrix() *killmatrix.Matrix {
	m := matrix()
	initS, reserveS := step("", "", "init"), step("true\n", "", "reserve", "k1", "v1", "10")
	countsS := step(`{"done":0,"pending":1}`+"\n", "", "counts")
	pass := func(steps ...killmatrix.Step) killmatrix.Result {
		return killmatrix.Result{Status: outcome.Pass, Steps: steps}
	}
	m.Observations = append(m.Observations,
		obsRow("edge/tally_after_reserve", pass(initS, reserveS, countsS)),
		obsRow("happy/counts_of_a_new_store", pass(initS)))
	m.Mutants[0].Cells["edge/tally_after_reserve"] = pass(initS, reserveS, countsS)
	m.Mutants[0].Cells["happy/counts_of_a_new_store"] = pass(initS)
	return m
}

// TestRank: 1_a's killers are edge/fetch_nil (return evidence, differs at
// idem fetch) and edge/counts (state evidence, differs at idem counts),
// in that matrix order. The intended killer leads when it kills; then
// what the killer shares with the prediction decides, each criterion
// outweighing those after it; then the matrix's order.
func TestRank(t *testing.T) {
	const fetch, counts = "edge/fetch_nil", "edge/counts"
	predicting := func(killer string, e killmatrix.Evidence) *predict.Prediction {
		return &predict.Prediction{Mutant: "1_a", Killer: killer, Evidence: e}
	}
	tests := []struct {
		name     string
		intended string
		p        *predict.Prediction
		want     []string
	}{
		{"nothing to go by keeps the matrix's order", "", nil, []string{fetch, counts}},
		{"the intended killer leads", counts, nil, []string{counts, fetch}},
		{"an intended killer that passed changes nothing", "happy/reserve", nil, []string{fetch, counts}},
		{"the intended killer outweighs the prediction", fetch, predicting(counts, killmatrix.EvidenceState), []string{fetch, counts}},
		{"the predicted killer itself", "", predicting(counts, killmatrix.EvidenceReturn), []string{counts, fetch}},
		{"the command the predicted killer runs outweighs the evidence", "", predicting("edge/tally_after_reserve", killmatrix.EvidenceReturn), []string{counts, fetch}},
		{"the operation its name starts with outweighs the evidence", "", predicting("happy/counts_of_a_new_store", killmatrix.EvidenceReturn), []string{counts, fetch}},
		{"the predicted evidence", "", predicting("happy/reserve", killmatrix.EvidenceState), []string{counts, fetch}},
		{"a tie keeps the matrix's order", "", predicting("happy/reserve", killmatrix.EvidenceError), []string{fetch, counts}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := rankMatrix()
			var got []string
			for _, k := range predict.Rank(m, m.Mutants[0], tt.intended, tt.p) {
				got = append(got, k.Observation)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ranked killers (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{fetch, counts}, []string{m.Mutants[0].KilledBy[0].Observation, m.Mutants[0].KilledBy[1].Observation}); diff != "" {
				t.Errorf("Rank reordered the matrix's row (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCompareShowsTheRankedKiller: a prediction whose killer passed is
// shown the divergence of the first ranked killer, the intended one when
// it kills, and the finding names that killer's command.
func TestCompareShowsTheRankedKiller(t *testing.T) {
	tests := []struct {
		name, intended, killer string
		wantWhere, wantCode    string
	}{
		{"no intended killer: the matrix's first", "", "happy/reserve", "edge/fetch_nil", "killer-survived-other-command"},
		{"the intended killer", "edge/counts", "happy/reserve", "edge/counts", "killer-survived-other-command"},
		{"the killer whose command the prediction runs", "", "edge/tally_after_reserve", "edge/counts", "killer-survived-same-command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := predict.Compare(rankMatrix(), predict.Prediction{Mutant: "1_a", Killer: tt.killer, Evidence: killmatrix.EvidenceReturn}, tt.intended)
			if v.Divergence == nil || len(v.Problems) != 1 {
				t.Fatalf("verdict %+v: want a divergence and one problem", v)
			}
			got := []any{v.Divergence.Observation, v.Problems[0].Code, v.Problems[0].Data["Where"]}
			if diff := cmp.Diff([]any{tt.wantWhere, tt.wantCode, tt.wantWhere}, got); diff != "" {
				t.Errorf("divergence's observation, finding, finding's Where (-want +got):\n%s", diff)
			}
		})
	}
}

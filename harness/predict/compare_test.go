package predict_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
)

func step(stdout, err string, args ...string) killmatrix.Step {
	return killmatrix.Step{Args: append([]string{"idem"}, args...), Stdout: stdout, Err: err}
}

func obsRow(name string, ref killmatrix.Result) killmatrix.ObservationRow {
	kind, _, _ := strings.Cut(name, "/")
	return killmatrix.ObservationRow{
		Observation: killmatrix.Observation{Name: name, Kind: kind, File: "testdata/" + name + ".txtar", Doc: name},
		Reference:   ref,
		Status:      outcome.Pass,
	}
}

// matrix is a hand-made kill matrix. Mutant 1_a is killed by
// edge/fetch_nil (return evidence) and edge/counts (state evidence), passes
// happy/reserve, times out on edge/slow; edge/broken fails on the
// reference and edge/flaky is flaky. Mutant 2_b is killed by edge/fetch_nil
// with an error from the fetch itself. Mutant 3_c survives everything.
func matrix() *killmatrix.Matrix {
	pass := func(steps ...killmatrix.Step) killmatrix.Result {
		return killmatrix.Result{Status: outcome.Pass, Steps: steps}
	}
	fail := func(name string, line int, command string, steps ...killmatrix.Step) killmatrix.Result {
		return killmatrix.Result{
			Status: outcome.Fail, Pos: "testdata/" + name + ".txtar:" + strconv.Itoa(line), Line: line,
			Command: command, Message: "no match", Steps: steps,
		}
	}
	initS, reserveS := step("", "", "init"), step("true\n", "", "reserve", "k1", "v1", "10")
	fetchRef := step("null\n", "", "fetch", "k1", "10")
	countsRef := step(`{"done":0,"pending":1}`+"\n", "", "counts")

	m := &killmatrix.Matrix{
		Observations: []killmatrix.ObservationRow{
			obsRow("happy/reserve", pass(initS, reserveS)),
			obsRow("edge/fetch_nil", pass(initS, reserveS, step("true\n", "", "finish", "k1", "v1", `{"receipt":1}`), fetchRef)),
			obsRow("edge/counts", pass(initS, reserveS, countsRef)),
			obsRow("edge/broken", fail("edge/broken", 4, "stdout false", initS, reserveS)),
			obsRow("edge/slow", pass(initS)),
			obsRow("edge/flaky", pass(initS)),
		},
	}
	m.Observations[3].Status = outcome.Broken
	m.Observations[5].Status = outcome.Flaky

	finish := step("true\n", "", "finish", "k1", "v1", `{"receipt":1}`)
	killFetch := fail("edge/fetch_nil", 6, "stdout null", initS, reserveS, finish, step(`{"receipt":1}`+"\n", "", "fetch", "k1", "10"))
	killCounts := fail("edge/counts", 5, `stdout '"pending":1'`, initS, reserveS, step(`{"done":0,"pending":0}`+"\n", "", "counts"))
	m.Mutants = append(m.Mutants, killmatrix.MutantRow{
		Name: "1_a", Outcome: outcome.Killed,
		KilledBy: []killmatrix.Kill{
			{Observation: "edge/fetch_nil", Pos: killFetch.Pos, Command: killFetch.Command, Message: killFetch.Message, Evidence: killmatrix.EvidenceReturn},
			{Observation: "edge/counts", Pos: killCounts.Pos, Command: killCounts.Command, Message: killCounts.Message, Evidence: killmatrix.EvidenceState},
		},
		SurvivedHappy: []string{"happy/reserve"}, TimedOutOn: []string{"edge/slow"},
		Cells: map[string]killmatrix.Result{
			"happy/reserve":  pass(initS, reserveS),
			"edge/fetch_nil": killFetch,
			"edge/counts":    killCounts,
			"edge/broken":    fail("edge/broken", 4, "stdout false", initS, reserveS),
			"edge/slow":      {Status: outcome.TimedOut, Message: "still running after 1s", Steps: []killmatrix.Step{initS}},
			"edge/flaky":     fail("edge/flaky", 2, "idem init", step("", "boom", "init")),
		},
	})

	killErr := fail("edge/fetch_nil", 5, "idem fetch k1 10", initS, reserveS, finish, step("", "fetch: database is locked", "fetch", "k1", "10"))
	m.Mutants = append(m.Mutants, killmatrix.MutantRow{
		Name: "2_b", Outcome: outcome.Killed,
		KilledBy:      []killmatrix.Kill{{Observation: "edge/fetch_nil", Pos: killErr.Pos, Command: killErr.Command, Message: killErr.Message, Evidence: killmatrix.EvidenceError}},
		SurvivedHappy: []string{"happy/reserve"}, TimedOutOn: []string{},
		Cells: map[string]killmatrix.Result{
			"happy/reserve":  pass(initS, reserveS),
			"edge/fetch_nil": killErr,
			"edge/counts":    pass(initS, reserveS, countsRef),
			"edge/broken":    fail("edge/broken", 4, "stdout false", initS, reserveS),
			"edge/slow":      pass(initS),
			"edge/flaky":     pass(initS),
		},
	})

	m.Mutants = append(m.Mutants, killmatrix.MutantRow{
		Name: "3_c", Outcome: outcome.Survived,
		KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/reserve"}, TimedOutOn: []string{},
		Cells: map[string]killmatrix.Result{
			"happy/reserve":  pass(initS, reserveS),
			"edge/fetch_nil": pass(initS, reserveS, finish, fetchRef),
			"edge/counts":    pass(initS, reserveS, countsRef),
			"edge/broken":    fail("edge/broken", 4, "stdout false", initS, reserveS),
			"edge/slow":      pass(initS),
			"edge/flaky":     pass(initS),
		},
	})
	return m
}

func TestCompare(t *testing.T) {
	fetchDiv := &divergence{"edge/fetch_nil", "idem fetch k1 10", "null\n", `{"receipt":1}` + "\n"}
	countsDiv := &divergence{"edge/counts", "idem counts", `{"done":0,"pending":1}` + "\n", `{"done":0,"pending":0}` + "\n"}
	tests := []struct {
		name     string
		p        predict.Prediction
		right    bool
		judged   bool
		problems []string // each finding's code
		outcome  outcome.Mutant
		div      *divergence
	}{
		{"right", predict.Prediction{Mutant: "1_a", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceReturn, Survives: []string{"happy/reserve"}},
			true, true, nil, outcome.Killed, fetchDiv},
		{"right with the second killer", predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceState},
			true, true, nil, outcome.Killed, countsDiv},
		// A wrong killer's divergence is shown in the first real killer.
		{"killer that passed", predict.Prediction{Mutant: "1_a", Killer: "happy/reserve", Evidence: killmatrix.EvidenceReturn},
			false, true, []string{"killer-survived-other-command"}, outcome.Killed, fetchDiv},
		{"killer broken on the reference", predict.Prediction{Mutant: "1_a", Killer: "edge/broken", Evidence: killmatrix.EvidenceReturn},
			false, true, []string{"killer-broken"}, outcome.Killed, fetchDiv},
		{"killer flaky", predict.Prediction{Mutant: "1_a", Killer: "edge/flaky", Evidence: killmatrix.EvidenceError},
			false, true, []string{"killer-flaky"}, outcome.Killed, fetchDiv},
		{"killer timed out", predict.Prediction{Mutant: "1_a", Killer: "edge/slow", Evidence: killmatrix.EvidenceReturn},
			false, true, []string{"killer-timeout"}, outcome.Killed, fetchDiv},
		{"right killer, wrong evidence", predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceReturn},
			false, true, []string{"wrong-evidence"}, outcome.Killed, countsDiv},
		{"survives entry that kills", predict.Prediction{Mutant: "1_a", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceReturn, Survives: []string{"happy/reserve", "edge/counts"}},
			false, true, []string{"survives-killed"}, outcome.Killed, fetchDiv},
		{"wrong killer and a survives entry that kills", predict.Prediction{Mutant: "1_a", Killer: "happy/reserve", Evidence: killmatrix.EvidenceReturn, Survives: []string{"edge/fetch_nil"}},
			false, true, []string{"killer-survived-other-command", "survives-killed"}, outcome.Killed, fetchDiv},
		{"error evidence shows the differing error", predict.Prediction{Mutant: "2_b", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceError},
			true, true, nil, outcome.Killed, &divergence{"edge/fetch_nil", "idem fetch k1 10", "null\n", "fetch: database is locked"}},
		{"survived mutant has no divergence", predict.Prediction{Mutant: "3_c", Killer: "edge/counts", Evidence: killmatrix.EvidenceState},
			false, true, []string{"killer-survived"}, outcome.Survived, nil},
		// Outside the run: not judged, neither right nor wrong.
		{"mutant not in matrix", predict.Prediction{Mutant: "9_z", Killer: "edge/counts", Evidence: killmatrix.EvidenceState},
			false, false, []string{"mutant-not-run"}, "", nil},
		{"killer not run", predict.Prediction{Mutant: "1_a", Killer: "edge/elsewhere", Evidence: killmatrix.EvidenceState},
			false, false, []string{"killer-not-run"}, "", nil},
	}
	m := matrix()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := predict.Compare(m, tt.p, "")
			if v.Right != tt.right || v.Judged != tt.judged {
				t.Errorf("Right = %v, Judged = %v; want %v, %v (problems %+v)", v.Right, v.Judged, tt.right, tt.judged, v.Problems)
			}
			if v.Problems == nil || v.Killers == nil {
				t.Errorf("Problems = %#v, Killers = %#v: want non-nil slices, for JSON", v.Problems, v.Killers)
			}
			var codes []string
			for _, f := range v.Problems {
				codes = append(codes, f.Code)
				if msg := f.In(i18n.English); strings.HasPrefix(msg, "[") || msg == "" {
					t.Errorf("finding %s has no English message: %q", f.Code, msg)
				}
			}
			if diff := cmp.Diff(tt.problems, codes); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
			if v.Outcome != tt.outcome {
				t.Errorf("Outcome = %q, want %q", v.Outcome, tt.outcome)
			}
			if diff := cmp.Diff(tt.p, v.Prediction); diff != "" {
				t.Errorf("Prediction not kept (-want +got):\n%s", diff)
			}
			if row, ok := m.Mutant(tt.p.Mutant); ok && v.Judged {
				if diff := cmp.Diff(row.KilledBy, v.Killers); diff != "" {
					t.Errorf("Killers (-want +got):\n%s", diff)
				}
			}
			checkDivergence(t, v.Divergence, tt.div)
		})
	}
}

// divergence is where a test wants the first difference: the observation,
// the command, and what each side printed there (or its error).
type divergence struct{ Observation, Command, Reference, Mutant string }

func checkDivergence(t *testing.T, d *predict.Divergence, want *divergence) {
	t.Helper()
	switch {
	case want == nil && d != nil:
		t.Errorf("Divergence = %+v, want none", d)
	case want != nil && d == nil:
		t.Errorf("no Divergence, want one in %s at %s", want.Observation, want.Command)
	case want != nil:
		first := d.Steps[0]
		got := divergence{d.Observation, strings.Join(first.Reference.Args, " "), first.Reference.Stdout + first.Reference.Err, first.Mutant.Stdout + first.Mutant.Err}
		if diff := cmp.Diff(*want, got); diff != "" {
			t.Errorf("Divergence (-want +got):\n%s", diff)
		}
	}
}

// TestCompareWrongEvidenceSaysWhy: a finding of wrong evidence carries
// the failing line, what it read and both kinds, for the lesson's words.
func TestCompareWrongEvidenceSaysWhy(t *testing.T) {
	v := predict.Compare(matrix(), predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceReturn}, "")
	if len(v.Problems) != 1 {
		t.Fatalf("findings %+v, want one", v.Problems)
	}
	want := i18n.M{"Killer": "edge/counts", "Got": "state", "Want": "return", "Pos": "testdata/edge/counts.txtar:5", "Line": `stdout '"pending":1'`, "Reads": ""}
	if diff := cmp.Diff(want, v.Problems[0].Data); diff != "" {
		t.Errorf("data (-want +got):\n%s", diff)
	}
}

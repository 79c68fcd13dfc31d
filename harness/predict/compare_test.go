package predict_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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
	type divergence struct {
		Observation, Command string
		DiffHas              []string // substrings of Diff
	}
	fetchDiv := &divergence{"edge/fetch_nil", "idem fetch k1 10", []string{`"null\n"`, `{\"receipt\":1}`, "-", "+"}}
	countsDiv := &divergence{"edge/counts", "idem counts", []string{`\"pending\":1`, `\"pending\":0`}}
	tests := []struct {
		name     string
		p        predict.Prediction
		right    bool
		problems []string // each a substring of the matching problem
		outcome  outcome.Mutant
		div      *divergence
	}{
		{
			name:    "right",
			p:       predict.Prediction{Mutant: "1_a", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceReturn, Survives: []string{"happy/reserve"}},
			right:   true,
			outcome: outcome.Killed,
			div:     fetchDiv,
		},
		{
			name:    "right with the second killer",
			p:       predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceState},
			right:   true,
			outcome: outcome.Killed,
			div:     countsDiv,
		},
		{
			name:     "killer that passed",
			p:        predict.Prediction{Mutant: "1_a", Killer: "happy/reserve", Evidence: killmatrix.EvidenceReturn},
			problems: []string{"happy/reserve passes on this mutant: the mutant survives it"},
			outcome:  outcome.Killed,
			div:      fetchDiv, // shown in the first real killer
		},
		{
			name:     "killer broken on the reference",
			p:        predict.Prediction{Mutant: "1_a", Killer: "edge/broken", Evidence: killmatrix.EvidenceReturn},
			problems: []string{"edge/broken fails on the reference (or is flaky), so it cannot kill anything"},
			outcome:  outcome.Killed,
			div:      fetchDiv,
		},
		{
			name:     "killer flaky",
			p:        predict.Prediction{Mutant: "1_a", Killer: "edge/flaky", Evidence: killmatrix.EvidenceError},
			problems: []string{"edge/flaky fails on the reference (or is flaky)"},
			outcome:  outcome.Killed,
			div:      fetchDiv,
		},
		{
			name:     "killer timed out",
			p:        predict.Prediction{Mutant: "1_a", Killer: "edge/slow", Evidence: killmatrix.EvidenceReturn},
			problems: []string{"edge/slow timed out on the mutant: a timeout is not a kill"},
			outcome:  outcome.Killed,
			div:      fetchDiv,
		},
		{
			name:     "right killer, wrong evidence",
			p:        predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceReturn},
			problems: []string{`edge/counts kills it as you said, but the evidence is state, not return: the failing line is testdata/edge/counts.txtar:5 (stdout '"pending":1')`},
			outcome:  outcome.Killed,
			div:      countsDiv,
		},
		{
			name: "survives entry that kills",
			p: predict.Prediction{Mutant: "1_a", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceReturn,
				Survives: []string{"happy/reserve", "edge/counts"}},
			problems: []string{`you expected it to survive edge/counts, but that kills it at testdata/edge/counts.txtar:5 (stdout '"pending":1')`},
			outcome:  outcome.Killed,
			div:      fetchDiv,
		},
		{
			name: "wrong killer and a survives entry that kills",
			p: predict.Prediction{Mutant: "1_a", Killer: "happy/reserve", Evidence: killmatrix.EvidenceReturn,
				Survives: []string{"edge/fetch_nil"}},
			problems: []string{"happy/reserve passes on this mutant", "you expected it to survive edge/fetch_nil, but that kills it at testdata/edge/fetch_nil.txtar:6 (stdout null)"},
			outcome:  outcome.Killed,
			div:      fetchDiv,
		},
		{
			name:    "error evidence shows the differing error",
			p:       predict.Prediction{Mutant: "2_b", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceError},
			right:   true,
			outcome: outcome.Killed,
			div:     &divergence{"edge/fetch_nil", "idem fetch k1 10", []string{"database is locked", `"null\n"`}},
		},
		{
			name:     "survived mutant has no divergence",
			p:        predict.Prediction{Mutant: "3_c", Killer: "edge/counts", Evidence: killmatrix.EvidenceState},
			problems: []string{"edge/counts passes on this mutant"},
			outcome:  outcome.Survived,
		},
		{
			name:     "mutant not in matrix",
			p:        predict.Prediction{Mutant: "9_z", Killer: "edge/counts", Evidence: killmatrix.EvidenceState},
			problems: []string{"mutant 9_z was not run"},
		},
	}
	m := matrix()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := predict.Compare(m, tt.p)
			if v.Right != tt.right {
				t.Errorf("Right = %v, want %v (problems %q)", v.Right, tt.right, v.Problems)
			}
			if v.Problems == nil || v.Killers == nil {
				t.Errorf("Problems = %#v, Killers = %#v: want non-nil slices, for JSON", v.Problems, v.Killers)
			}
			if len(v.Problems) != len(tt.problems) {
				t.Fatalf("problems = %q, want %d matching %q", v.Problems, len(tt.problems), tt.problems)
			}
			for i, want := range tt.problems {
				if !strings.Contains(v.Problems[i], want) {
					t.Errorf("problem %d = %q, want it to contain %q", i, v.Problems[i], want)
				}
			}
			if v.Outcome != tt.outcome {
				t.Errorf("Outcome = %q, want %q", v.Outcome, tt.outcome)
			}
			if diff := cmp.Diff(tt.p, v.Prediction); diff != "" {
				t.Errorf("Prediction not kept (-want +got):\n%s", diff)
			}
			if row, ok := m.Mutant(tt.p.Mutant); ok {
				if diff := cmp.Diff(row.KilledBy, v.Killers); diff != "" {
					t.Errorf("Killers (-want +got):\n%s", diff)
				}
			}
			d := v.Divergence
			switch {
			case tt.div == nil && d != nil:
				t.Errorf("Divergence = %+v, want none", d)
			case tt.div != nil && d == nil:
				t.Errorf("no Divergence, want one in %s at %s", tt.div.Observation, tt.div.Command)
			case tt.div != nil:
				if d.Observation != tt.div.Observation || d.Command != tt.div.Command {
					t.Errorf("Divergence at %s, %q; want %s, %q", d.Observation, d.Command, tt.div.Observation, tt.div.Command)
				}
				for _, s := range tt.div.DiffHas {
					if !strings.Contains(d.Diff, s) {
						t.Errorf("Diff lacks %q:\n%s", s, d.Diff)
					}
				}
			}
		})
	}
}

// TestCompareDivergenceDirection checks that the diff is
// (-reference +mutant): the reference's value on a "-" line.
func TestCompareDivergenceDirection(t *testing.T) {
	v := predict.Compare(matrix(), predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceState})
	if v.Divergence == nil {
		t.Fatal("no divergence")
	}
	var minus, plus string
	for _, l := range strings.Split(v.Divergence.Diff, "\n") {
		switch t := strings.TrimSpace(l); {
		case strings.HasPrefix(t, "-"):
			minus += t
		case strings.HasPrefix(t, "+"):
			plus += t
		}
	}
	if !strings.Contains(minus, `\"pending\":1`) || !strings.Contains(plus, `\"pending\":0`) {
		t.Errorf("diff is not (-reference +mutant):\n%s", v.Divergence.Diff)
	}
}

func TestLesson(t *testing.T) {
	m := matrix()
	const hint = "pending rows count too"

	right := predict.Compare(m, predict.Prediction{Mutant: "1_a", Killer: "edge/fetch_nil", Evidence: killmatrix.EvidenceReturn,
		Reason: "r", Survives: []string{"happy/reserve"}, Pos: "worksheet.md:12"})
	if !right.Right {
		t.Fatalf("setup: prediction judged wrong: %q", right.Problems)
	}
	got := right.Lesson(hint)
	for _, want := range []string{
		"mutant 1_a: your prediction at worksheet.md:12 is right\n",
		"  predicted: edge/fetch_nil kills it, with return evidence; it survives happy/reserve\n",
		"  actual:    edge/fetch_nil kills it at testdata/edge/fetch_nil.txtar:6 (stdout null), return evidence\n",
		"edge/counts kills it at testdata/edge/counts.txtar:5",
		"  first difference in edge/fetch_nil, at idem fetch k1 10 (-reference +mutant):\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("right lesson lacks %q:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"wrong", hint, "hint:"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("right lesson contains %q:\n%s", unwanted, got)
		}
	}

	wrong := predict.Compare(m, predict.Prediction{Mutant: "1_a", Killer: "edge/counts", Evidence: killmatrix.EvidenceReturn, Pos: "worksheet.md:40"})
	got = wrong.Lesson(hint)
	for _, want := range []string{
		"mutant 1_a: your prediction at worksheet.md:40 is wrong\n",
		"  predicted: edge/counts kills it, with return evidence\n",
		"  wrong:     edge/counts kills it as you said, but the evidence is state, not return",
		"(-reference +mutant):\n",
		`\"pending\":0`,
		"  hint:      " + hint + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("wrong lesson lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "is right") {
		t.Errorf("wrong lesson says right:\n%s", got)
	}
	if strings.Contains(wrong.Lesson(""), "hint:") {
		t.Errorf("wrong lesson with no hint has a hint line:\n%s", wrong.Lesson(""))
	}

	survived := predict.Compare(m, predict.Prediction{Mutant: "3_c", Killer: "edge/counts", Evidence: killmatrix.EvidenceState, Pos: "w.md:1"})
	got = survived.Lesson(hint)
	for _, want := range []string{"is wrong", "  actual:    survived, killed by no observation\n", "hint:      " + hint} {
		if !strings.Contains(got, want) {
			t.Errorf("survived lesson lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "(-reference +mutant)") {
		t.Errorf("survived lesson shows a difference that does not exist:\n%s", got)
	}
}

package report_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
)

// matrix is a small hand-made kill matrix: two observations, two mutants,
// one killed and one surviving, plus one broken observation.
func matrix() *killmatrix.Matrix {
	pass := killmatrix.Result{Status: outcome.Pass}
	fail := killmatrix.Result{Status: outcome.Fail, Pos: "testdata/edge/b.txtar:7", Line: 7, Command: "stdout '^null$'", Message: "no match for `^null$` found in stdout"}
	return &killmatrix.Matrix{
		Observations: []killmatrix.ObservationRow{
			{Observation: killmatrix.Observation{Name: "happy/a", Kind: "happy", File: "testdata/happy/a.txtar", Doc: "a"}, Reference: pass, Status: outcome.Pass},
			{Observation: killmatrix.Observation{Name: "edge/b", Kind: "edge", File: "testdata/edge/b.txtar", Doc: "b"}, Reference: pass, Status: outcome.Pass},
			{Observation: killmatrix.Observation{Name: "edge/c", Kind: "edge", File: "testdata/edge/c.txtar", Doc: "c"}, Reference: fail, Status: outcome.Broken},
		},
		Mutants: []killmatrix.MutantRow{
			{
				Name: "1_one", Outcome: outcome.Killed,
				KilledBy:      []killmatrix.Kill{{Observation: "edge/b", Pos: fail.Pos, Command: fail.Command, Message: fail.Message, Evidence: killmatrix.EvidenceReturn}},
				SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": fail, "edge/c": fail},
			},
			{
				Name: "2_two", Outcome: outcome.Survived,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": pass, "edge/c": fail},
			},
		},
		Elapsed: 1500 * time.Millisecond,
	}
}

func catalogue() *mutation.Catalogue {
	return &mutation.Catalogue{Version: 1, Reference: "reference/store.go", Mutants: []mutation.Mutant{
		{Name: "1_one", Step: 1, Function: "InitDB", Idea: mutation.Text{"en": "idempotent init"}, Killer: "edge/b", Hint: mutation.Text{"en": "init twice"}},
	}}
}

func TestText(t *testing.T) {
	var b bytes.Buffer
	if err := report.New(matrix(), catalogue(), nil, nil).Text(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// Each grid row: name, reference verdict, one mark per mutant.
	for _, row := range []string{
		`(?m)^happy/a\s+pass\s+\.\s+\.\s*$`,
		`(?m)^edge/b\s+pass\s+K\s+\.\s*$`,
		`(?m)^edge/c\s+broken\s+-\s+-\s*$`,
		`(?m)^1\s+1_one\s+killed\s+return\s+testdata/edge/b\.txtar:7  stdout '\^null\$'$`,
		`(?m)^2\s+2_two\s+survived\s*$`,
		`(?m)^PROBLEM observation edge/c is broken on the reference`,
		`(?m)^2 mutants: 1 killed, 1 survived, 0 timeout, 0 invalid; 1 broken observation \(1\.5s\)$`,
	} {
		if !regexp.MustCompile(row).MatchString(out) {
			t.Errorf("report lacks a line matching %s\nreport:\n%s", row, out)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	want := report.New(matrix(), catalogue(), nil, nil)
	var b bytes.Buffer
	if err := want.JSON(&b); err != nil {
		t.Fatal(err)
	}
	var got report.Report
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	// The hand-made observations carry no script lines (unexported, and
	// not in JSON), so they compare equal too.
	if diff := cmp.Diff(want, &got, cmpopts.IgnoreUnexported(report.Mutant{}), cmpopts.IgnoreFields(report.Report{}, "Sources", "StateCommands")); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}
	if got.Schema != report.Schema || got.Mutants[0].Killer != "edge/b" || got.Mutants[0].Step != 1 {
		t.Errorf("decoded schema %q, killer %q, step %d; want %q, edge/b, 1", got.Schema, got.Mutants[0].Killer, got.Mutants[0].Step, report.Schema)
	}
	if !strings.Contains(b.String(), `"outcome": "survived"`) {
		t.Errorf("JSON lacks the survived outcome:\n%s", b.String())
	}
}

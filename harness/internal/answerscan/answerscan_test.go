package answerscan_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/answerscan"
	"idemlab/harness/labrun/testdata/counter"
)

// matrix is a kill matrix of two mutants: edge/at_max kills 1_limit, and
// happy/inc kills 2_result; edge/other kills nothing.
var matrix = answerscan.Kills{
	Mutants:      []answerscan.Mutant{{Name: "1_inc_passes_max", Label: "1_limit", Step: 1}, {Name: "2_inc_returns_old", Label: "2_result", Step: 2}},
	Observations: []string{"edge/at_max", "happy/inc", "edge/other"},
	Killers:      map[string][]string{"1_inc_passes_max": {"edge/at_max"}, "2_inc_returns_old": {"happy/inc"}},
}

// TestScan: a killer named beside its mutant's name, label or step, in
// English or Chinese, is a leak; beside another mutant, or in a text
// written alike for every pair (a matrix cell), it is not.
func TestScan(t *testing.T) {
	cell := func(o, m string) answerscan.Unit {
		return answerscan.Unit{Where: "html", Text: `<td data-observation="` + o + `" data-mutant="` + m + `" title="` + o + ` × ` + m + `: (predict it to see how)">?`}
	}
	tests := []struct {
		name  string
		units []answerscan.Unit
		want  []string // "observation mutant" of each leak
	}{
		{"a catalogue with its killer", answerscan.Whole("catalogue.json", "", `{"label": "1_limit", "killer": "edge/at_max"}`), []string{"edge/at_max 1_limit"}},
		{"an observation naming its step", answerscan.Whole("at_max.txtar", "edge/at_max", "# Step 1, the bound: inc at Max is refused.\nctr inc\n"), []string{"edge/at_max 1_limit"}},
		{"steps named together", answerscan.Whole("inc.txtar", "happy/inc", "# Steps 1 and 2: inc prints 1.\n"), []string{"happy/inc 2_result"}},
		{"a Chinese step", answerscan.Lines("out", "步骤 2：happy/inc 会失败"), []string{"happy/inc 2_result"}},
		{"a JSON object with its step", mustJSON(t, `{"mutants": [{"step": 2, "killed_by": [{"observation": "happy/inc"}]}]}`), []string{"happy/inc 2_result"}},
		{"the mutant's name", answerscan.Lines("out", "1_inc_passes_max dies at edge/at_max"), []string{"edge/at_max 1_limit"}},
		{"beside another mutant", answerscan.Lines("out", "# Step 2: edge/at_max, edge/other"), nil},
		{"an observation killing nothing", answerscan.Whole("other.txtar", "edge/other", "# Step 1: a bound.\n"), nil},
		{"a longer name is another word", answerscan.Lines("out", "1_limit: edge/at_max_or_more"), nil},
		{"cells alike for every pair", []answerscan.Unit{cell("edge/at_max", "1_limit"), cell("edge/other", "1_limit"), cell("happy/inc", "2_result"), cell("edge/at_max", "2_result")}, nil},
		{"a cell unlike the others", []answerscan.Unit{cell("edge/other", "1_limit"), {Where: "html", Text: `<td title="edge/at_max × 1_limit: killed">K`}}, []string{"edge/at_max 1_limit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, l := range answerscan.Scan(matrix, tt.units) {
				got = append(got, l.Observation+" "+l.Mutant)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("leaks (-want +got):\n%s", diff)
			}
		})
	}
}

func mustJSON(t *testing.T, s string) []answerscan.Unit {
	t.Helper()
	u, err := answerscan.JSON("json", []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestExamples: the lines of a lab command a document shows are run on
// the reference and on every mutant; one that a mutant answers otherwise
// is found, one that every implementation answers alike is not.
func TestExamples(t *testing.T) {
	l := counter.Lab()
	doc := "Count to one:\n\n\tctr inc\n\tstdout '^1$'\n\nAnd in a shell, `go run ./x`:\n\n\t$ ctr -f other get\n"
	ex := answerscan.Examples("doc", doc, []string{"ctr"})
	if diff := cmp.Diff([]answerscan.Example{{Where: "doc", Command: "ctr", Lines: [][]string{{"inc"}, {"-f", "other", "get"}}}}, ex); diff != "" {
		t.Fatalf("examples (-want +got):\n%s", diff)
	}
	diff, err := answerscan.Differs(l, ex[0], t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(diff, "ctr inc") {
		t.Errorf("Differs = %q, want the first inc, which a mutant of the counter answers otherwise", diff)
	}
	same := answerscan.Examples("doc", "\tctr get\n\tctr reset\n", []string{"ctr"})
	if diff, err := answerscan.Differs(l, same[0], t.TempDir()); err != nil || diff != "" {
		t.Errorf("Differs of a read and a reset = %q, %v; want no difference", diff, err)
	}
}

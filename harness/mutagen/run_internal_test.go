package mutagen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/gorename"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
)

func TestFailedFiles(t *testing.T) {
	out := `# idemlabmutants/p0
p0/m003.go:43:2: declared and not used: unused
p0/m003.go:50:9: undefined: m003_x
# idemlabmutants/p1
./p1/m017.go:7:2: "bytes" imported and not used
p1/registry.go:1:1: something else
../killmatrix/run.go:1:1: not a mutant
m017.go:12:3: too many errors
# idemlabmutants/p7
p7/m1203.go:5:6: m1203_f redeclared in this block
	p7/m1204.go:5:6: other declaration of m1204_f
`
	want := map[string][]compilerMessage{
		"m003":  {{43, 2, "declared and not used: unused"}, {50, 9, "undefined: m003_x"}},
		"m017":  {{7, 2, `"bytes" imported and not used`}, {12, 3, "too many errors"}},
		"m1203": {{5, 6, "m1203_f redeclared in this block"}},
	}
	if diff := cmp.Diff(want, failedFiles([]byte(out)), cmp.AllowUnexported(compilerMessage{})); diff != "" {
		t.Errorf("failedFiles (-want +got):\n%s", diff)
	}
}

// TestExplainPointsAtTheEdit: a compiler message about a mutant's copy
// names the reference file, at the line and column of the edit there, the
// names' prefixes taken out, with the replaced text.
func TestExplainPointsAtTheEdit(t *testing.T) {
	src := []byte("package reference\n\n// doc\n\nfunc F(x int) int {\n\treturn G(x)\n}\n\nfunc G(x int) int { return x }\n")
	m := Mutant{ID: "h1", Old: "\treturn G(x)\n", New: "\treturn G(x, 1)\n", Pos: "held.json:7"}
	mutated, err := m.Apply(src)
	if err != nil {
		t.Fatal(err)
	}
	_, edits, err := (&gorename.Renamer{}).Prefix(mutated, "p0", "m000_")
	if err != nil {
		t.Fatal(err)
	}
	c := compiled{ID: "h1", Stem: "m000", Mutant: m, edits: edits, file: "reference/store.go", oldLine: 6}
	// In the copy, "\treturn m000_G(x, 1)": the extra argument at column 19.
	got := c.explain([]compilerMessage{{Line: 6, Col: 19, Text: "too many arguments in call to m000_G"}})
	want := `reference/store.go:6:14: too many arguments in call to G (where "\treturn G(x)\n" is replaced by "\treturn G(x, 1)\n")`
	if got != want {
		t.Errorf("explain =\n%s\nwant\n%s", got, want)
	}
	for _, tc := range []struct{ line, wantLine int }{{2, 2}, {6, 6}, {9, 9}} {
		if l, _ := c.original(tc.line, 1); l != tc.wantLine {
			t.Errorf("original(%d) = line %d, want %d", tc.line, l, tc.wantLine)
		}
	}
}

func TestTakeControl(t *testing.T) {
	obs := []killmatrix.ObservationRow{
		{Observation: killmatrix.Observation{Name: "edge/x"}, Status: outcome.Pass},
		{Observation: killmatrix.Observation{Name: "student/y"}, Status: outcome.Pass},
	}
	pass := killmatrix.Result{Status: outcome.Pass}
	fail := killmatrix.Result{Status: outcome.Fail, Pos: "y.txtar:3", Message: "no match"}
	control := func(y killmatrix.Result) killmatrix.MutantRow {
		return killmatrix.MutantRow{Name: controlName, Cells: map[string]killmatrix.Result{"edge/x": pass, "student/y": y}}
	}
	mutant := killmatrix.MutantRow{Name: "store.go:9:go-negate-if", Outcome: outcome.Killed,
		Cells:    map[string]killmatrix.Result{"edge/x": pass, "student/y": fail},
		KilledBy: []killmatrix.Kill{{Observation: "student/y"}}}
	tests := []struct {
		name       string
		rows       []killmatrix.MutantRow
		strict     bool
		wantErr    string // "" for none
		wantStatus outcome.Observation
	}{
		{"control passes everything", []killmatrix.MutantRow{control(pass), mutant}, true, "", outcome.Pass},
		{"control fails, strictly", []killmatrix.MutantRow{control(fail), mutant}, true,
			"the unmutated reference, copied into the mutants' program, fails student/y (fail at y.txtar:3: no match)", ""},
		{"control fails, for a student", []killmatrix.MutantRow{control(fail), mutant}, false, "", outcome.Broken},
		{"no control row", []killmatrix.MutantRow{mutant}, true, "no control row", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &killmatrix.Matrix{Observations: append([]killmatrix.ObservationRow(nil), obs...), Mutants: tt.rows}
			err := takeControl(m, tt.strict)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			case tt.wantErr == "":
				if len(m.Mutants) != 1 || m.Mutants[0].Name != mutant.Name {
					t.Errorf("rows left %+v, want the mutant only", m.Mutants)
				}
				if got := m.Observations[1].Status; got != tt.wantStatus {
					t.Errorf("student/y is %s, want %s", got, tt.wantStatus)
				}
			}
		})
	}
	// A student's observation that fails on the control kills nothing.
	m := &killmatrix.Matrix{Observations: append([]killmatrix.ObservationRow(nil), obs...), Mutants: []killmatrix.MutantRow{control(fail), mutant}}
	if err := takeControl(m, false); err != nil {
		t.Fatal(err)
	}
	if got := m.Mutants[0]; got.Outcome != outcome.Survived {
		t.Errorf("mutant after a failing control: %s killed by %+v, want survived", got.Outcome, got.KilledBy)
	}
}

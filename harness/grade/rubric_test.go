package grade_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
)

func TestParseRubric(t *testing.T) {
	withOwnKill := grade.DefaultRubric
	withOwnKill.OwnKill = 3
	withFloor := grade.DefaultRubric
	withFloor.GradebookFloor = -2
	for _, tc := range []struct {
		name, data string
		want       grade.Rubric
		err        string
	}{
		{"empty object keeps every default", `{}`, grade.DefaultRubric, ""},
		{"one weight, the rest default", `{"own_kill": 3}`, withOwnKill, ""},
		{"$schema accepted and not kept", `{"$schema": "../schemas/rubric.schema.json", "own_kill": 3}`, withOwnKill, ""},
		{"unknown field named with its line", "{\n  \"own_kill\": 3,\n  \"bonus\": 100\n}", grade.DefaultRubric, `r.json:3: unknown field "bonus"`},
		{"wrong type", "{\"flag\": \"-1\"}", grade.DefaultRubric, "r.json:1:"},
		{"a gradebook floor", `{"gradebook_floor": -2}`, withFloor, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := grade.ParseRubric("r.json", []byte(tc.data))
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("ParseRubric error %v, want %q", err, tc.err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ParseRubric (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRubricString(t *testing.T) {
	r := grade.Rubric{PredictionRight: 2, PredictionAfterReveal: 0.5, OwnKill: 1, HeldOutKill: 2.5, Invalid: -1, Timeout: -1}
	want := "2 per prediction right, 0.5 per prediction right not shown to come before its answer, 1 per own kill, 2.5 per held-out kill, -1 per invalid observation, -1 per timeout, 0 per flag"
	if got := r.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestTableAlignsWideNames: a Chinese name takes two columns a character
// on a terminal, and the table's columns stay aligned beside it.
func TestTableAlignsWideNames(t *testing.T) {
	c := &grade.Class{Mutants: 8, Rubric: grade.DefaultRubric, Rows: []grade.Row{
		{Student: "王伟", Right: 1, Predicted: 1, Total: 2},
		{Student: "alice", Total: 0},
		{Student: "José", Total: 0},
		{Student: "Jose\u0301", Total: 0}, // decomposed, as macOS names folders
	}}
	var b strings.Builder
	if err := c.Table(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")[:5]
	var ends []int
	for _, l := range lines {
		// Where the right-aligned student column ends, in terminal columns.
		name := strings.Fields(l)[0]
		at := strings.Index(l, name) + len(name)
		ends = append(ends, columns(l[:at]))
	}
	if diff := cmp.Diff([]int{ends[0], ends[0], ends[0], ends[0], ends[0]}, ends); diff != "" {
		t.Errorf("the student column ends at different columns (-want +got):\n%s\n%s", diff, strings.Join(lines, "\n"))
	}
}

// columns counts terminal columns: two for each CJK character, none for
// a combining accent.
func columns(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r >= 0x4E00 && r <= 0x9FFF:
			n += 2
		case r >= 0x0300 && r <= 0x036F:
		default:
			n++
		}
	}
	return n
}

package idemlab

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/internal/schematest"
)

// TestJSONViewsMatchSchema writes the report in each view and language
// a student or instructor can ask for, and checks each against the
// published schema: what an instructor's script reads must be what the
// schema promises, whatever the view hides.
func TestJSONViewsMatchSchema(t *testing.T) {
	// A part of the lab is enough for the report's shape, and quicker:
	// the predictions outside it are reported as not judged, which the
	// schema must allow too.
	sheet := []string{"-worksheet", root + "/mutants/testdata/answers/worksheet.md", "-student", root + "/mutants/testdata/answers/student",
		"-run", "^(happy|edge|student)/(fetch|init)"}
	for _, view := range [][]string{
		{"-lang", "zh-CN"},
		{"-reveal"},
		{"-instructor", "-lang", "zh-CN"},
	} {
		t.Run(strings.Join(view, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			// Some mutants survive a part of the lab: status 2, not 0.
			if status := run(append(append([]string{"-q", "-json"}, sheet...), view...), &stdout, &stderr); status != exitcode.Survived {
				t.Fatalf("exit status %d; stderr:\n%s", status, stderr.String())
			}
			schematest.Validate(t, reportSchema, stdout.Bytes())
		})
	}
}

// TestMutantListAgreesWithSchema holds mutate -list -json's entry type
// against the published schema of the list.
func TestMutantListAgreesWithSchema(t *testing.T) {
	schematest.AgreeWith(t, listSchema, "/$defs/mutant", reflect.TypeFor[listedMutant]())
}

package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"idemlab/harness/internal/schematest"
)

// TestJSONViewsMatchSchema writes the report in each view and language
// a student or instructor can ask for, and checks each against the
// published schema: what an instructor's script reads must be what the
// schema promises, whatever the view hides.
func TestJSONViewsMatchSchema(t *testing.T) {
	sheet := []string{"-worksheet", root + "/testdata/example/worksheet.md", "-student", root + "/testdata/example/student"}
	for _, view := range [][]string{
		{"-lang", "zh-CN"},
		{"-reveal"},
		{"-instructor", "-lang", "zh-CN"},
	} {
		t.Run(strings.Join(view, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(append(append([]string{"-q", "-json"}, sheet...), view...), &stdout, &stderr); status != 0 {
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

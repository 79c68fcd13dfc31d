package schematest_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/clauses"
	"idemlab/harness/grade"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// schemas is the folder of idemlab's own schemas, seen from here.
const schemas = "../../../harness/schemas/"

// shipped are the files a lab ships, relative to its folder, and the
// schema meant for each; only the catalogue is a file every lab has.
var shipped = []struct{ file, schema string }{
	{"mutants/catalogue.json", "catalogue.schema.json"},
	{"mutants/testdata/answers/key.json", "answers.schema.json"},
	{"mutants/testdata/answers/clauses.json", "clauses.schema.json"},
	{"mutants/equivalent.json", "equivalents.schema.json"},
	{"testdata/heldout/example.json", "heldout.schema.json"},
}

// TestShippedFilesAreValid checks every catalogue the repository ships,
// the first lab's at its root and each lab's under labs/ (found by its
// folder, so a new lab's are checked too), against the schema it names
// in "$schema", and that it names the one meant for it.
func TestShippedFilesAreValid(t *testing.T) {
	labs, err := filepath.Glob("../../../labs/*/mutants/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	roots := []string{"../../.."}
	for _, c := range labs {
		roots = append(roots, filepath.Dir(filepath.Dir(c)))
	}
	if len(roots) < 2 {
		t.Fatalf("no lab under labs/ ships mutants/catalogue.json: found %q", labs)
	}
	for _, root := range roots {
		for _, f := range shipped {
			file := filepath.Join(root, filepath.FromSlash(f.file))
			t.Run(filepath.ToSlash(file), func(t *testing.T) {
				data, err := os.ReadFile(file)
				if errors.Is(err, fs.ErrNotExist) && f.schema != "catalogue.schema.json" {
					t.Skipf("this lab ships no %s", f.file)
				}
				if err != nil {
					t.Fatal(err)
				}
				checkShipped(t, file, schemas+f.schema, data)
			})
		}
	}
}

// checkShipped checks data, file's contents, against schema, and that
// its "$schema" names that schema.
func checkShipped(t *testing.T, file, schema string, data []byte) {
	t.Helper()
	var head struct {
		Schema string `json:"$schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		t.Fatal(err)
	}
	named := filepath.Join(filepath.Dir(file), filepath.FromSlash(head.Schema))
	if filepath.Clean(named) != filepath.Clean(schema) {
		t.Errorf("%s names $schema %q (%s), want a path to %s", file, head.Schema, named, schema)
	}
	schematest.Validate(t, schema, data)
}

// TestDefaultRubricIsValid checks the rubric grade uses when given none,
// written as a rubric file would be, and one naming a gradebook floor.
func TestDefaultRubricIsValid(t *testing.T) {
	floored := grade.DefaultRubric
	floored.GradebookFloor = -0.5
	for _, r := range []grade.Rubric{grade.DefaultRubric, floored} {
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Validate(t, schemas+"rubric.schema.json", data)
	}
	if err := schematest.Check(schemas+"rubric.schema.json", []byte(`{"gradebook_floor": "0"}`)); err == nil {
		t.Error("a gradebook_floor that is not a number is valid")
	}
}

// TestTypesAgree holds each schema against the Go type that writes or
// reads its documents, so that a field added to one and not the other
// fails here rather than in an instructor's editor.
func TestTypesAgree(t *testing.T) {
	catalogueOnly := schematest.Leave("mutation.Catalogue.API", "only the lab's own catalogue names its API type; a held-out catalogue compiles into the lab's")
	labKilled := schematest.Leave("mutation.Mutant.Equivalent", "a lab mutant is there to be killed (CI demands that every one dies); only a held-out mutant may be equivalent")
	keyed := "they answer a prediction: a lab's answer key holds them (answers.schema.json), a held-out catalogue writes them in place"
	noKiller, noHint := schematest.Leave("mutation.Mutant.Killer", keyed), schematest.Leave("mutation.Mutant.Hint", keyed)
	noOwn := schematest.Leave("mutation.Mutant.Observation", "a lab mutant is killed by the lab's own observations; only a held-out mutant carries one of its own")
	for _, tc := range []struct {
		schema, pointer string
		typ             reflect.Type
		opts            []schematest.Option
	}{
		{schemas + "report.schema.json", "", reflect.TypeFor[report.Report](), nil},
		{schemas + "grade.schema.json", "", reflect.TypeFor[grade.Class](), nil},
		{schemas + "history.schema.json", "", reflect.TypeFor[predict.History](), nil},
		{schemas + "catalogue.schema.json", "", reflect.TypeFor[mutation.Catalogue](), []schematest.Option{schematest.Read, labKilled, noKiller, noHint, noOwn}},
		{schemas + "answers.schema.json", "", reflect.TypeFor[mutation.AnswerKey](), []schematest.Option{schematest.Read}},
		{schemas + "heldout.schema.json", "", reflect.TypeFor[mutation.Catalogue](), []schematest.Option{schematest.Read, catalogueOnly}},
		{schemas + "clauses.schema.json", "/$defs/clause", reflect.TypeFor[clauses.Clause](), []schematest.Option{schematest.Read}},
		{schemas + "equivalents.schema.json", "", reflect.TypeFor[mutagen.Equivalents](), []schematest.Option{schematest.Read}},
		{schemas + "rubric.schema.json", "", reflect.TypeFor[grade.Rubric](), []schematest.Option{schematest.Read}},
	} {
		t.Run(filepath.Base(tc.schema), func(t *testing.T) {
			schematest.AgreeWith(t, tc.schema, tc.pointer, tc.typ, tc.opts...)
		})
	}
}

// TestOutcomeEnums: the report schema's words for outcomes are the
// outcome package's, every one of them, in its order.
func TestOutcomeEnums(t *testing.T) {
	data, err := os.ReadFile(schemas + "report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			MutantOutcome struct {
				Enum []outcome.Mutant `json:"enum"`
			} `json:"mutant_outcome"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(outcome.Mutants, s.Defs.MutantOutcome.Enum); diff != "" {
		t.Errorf("report.schema.json#/$defs/mutant_outcome/enum and outcome.Mutants differ (-go +schema):\n%s", diff)
	}
}

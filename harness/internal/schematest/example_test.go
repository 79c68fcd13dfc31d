package schematest_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"idemlab/harness/internal/schematest"
)

// Two draft 2020-12 schemas in one folder, one referring to the other by
// its $id, and a document each way: Check accepts the first and lists
// each problem of the second with its place in the document.
func ExampleCheck() {
	dir, err := os.MkdirTemp("", "schematest-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	for name, text := range map[string]string{
		"run.schema.json": `{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$id": "https://idemlab.example/schemas/run.schema.json",
			"type": "object",
			"required": ["mutant", "verdict"],
			"properties": {
				"mutant": {"type": "string"},
				"verdict": {"$ref": "verdict.schema.json"}
			}
		}`,
		"verdict.schema.json": `{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$id": "https://idemlab.example/schemas/verdict.schema.json",
			"enum": ["killed", "survived", "timeout"]
		}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}
	schema := filepath.Join(dir, "run.schema.json")

	fmt.Println(schematest.Check(schema, []byte(`{"mutant": "m1", "verdict": "killed"}`)))

	err = schematest.Check(schema, []byte(`{"verdict": "dead"}`))
	var e *schematest.Error
	if errors.As(err, &e) {
		for _, p := range e.Problems {
			fmt.Printf("%q: %s\n  (%s)\n", p.Location, p.Message, p.Keyword)
		}
	}
	// Output:
	// <nil>
	// "": missing property 'mutant'
	//   (https://idemlab.example/schemas/run.schema.json#/required)
	// "/verdict": value must be one of 'killed', 'survived', 'timeout'
	//   (https://idemlab.example/schemas/verdict.schema.json#/enum)
}

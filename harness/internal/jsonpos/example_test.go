package jsonpos_test

import (
	"fmt"

	"idemlab/harness/internal/jsonpos"
)

// Each problem a person must fix is named by file and line: an unknown
// field at its key, a value of the wrong type, text after the object.
func ExampleFile_DecodeStrict() {
	var rubric struct {
		PredictionRight float64 `json:"prediction_right"`
		OwnKill         float64 `json:"own_kill"`
	}
	for _, data := range []string{
		"{\n  \"prediction_right\": 2,\n  \"own_kills\": 1\n}\n",
		"{\n  \"prediction_right\": 2,\n  \"own_kill\": \"one\"\n}\n",
		"{\"prediction_right\": 2}\n{}\n",
	} {
		f := jsonpos.File{Name: "rubric.json", Data: []byte(data)}
		fmt.Println(f.DecodeStrict(&rubric, "rubric object"))
	}
	// Output:
	// rubric.json:3: unknown field "own_kills"
	// rubric.json:3: own_kill: want float64, got JSON string
	// rubric.json:2: unexpected data after the rubric object
}

// ArrayOffsets finds where each element of an array starts, so that a
// problem in one element is reported at its own line.
func ExampleFile_ArrayOffsets() {
	f := jsonpos.File{Name: "catalogue.json", Data: []byte("{\n  \"mutants\": [\n    {\"name\": \"a\"},\n\n    {\"name\": \"b\"}\n  ]\n}\n")}
	offsets, err := f.ArrayOffsets("mutants")
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, off := range offsets {
		fmt.Printf("mutant %d starts on line %d\n", i+1, f.Line(off))
	}
	// Output:
	// mutant 1 starts on line 3
	// mutant 2 starts on line 5
}

package jsonpos_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/jsonpos"
)

func TestDecodeStrict(t *testing.T) {
	type doc struct {
		A int      `json:"a"`
		B []string `json:"b"`
	}
	for _, tc := range []struct {
		name, data, want string // want: the error, "" for none
	}{
		{"ok", "{\n\"a\": 1,\n\"b\": [\"x\"]\n}\n", ""},
		{"syntax", "{\n\"a\": 1,\n\"b\" [\n}\n", "f.json:3: invalid character '['"},
		{"newline in a string", "{\n\"b\": [\"x\n\"]\n}\n", "f.json:2: invalid character '\\n'"},
		{"wrong type", "{\n\"a\": \"1\"\n}\n", "f.json:2: a: want int, got JSON string"},
		{"unknown field", "{\n\"a\": 1,\n\"c\": 2\n}\n", `f.json:3: unknown field "c"`},
		{"unknown field named like a later nested key", "{\n\"c\": 1,\n\"b\": [\"x\"],\n\"a\": 1\n}\n", `f.json:2: unknown field "c"`},
		{"unknown field whose name is in a value first", "{\n\"b\": [\"c\"],\n\"a\": 1,\n\"c\" : 2\n}\n", `f.json:4: unknown field "c"`},
		{"cut short", "{\n\"a\": 1,\n", "f.json:3: unexpected end of file"},
		{"trailing data", "{\"a\": 1}\n{}\n", "f.json:2: unexpected data after the thing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d doc
			err := jsonpos.File{Name: "f.json", Data: []byte(tc.data)}.DecodeStrict(&d, "thing")
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("DecodeStrict = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Errorf("DecodeStrict = %v, want an error starting %q", err, tc.want)
			}
		})
	}
}

func TestArrayOffsets(t *testing.T) {
	data := "{\n \"x\": [1],\n \"Items\": [\n  {\"a\": 1},\n\n  {\"a\": 2}\n ]\n}\n"
	f := jsonpos.File{Name: "f.json", Data: []byte(data)}
	offs, err := f.ArrayOffsets("items")
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, off := range offs {
		lines = append(lines, f.Line(off))
	}
	if diff := cmp.Diff([]int{4, 6}, lines); diff != "" {
		t.Errorf("element lines (-want +got):\n%s", diff)
	}
	if offs, err := (jsonpos.File{Data: []byte(`{"items": null}`)}).ArrayOffsets("items"); err != nil || len(offs) != 0 {
		t.Errorf("null array: %v, %v; want no elements", offs, err)
	}
}

// TestUnknownFieldNamedLikeANestedKey: an unknown top-level field whose
// name is a valid key of the nested objects after it is reported at its
// own line, not at the last object's key.
func TestUnknownFieldNamedLikeANestedKey(t *testing.T) {
	type item struct {
		Name string `json:"name"`
	}
	type doc struct {
		Items []item `json:"items"`
	}
	data := "{\n  \"name\": \"week 3\",\n  \"items\": [\n    {\"name\": \"a\"},\n    {\"name\": \"b\"}\n  ]\n}\n"
	var d doc
	err := jsonpos.File{Name: "f.json", Data: []byte(data)}.DecodeStrict(&d, "thing")
	if want := `f.json:2: unknown field "name"`; err == nil || err.Error() != want {
		t.Errorf("DecodeStrict = %v, want %s", err, want)
	}
}

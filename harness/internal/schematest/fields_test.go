package schematest_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/schematest"
)

// The Go types of a small written format, as a package of the harness
// would declare them: a run with its rows, an embedded struct, a map, a
// pointer that may be null, a time, a recursive type and fields
// encoding/json never writes.
type (
	fieldsRun struct {
		Schema  string               `json:"schema"`
		Created time.Time            `json:"created"`
		Rows    []fieldsRow          `json:"rows"`
		Timing  map[string]int64     `json:"timing_ms,omitempty"`
		Note    *fieldsNote          `json:"note"`
		Total   float64              `json:"total"`
		Tree    *fieldsTree          `json:"tree,omitempty"`
		Cells   map[string]fieldsRow `json:"cells,omitempty"`
		Hidden  string               `json:"-"`
		//lint:ignore U1000 an unexported field is there to show that Agree leaves it out
		private int
	}
	fieldsRow struct {
		fieldsBase
		Done bool     `json:"done"`
		Tags []string `json:"tags,omitempty"`
	}
	fieldsBase struct {
		Name string `json:"name"`
		Line int    `json:"line,omitempty"`
	}
	fieldsNote struct {
		Text string `json:"text"`
	}
	fieldsTree struct {
		Name     string       `json:"name"`
		Children []fieldsTree `json:"children"`
	}
)

// fieldsSchema agrees with fieldsRun in every way Agree checks: it is
// the starting point each case below breaks in one place.
const fieldsSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://idemlab.example/schemas/fields.schema.json",
  "type": "object",
  "additionalProperties": false,
  "required": ["schema", "created", "rows", "note", "total"],
  "properties": {
    "schema": {"const": "fields/v1"},
    "created": {"type": "string", "format": "date-time"},
    "rows": {"type": "array", "items": {"$ref": "#/$defs/row"}},
    "timing_ms": {"type": "object", "additionalProperties": {"type": "integer"}},
    "note": {"oneOf": [{"$ref": "#/$defs/note"}, {"type": "null"}]},
    "total": {"type": "number"},
    "tree": {"$ref": "#/$defs/tree", "description": "a tree"},
    "cells": {"type": "object", "patternProperties": {"^[a-z]+$": {"$ref": "#/$defs/row"}}}
  },
  "$defs": {
    "row": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name", "done"],
      "properties": {
        "name": {"type": "string"},
        "line": {"type": "integer", "minimum": 1},
        "done": {"type": "boolean"},
        "tags": {"type": "array", "items": {"type": "string"}}
      }
    },
    "note": {
      "type": "object",
      "additionalProperties": false,
      "required": ["text"],
      "properties": {"text": {"type": "string"}}
    },
    "tree": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name", "children"],
      "properties": {
        "name": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/$defs/tree"}}
      }
    }
  }
}`

// fieldsFile writes fieldsSchema, changed by edit, to a fresh folder.
func fieldsFile(t *testing.T, edit func(s map[string]any)) string {
	t.Helper()
	var s map[string]any
	if err := json.Unmarshal([]byte(fieldsSchema), &s); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(s)
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "fields.schema.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func at(s map[string]any, path ...string) map[string]any {
	for _, p := range path {
		s = s[p].(map[string]any)
	}
	return s
}

// A disagreed is the part of a Disagreement a case pins down.
type disagreed struct {
	Field, Name, Schema string
	Says                string // a part of the message
}

func TestAgree(t *testing.T) {
	runType := reflect.TypeFor[fieldsRun]()
	for _, tc := range []struct {
		name string
		edit func(s map[string]any)
		typ  reflect.Type
		opts []schematest.Option
		want []disagreed
	}{
		{name: "agree", typ: runType},
		{name: "agree through a pointer type", typ: reflect.TypeFor[*fieldsRun]()},
		{
			name: "field missing from the schema",
			edit: func(s map[string]any) { delete(at(s, "$defs", "row", "properties"), "done") },
			typ:  runType,
			want: []disagreed{
				{"schematest_test.fieldsRow.Done", "done", "#/$defs/row/properties", "no such property"},
				{"", "done", "#/$defs/row/required", "required, but not among the properties"},
			},
		},
		{
			name: "property with no field",
			edit: func(s map[string]any) { at(s, "properties")["elapsed_ms"] = map[string]any{"type": "integer"} },
			typ:  runType,
			want: []disagreed{{"", "elapsed_ms", "#/properties/elapsed_ms", "no field of schematest_test.fieldsRun"}},
		},
		{
			name: "an embedded struct's field, promoted",
			edit: func(s map[string]any) { delete(at(s, "$defs", "row", "properties"), "line") },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsBase.Line", "line", "#/$defs/row/properties", "no such property"}},
		},
		{
			name: "written always, not required",
			edit: func(s map[string]any) { s["required"] = []any{"schema", "created", "rows", "note"} },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRun.Total", "total", "#/required", "Go always writes it"}},
		},
		{
			name: "omitempty, yet required",
			edit: func(s map[string]any) {
				at(s, "$defs", "row")["required"] = []any{"name", "done", "tags"}
			},
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRow.Tags", "tags", "#/$defs/row/required", "leaves it out when it is empty"}},
		},
		{
			name: "read: required may be fewer",
			edit: func(s map[string]any) {
				s["required"] = []any{"schema"}
				at(s, "$defs", "row")["required"] = []any{"tags"}
			},
			typ:  runType,
			opts: []schematest.Option{schematest.Read},
		},
		{
			name: "read: required names only properties",
			edit: func(s map[string]any) { s["required"] = []any{"schema", "version"} },
			typ:  runType,
			opts: []schematest.Option{schematest.Read},
			want: []disagreed{{"", "version", "#/required", "not among the properties"}},
		},
		{
			name: "wrong type",
			edit: func(s map[string]any) {
				at(s, "$defs", "row", "properties")["line"] = map[string]any{"type": "string"}
				at(s, "properties")["total"] = map[string]any{"type": "integer"}
				at(s, "properties")["created"] = map[string]any{"type": "integer"}
			},
			typ: runType,
			want: []disagreed{
				{"schematest_test.fieldsRun.Total", "", "#/properties/total", "is a Go float64 (JSON number), and the schema allows only integer"},
				{"schematest_test.fieldsRun.Created", "", "#/properties/created", "is a time.Time (JSON string)"},
				{"schematest_test.fieldsBase.Line", "", "#/$defs/row/properties/line", "is a Go int (JSON integer), and the schema allows only string"},
			},
		},
		{
			name: "a type from const or enum",
			edit: func(s map[string]any) { at(s, "properties")["schema"] = map[string]any{"enum": []any{1, 2}} },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRun.Schema", "", "#/properties/schema", "allows only integer"}},
		},
		{
			name: "inside a map's values",
			edit: func(s map[string]any) {
				at(s, "properties", "timing_ms")["additionalProperties"] = map[string]any{"type": "string"}
			},
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRun.Timing[key]", "", "#/properties/timing_ms/additionalProperties", "is a Go int64"}},
		},
		{
			name: "a map with no schema for its values",
			edit: func(s map[string]any) { delete(at(s, "properties", "timing_ms"), "additionalProperties") },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRun.Timing", "", "#/properties/timing_ms", "no \"additionalProperties\""}},
		},
		{
			name: "a slice with no items",
			edit: func(s map[string]any) { delete(at(s, "$defs", "row", "properties", "tags"), "items") },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRow.Tags", "", "#/$defs/row/properties/tags", "no \"items\""}},
		},
		{
			name: "an open object",
			edit: func(s map[string]any) { delete(at(s, "$defs", "note"), "additionalProperties") },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRun.Note", "", "#/$defs/note", "the schema's object is open"}},
		},
		{
			name: "a struct given no properties",
			edit: func(s map[string]any) { at(s, "properties")["note"] = map[string]any{"type": "object"} },
			typ:  runType,
			want: []disagreed{{"schematest_test.fieldsRun.Note", "", "#/properties/note", "has no \"properties\""}},
		},
		{
			name: "a $ref outside the file",
			edit: func(s map[string]any) {
				at(s, "properties")["note"] = map[string]any{"$ref": "note.schema.json"}
			},
			typ: runType,
			want: []disagreed{
				{"", "", "#/properties/note/$ref", "cannot follow $ref \"note.schema.json\""},
				{"schematest_test.fieldsRun.Note", "", "#/properties/note", "has no \"properties\""},
			},
		},
		{
			name: "a $ref to the file's own $id",
			edit: func(s map[string]any) {
				at(s, "properties")["note"] = map[string]any{"$ref": "https://idemlab.example/schemas/fields.schema.json#/$defs/note"}
			},
			typ: runType,
		},
		{
			name: "a recursive type",
			edit: func(s map[string]any) {
				at(s, "$defs", "tree", "properties")["size"] = map[string]any{"type": "integer"}
			},
			typ:  runType,
			want: []disagreed{{"", "size", "#/$defs/tree/properties/size", "no field of schematest_test.fieldsTree"}},
		},
		{
			name: "left out on purpose",
			edit: func(s map[string]any) {
				delete(at(s, "properties"), "total")
				s["required"] = []any{"schema", "created", "rows", "note"}
			},
			typ:  runType,
			opts: []schematest.Option{schematest.Leave("schematest_test.fieldsRun.Total", "the schema's readers do not need it")},
		},
		{
			name: "left out, yet there",
			typ:  runType,
			opts: []schematest.Option{schematest.Leave("schematest_test.fieldsRun.Total", "no reason")},
			want: []disagreed{{"schematest_test.fieldsRun.Total", "total", "#/properties", "Leave says the schema leaves it out (no reason), but it has it"}},
		},
		{
			name: "a stale Leave",
			typ:  runType,
			opts: []schematest.Option{schematest.Leave("schematest_test.fieldsRun.Gone", "it went")},
			want: []disagreed{{"schematest_test.fieldsRun.Gone", "", "#", "Leave names a field met nowhere"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := fieldsFile(t, tc.edit)
			list, err := schematest.Agree(file, "", tc.typ, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			var got []disagreed
			for _, d := range list {
				if !strings.HasPrefix(d.Schema, file+"#") {
					t.Errorf("disagreement %v is not placed in %s", d, file)
				}
				got = append(got, disagreed{d.Field, d.Name, strings.TrimPrefix(d.Schema, file), d.Message})
			}
			if len(got) != len(tc.want) {
				t.Fatalf("Agree found %d disagreements, want %d:\n%s", len(got), len(tc.want), show(list))
			}
			for _, w := range tc.want {
				found := false
				for _, g := range got {
					if g.Field == w.Field && (w.Name == "" || g.Name == w.Name) && g.Schema == w.Schema && strings.Contains(g.Says, w.Says) {
						found = true
					}
				}
				if !found {
					t.Errorf("no disagreement %+v among:\n%s", w, show(list))
				}
			}
		})
	}
}

func show(list []schematest.Disagreement) string {
	var b strings.Builder
	for _, d := range list {
		b.WriteString("  " + d.String() + "\n")
	}
	return b.String()
}

// TestAgreeFields pins how struct fields become JSON names, the rules of
// encoding/json: tags, "-", unexported fields, embedded structs (tagged
// ones stay objects), and a name claimed twice.
func TestAgreeFields(t *testing.T) {
	type Inner struct {
		A string `json:"a"`
		B string `json:"b"`
	}
	type inner struct {
		C string `json:"c"`
	}
	type Shadow struct {
		A string `json:"a"`
	}
	type T0 struct {
		Inner        // a, b promoted
		inner        // c promoted, though the type is unexported
		Named Shadow `json:"named"`
		Untag string
		Skip  string `json:"-"`
		//lint:ignore SA5008 "-," names the field "-", the case Agree must get right
		Dash string `json:"-,"`
		N    int    `json:"n,string"`
		//lint:ignore U1000 an unexported field is there to show that Agree leaves it out
		private string
	}
	// b again, at the same depth: neither b is encoded (built at run
	// time, since go vet rightly refuses such a type in source).
	other := reflect.StructOf([]reflect.StructField{{Name: "B", Type: reflect.TypeFor[string](), Tag: `json:"b"`}})
	typ := reflect.StructOf([]reflect.StructField{
		{Name: "T0", Type: reflect.TypeFor[T0](), Anonymous: true},
		{Name: "Wrap", Type: reflect.StructOf([]reflect.StructField{{Name: "Other", Type: other, Anonymous: true}}), Anonymous: true},
	})
	props := map[string]any{}
	for _, name := range []string{"a", "c", "named", "Untag", "-", "n"} {
		props[name] = map[string]any{}
	}
	props["n"] = map[string]any{"type": "string"}
	props["named"] = map[string]any{"type": "object", "additionalProperties": false, "required": []any{"a"}, "properties": map[string]any{"a": map[string]any{}}}
	schema := map[string]any{"type": "object", "additionalProperties": false, "required": []any{"a", "c", "named", "Untag", "-", "n"}, "properties": props}
	data, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "t.schema.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := schematest.Agree(file, "", typ)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) > 0 {
		t.Errorf("Agree found disagreements:\n%s", show(list))
	}
	// What encoding/json writes is the truth the rules above copy.
	out, err := json.Marshal(reflect.New(typ).Interface())
	if err != nil {
		t.Fatal(err)
	}
	var written map[string]any
	if err := json.Unmarshal(out, &written); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(slices.Sorted(maps.Keys(props)), slices.Sorted(maps.Keys(written))); diff != "" {
		t.Errorf("encoding/json writes other names than the schema (-schema +written):\n%s", diff)
	}
}

// TestAgreeWithFails checks that AgreeWith fails its test with every
// disagreement, one a line, naming the field and the type, and stops it
// for a pointer that leads nowhere.
func TestAgreeWithFails(t *testing.T) {
	file := fieldsFile(t, func(s map[string]any) { delete(at(s, "$defs", "note", "properties"), "text"); s["required"] = []any{} })
	rec := run(t, func(tb testing.TB) { schematest.AgreeWith(tb, file, "", reflect.TypeFor[fieldsRun]()) })
	if rec.fatal || len(rec.errors) != 1 {
		t.Fatalf("AgreeWith: fatal %v, errors %q; want one error", rec.fatal, rec.errors)
	}
	msg := rec.errors[0]
	for _, w := range []string{
		"Go type schematest_test.fieldsRun and schema " + file + "# disagree in ",
		"\n  schematest_test.fieldsNote.Text (json \"text\") at " + file + "#/$defs/note/properties: no such property",
		"\n  schematest_test.fieldsRun.Rows (json \"rows\") at " + file + "#/required: Go always writes it",
		"\n  schematest_test.fieldsNote.Text",
	} {
		if !strings.Contains(msg, w) {
			t.Errorf("AgreeWith's message lacks %q:\n%s", w, msg)
		}
	}
	rec = run(t, func(tb testing.TB) { schematest.AgreeWith(tb, file, "/$defs/nothing", reflect.TypeFor[fieldsNote]()) })
	if !rec.fatal {
		t.Errorf("AgreeWith with a pointer to nothing did not stop the test: %q", rec.errors)
	}
	rec = run(t, func(tb testing.TB) { schematest.AgreeWith(tb, file, "/$defs/tree", reflect.TypeFor[fieldsTree]()) })
	if rec.fatal || len(rec.errors) != 0 {
		t.Errorf("AgreeWith at /$defs/tree: fatal %v, errors %q; want none", rec.fatal, rec.errors)
	}
}

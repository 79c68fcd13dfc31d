package schematest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/schematest"
)

// strykerSchema is the real mutation-testing-report-schema, as published
// on npm; its README says which version. It lives with the package that
// writes such reports.
const strykerSchema = "../../stryker/testdata/report-schema/mutation-testing-report-schema.json"

// strykerID is the $id of strykerSchema, the base of its keyword
// locations.
const strykerID = "http://stryker-mutator.io/report.schema.json"

// reportFixture is a small report of the shape stryker.Export writes.
const reportFixture = "testdata/stryker-report.json"

// The keys of the fixture's one source file and one of its test files,
// and their JSON pointer tokens.
const (
	srcKey  = "reference/counter.go"
	srcTok  = "reference~1counter.go"
	testKey = "observations/twice.txtar"
	testTok = "observations~1twice.txtar"
)

// A found is the part of a Problem a test pins down: where in the
// document, and which keyword of the schema (its fragment, when in the
// Stryker schema).
type found struct {
	Location string
	Keyword  string
}

func founds(t *testing.T, err error) []found {
	t.Helper()
	var e *schematest.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *schematest.Error", err, err)
	}
	var list []found
	for _, p := range e.Problems {
		if p.Message == "" {
			t.Errorf("problem %+v has no message", p)
		}
		list = append(list, found{p.Location, strings.TrimPrefix(p.Keyword, strykerID)})
	}
	return list
}

func fixture(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile(reportFixture)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func encode(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func obj(v any) map[string]any { return v.(map[string]any) }

func file(d map[string]any) map[string]any { return obj(obj(d["files"])[srcKey]) }

func mutant(d map[string]any, i int) map[string]any { return obj(file(d)["mutants"].([]any)[i]) }

func test(d map[string]any, i int) map[string]any {
	return obj(obj(obj(d["testFiles"])[testKey])["tests"].([]any)[i])
}

func pos(line, column any) map[string]any { return map[string]any{"line": line, "column": column} }

func TestStrykerSchemaAcceptsReport(t *testing.T) {
	data, err := os.ReadFile(reportFixture)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, strykerSchema, data)
	if err := schematest.Check(strykerSchema, data); err != nil {
		t.Errorf("Check: %v", err)
	}
}

func TestStrykerSchema(t *testing.T) {
	mutantAt := "/files/" + srcTok + "/mutants/0"
	mutantKw := "#/properties/files/additionalProperties/properties/mutants/items"
	for _, tc := range []struct {
		name   string
		change func(d map[string]any)
		want   []found // nil: accepted
	}{
		// What the schema accepts beyond the fixture.
		{"as is", func(map[string]any) {}, nil},
		{"schemaVersion 2.0.1", func(d map[string]any) { d["schemaVersion"] = "2.0.1" }, nil},
		{"schemaVersion 1", func(d map[string]any) { d["schemaVersion"] = "1" }, nil},
		{"undeclared properties, $schema among them", func(d map[string]any) {
			d["$schema"] = "https://example.com/whatever"
			d["extra"] = true
			mutant(d, 0)["qux"] = "foo"
			obj(d["thresholds"])["middle"] = 70
		}, nil},
		{"no testFiles nor framework", func(d map[string]any) { delete(d, "testFiles"); delete(d, "framework") }, nil},
		{"no files at all", func(d map[string]any) { d["files"] = map[string]any{} }, nil},
		{"mutant with only what is required", func(d map[string]any) {
			m := mutant(d, 0)
			for _, k := range []string{"description", "replacement", "statusReason", "killedBy", "coveredBy", "static"} {
				delete(m, k)
			}
		}, nil},
		{"mutant duration and testsCompleted", func(d map[string]any) {
			mutant(d, 0)["duration"] = 1.5
			mutant(d, 0)["testsCompleted"] = 2
		}, nil},
		{"every status", func(d map[string]any) {
			var ms []any
			for i, s := range []string{"Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Timeout", "Ignored", "Pending"} {
				m := map[string]any{}
				for k, v := range mutant(d, 0) {
					m[k] = v
				}
				m["id"], m["status"] = fmt.Sprint(i), s
				ms = append(ms, m)
			}
			file(d)["mutants"] = ms
		}, nil},
		{"test without location", func(d map[string]any) { delete(test(d, 0), "location") }, nil},
		{"test location with end", func(d map[string]any) { obj(test(d, 0)["location"])["end"] = pos(3, 1) }, nil},
		{"test file with source", func(d map[string]any) { obj(obj(d["testFiles"])[testKey])["source"] = "exec x\n" }, nil},
		{"thresholds 0 and 100", func(d map[string]any) { d["thresholds"] = map[string]any{"high": 100, "low": 0} }, nil},
		{"framework in full", func(d map[string]any) {
			d["framework"] = map[string]any{
				"name": "idemlab", "version": "0.1",
				"branding":     map[string]any{"homepageUrl": "https://example.com/idemlab"},
				"dependencies": map[string]any{"go": "1.26"},
			}
		}, nil},

		// What it rejects, and where.
		{"missing schemaVersion", func(d map[string]any) { delete(d, "schemaVersion") },
			[]found{{"", "#/required"}}},
		{"missing thresholds and files", func(d map[string]any) { delete(d, "thresholds"); delete(d, "files") },
			[]found{{"", "#/required"}}},
		{"schemaVersion 3", func(d map[string]any) { d["schemaVersion"] = "3" },
			[]found{{"/schemaVersion", "#/properties/schemaVersion/pattern"}}},
		{"schemaVersion a number", func(d map[string]any) { d["schemaVersion"] = 2 },
			[]found{{"/schemaVersion", "#/properties/schemaVersion/type"}}},
		{"thresholds.high 101", func(d map[string]any) { obj(d["thresholds"])["high"] = 101 },
			[]found{{"/thresholds/high", "#/properties/thresholds/properties/high/maximum"}}},
		{"thresholds.low -1", func(d map[string]any) { obj(d["thresholds"])["low"] = -1 },
			[]found{{"/thresholds/low", "#/properties/thresholds/properties/low/minimum"}}},
		{"thresholds.low 59.5", func(d map[string]any) { obj(d["thresholds"])["low"] = 59.5 },
			[]found{{"/thresholds/low", "#/properties/thresholds/properties/low/type"}}},
		{"thresholds without low", func(d map[string]any) { delete(obj(d["thresholds"]), "low") },
			[]found{{"/thresholds", "#/properties/thresholds/required"}}},
		{"a file that is not an object", func(d map[string]any) { obj(d["files"])[srcKey] = "package counter" },
			[]found{{"/files/" + srcTok, "#/properties/files/additionalProperties/type"}}},
		{"a file without source", func(d map[string]any) { delete(file(d), "source") },
			[]found{{"/files/" + srcTok, "#/properties/files/additionalProperties/required"}}},
		{"mutants not an array", func(d map[string]any) { file(d)["mutants"] = map[string]any{} },
			[]found{{"/files/" + srcTok + "/mutants", "#/properties/files/additionalProperties/properties/mutants/type"}}},
		{"a mutant twice", func(d map[string]any) {
			file(d)["mutants"] = append(file(d)["mutants"].([]any), mutant(d, 0))
		}, []found{{"/files/" + srcTok + "/mutants", "#/properties/files/additionalProperties/properties/mutants/uniqueItems"}}},
		{"status Dead", func(d map[string]any) { mutant(d, 0)["status"] = "Dead" },
			[]found{{mutantAt + "/status", mutantKw + "/properties/status/enum"}}},
		{"status in lower case", func(d map[string]any) { mutant(d, 0)["status"] = "killed" },
			[]found{{mutantAt + "/status", mutantKw + "/properties/status/enum"}}},
		{"mutant without id and mutatorName", func(d map[string]any) { delete(mutant(d, 0), "id"); delete(mutant(d, 0), "mutatorName") },
			[]found{{mutantAt, mutantKw + "/required"}}},
		{"mutant id a number", func(d map[string]any) { mutant(d, 0)["id"] = 1 },
			[]found{{mutantAt + "/id", mutantKw + "/properties/id/type"}}},
		{"killedBy a string", func(d map[string]any) { mutant(d, 0)["killedBy"] = "twice" },
			[]found{{mutantAt + "/killedBy", mutantKw + "/properties/killedBy/type"}}},
		{"coveredBy holding a number", func(d map[string]any) { mutant(d, 0)["coveredBy"] = []any{"twice", 2} },
			[]found{{mutantAt + "/coveredBy/1", mutantKw + "/properties/coveredBy/items/type"}}},
		{"static a string", func(d map[string]any) { mutant(d, 0)["static"] = "false" },
			[]found{{mutantAt + "/static", mutantKw + "/properties/static/type"}}},
		{"column 0", func(d map[string]any) { obj(mutant(d, 0)["location"])["start"] = pos(5, 0) },
			[]found{{mutantAt + "/location/start/column", "#/definitions/position/properties/column/minimum"}}},
		{"line 0 in end", func(d map[string]any) { obj(mutant(d, 0)["location"])["end"] = pos(0, 14) },
			[]found{{mutantAt + "/location/end/line", "#/definitions/position/properties/line/minimum"}}},
		{"line a string", func(d map[string]any) { obj(mutant(d, 0)["location"])["start"] = pos("5", 9) },
			[]found{{mutantAt + "/location/start/line", "#/definitions/position/properties/line/type"}}},
		{"mutant location without end", func(d map[string]any) { delete(obj(mutant(d, 0)["location"]), "end") },
			[]found{{mutantAt + "/location", "#/definitions/location/required"}}},
		{"position without column", func(d map[string]any) {
			obj(mutant(d, 0)["location"])["start"] = map[string]any{"line": 5}
		}, []found{{mutantAt + "/location/start", "#/definitions/position/required"}}},
		{"a test without id", func(d map[string]any) { delete(test(d, 0), "id") },
			[]found{{"/testFiles/" + testTok + "/tests/0", "#/properties/testFiles/additionalProperties/properties/tests/items/required"}}},
		{"a test file without tests", func(d map[string]any) { obj(d["testFiles"])[testKey] = map[string]any{} },
			[]found{{"/testFiles/" + testTok, "#/properties/testFiles/additionalProperties/required"}}},
		{"test location column 0", func(d map[string]any) { obj(test(d, 0)["location"])["start"] = pos(1, 0) },
			[]found{{"/testFiles/" + testTok + "/tests/0/location/start/column", "#/definitions/position/properties/column/minimum"}}},
		{"framework without name", func(d map[string]any) { d["framework"] = map[string]any{"version": "1"} },
			[]found{{"/framework", "#/properties/framework/required"}}},
		{"branding homepageUrl not a URI", func(d map[string]any) {
			obj(d["framework"])["branding"] = map[string]any{"homepageUrl": "idemlab home"}
		}, []found{{"/framework/branding/homepageUrl", "#/properties/framework/properties/branding/properties/homepageUrl/format"}}},
		{"a dependency version a number", func(d map[string]any) {
			obj(d["framework"])["dependencies"] = map[string]any{"go": 1.26}
		}, []found{{"/framework/dependencies/go", "#/properties/framework/properties/dependencies/additionalProperties/type"}}},
		{"system without ci", func(d map[string]any) { d["system"] = map[string]any{} },
			[]found{{"/system", "#/properties/system/required"}}},
		{"performance incomplete", func(d map[string]any) { d["performance"] = map[string]any{"setup": 1} },
			[]found{{"/performance", "#/properties/performance/required"}}},
		{"config an array", func(d map[string]any) { d["config"] = []any{} },
			[]found{{"/config", "#/properties/config/type"}}},
		{"several problems, all reported in order", func(d map[string]any) {
			delete(d, "schemaVersion")
			obj(d["thresholds"])["high"] = 101
			mutant(d, 0)["status"] = "Dead"
			obj(mutant(d, 0)["location"])["start"] = pos(5, 0)
		}, []found{
			{"", "#/required"},
			{mutantAt + "/location/start/column", "#/definitions/position/properties/column/minimum"},
			{mutantAt + "/status", mutantKw + "/properties/status/enum"},
			{"/thresholds/high", "#/properties/thresholds/properties/high/maximum"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := fixture(t)
			tc.change(d)
			err := schematest.Check(strykerSchema, encode(t, d))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("rejected, want accepted: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted, want rejected")
			}
			if diff := cmp.Diff(tc.want, founds(t, err)); diff != "" {
				t.Errorf("problems (-want +got):\n%s\nerror: %v", diff, err)
			}
		})
	}
}

// TestErrorText pins the readable form of a rejection.
func TestErrorText(t *testing.T) {
	d := fixture(t)
	delete(d, "schemaVersion")
	mutant(d, 0)["status"] = "Dead"
	err := schematest.Check(strykerSchema, encode(t, d))
	want := "document does not match schema " + strykerSchema + ": 2 problems:\n" +
		`  at "" (the whole document): missing property 'schemaVersion' [#/required]` + "\n" +
		`  at "/files/reference~1counter.go/mutants/0/status": value must be one of 'Killed', 'Survived', 'NoCoverage', ` +
		`'CompileError', 'RuntimeError', 'Timeout', 'Ignored', 'Pending' ` +
		`[#/properties/files/additionalProperties/properties/mutants/items/properties/status/enum]`
	if err == nil {
		t.Fatal("accepted, want rejected")
	}
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("error text (-want +got):\n%s", diff)
	}

	var e *schematest.Error
	if !errors.As(err, &e) {
		t.Fatalf("%T is not a *schematest.Error", err)
	}
	wantProblem := `at "" (the whole document): missing property 'schemaVersion' [` + strykerID + `#/required]`
	if got := e.Problems[0].String(); got != wantProblem {
		t.Errorf("Problem.String() = %q, want %q", got, wantProblem)
	}
}

func TestCheckNotJSON(t *testing.T) {
	for _, doc := range []string{``, `{`, `{"schemaVersion": "2"} {}`, `{"a": 1,}`} {
		err := schematest.Check(strykerSchema, []byte(doc))
		var e *schematest.Error
		if err == nil || errors.As(err, &e) || !strings.Contains(err.Error(), "not JSON") {
			t.Errorf("Check(%q) = %v, want a not-JSON error", doc, err)
		}
	}
}

func TestCompileCaches(t *testing.T) {
	a := schematest.Compile(t, strykerSchema)
	abs, err := filepath.Abs(strykerSchema)
	if err != nil {
		t.Fatal(err)
	}
	if b := schematest.Compile(t, abs); a != b {
		t.Error("a second Compile of the same file compiled it again")
	}
	if a.DraftVersion != 7 {
		t.Errorf("the Stryker schema compiled as draft %d, want 7", a.DraftVersion)
	}
}

// write writes files (a name and its content, alternately) into dir.
func write(t *testing.T, dir string, files ...string) {
	t.Helper()
	for i := 0; i < len(files); i += 2 {
		path := filepath.Join(dir, files[i])
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRefsResolveOffline compiles schemas of both drafts that refer to
// each other by relative path, by $id and by a relative reference against
// an $id, across two folders, and validates documents through each
// reference.
func TestRefsResolveOffline(t *testing.T) {
	noNetwork(t)
	dir := t.TempDir()
	write(t, dir,
		// 2020-12, by $id: report refers to verdict relatively (against its
		// own $id) and to common by its absolute $id.
		"schemas/report.schema.json", `{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$id": "https://idemlab.example/schemas/report.schema.json",
			"type": "object",
			"required": ["verdict", "count"],
			"properties": {
				"verdict": {"$ref": "verdict.schema.json"},
				"count": {"$ref": "https://idemlab.example/schemas/common.schema.json#/$defs/count"}
			}
		}`,
		"schemas/verdict.schema.json", `{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$id": "https://idemlab.example/schemas/verdict.schema.json",
			"enum": ["killed", "survived"]
		}`,
		"schemas/common.schema.json", `{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$id": "https://idemlab.example/schemas/common.schema.json",
			"$defs": {"count": {"type": "integer", "minimum": 0}}
		}`,
		// Draft 7 without $id: run refers to common by relative path, and
		// to tool in another folder, which refers on, by a reference
		// relative to its $id, to a schema in its own folder.
		"draft7/run.json", `{
			"$schema": "http://json-schema.org/draft-07/schema#",
			"type": "object",
			"properties": {
				"position": {"$ref": "common.json#/definitions/position"},
				"tool": {"$ref": "../other/tool.json"}
			}
		}`,
		"draft7/common.json", `{
			"$schema": "http://json-schema.org/draft-07/schema#",
			"definitions": {"position": {"type": "object", "required": ["line"], "properties": {"line": {"type": "integer", "minimum": 1}}}}
		}`,
		"other/tool.json", `{
			"$schema": "http://json-schema.org/draft-07/schema#",
			"$id": "https://idemlab.example/other/tool.json",
			"type": "object",
			"properties": {"name": {"$ref": "name.json"}}
		}`,
		"other/name.json", `{
			"$schema": "http://json-schema.org/draft-07/schema#",
			"$id": "https://idemlab.example/other/name.json",
			"type": "string", "minLength": 1
		}`,
	)
	report := filepath.Join(dir, "schemas", "report.schema.json")
	verdict := filepath.Join(dir, "schemas", "verdict.schema.json")
	run := filepath.Join(dir, "draft7", "run.json")
	common := "file://" + filepath.ToSlash(filepath.Join(dir, "draft7", "common.json"))
	for _, tc := range []struct {
		name, schema, doc string
		want              []found // nil: accepted
	}{
		{"2020-12 valid", report, `{"verdict": "killed", "count": 2}`, nil},
		{"2020-12 by relative $ref and by $id", report, `{"verdict": "dead", "count": -1}`, []found{
			{"/count", "https://idemlab.example/schemas/common.schema.json#/$defs/count/minimum"},
			{"/verdict", "https://idemlab.example/schemas/verdict.schema.json#/enum"},
		}},
		{"2020-12 required", report, `{"count": 1.5}`, []found{
			{"", "https://idemlab.example/schemas/report.schema.json#/required"},
			{"/count", "https://idemlab.example/schemas/common.schema.json#/$defs/count/type"},
		}},
		{"2020-12 referred-to schema on its own", verdict, `"dead"`, []found{
			{"", "https://idemlab.example/schemas/verdict.schema.json#/enum"},
		}},
		{"draft-07 valid", run, `{"position": {"line": 3}, "tool": {"name": "go"}}`, nil},
		{"draft-07 by relative path", run, `{"position": {"line": 0}}`, []found{
			{"/position/line", common + "#/definitions/position/properties/line/minimum"},
		}},
		{"draft-07 across folders, then by $id", run, `{"tool": {"name": ""}}`, []found{
			{"/tool/name", "https://idemlab.example/other/name.json#/minLength"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := schematest.Check(tc.schema, []byte(tc.doc))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("rejected, want accepted: %v", err)
				}
				return
			}
			if diff := cmp.Diff(tc.want, founds(t, err)); diff != "" {
				t.Errorf("problems (-want +got):\n%s\nerror: %v", diff, err)
			}
		})
	}

	schematest.Validate(t, report, []byte(`{"verdict": "survived", "count": 0}`))
	if sch := schematest.Compile(t, report); sch.DraftVersion != 2020 {
		t.Errorf("compiled as draft %d, want 2020", sch.DraftVersion)
	}
	if sch := schematest.Compile(t, run); sch.DraftVersion != 7 {
		t.Errorf("compiled as draft %d, want 7", sch.DraftVersion)
	}
}

// TestRemoteRefFails proves a reference to a schema that no folder holds
// is an error, and that nothing tries the network for it.
func TestRemoteRefFails(t *testing.T) {
	noNetwork(t)
	for _, tc := range []struct{ name, ref, url string }{
		{"remote", "https://example.com/schemas/elsewhere.schema.json", "https://example.com/schemas/elsewhere.schema.json"},
		// The $id of a schema in another folder, not met.
		{"in no folder met", "http://stryker-mutator.io/report.schema.json", "http://stryker-mutator.io/report.schema.json"},
		{"a missing sibling", "missing.schema.json#/$defs/x", "https://idemlab.example/schemas/missing.schema.json"},
		// A reference relative to an https $id is an https URL, even where
		// a file sits at that path relative to the schema's file.
		{"relative to the $id, not the file", "../elsewhere/where.json", "https://idemlab.example/elsewhere/where.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "schemas/a.schema.json", `{
				"$schema": "https://json-schema.org/draft/2020-12/schema",
				"$id": "https://idemlab.example/schemas/a.schema.json",
				"properties": {"x": {"$ref": "`+tc.ref+`"}}
			}`,
				"schemas/notes.json", `{"$id": "https://idemlab.example/schemas/notes.json"}`,
				"elsewhere/where.json", `{"type": "string"}`)
			err := schematest.Check(filepath.Join(dir, "schemas", "a.schema.json"), []byte(`{}`))
			if err == nil {
				t.Fatal("compiled a schema with a dangling reference")
			}
			var e *schematest.Error
			if errors.As(err, &e) {
				t.Fatalf("a compile error came as a rejection: %v", err)
			}
			for _, want := range []string{tc.url, "never fetches", filepath.Join(dir, "schemas")} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not mention %q:\n%v", want, err)
				}
			}
		})
	}
}

func TestDuplicateID(t *testing.T) {
	dir := t.TempDir()
	write(t, dir,
		"a.schema.json", `{"$id": "https://idemlab.example/schemas/a.schema.json", "$ref": "b.schema.json"}`,
		"b.schema.json", `{"$id": "https://idemlab.example/schemas/b.schema.json"}`,
		"c.schema.json", `{"$id": "https://idemlab.example/schemas/b.schema.json"}`,
	)
	err := schematest.Check(filepath.Join(dir, "a.schema.json"), []byte(`{}`))
	if err == nil || !strings.Contains(err.Error(), "both have $id https://idemlab.example/schemas/b.schema.json") {
		t.Errorf("Check = %v, want an error about the $id two files share", err)
	}
}

// A recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
	fatal  bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.mu.Lock()
	r.fatal = true
	r.mu.Unlock()
	runtime.Goexit()
}

// run calls f with a recorder in a goroutine of its own, so that Fatalf
// can stop it.
func run(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

func TestValidateFails(t *testing.T) {
	d := fixture(t)
	delete(d, "schemaVersion")
	obj(d["thresholds"])["high"] = 101
	doc := encode(t, d)

	r := run(t, func(tb testing.TB) { schematest.Validate(tb, strykerSchema, doc) })
	if r.fatal || len(r.errors) != 1 {
		t.Fatalf("Validate failed %d times (fatal %v), want one error: %q", len(r.errors), r.fatal, r.errors)
	}
	for _, want := range []string{
		"2 problems",
		`at "" (the whole document): missing property 'schemaVersion' [#/required]`,
		`at "/thresholds/high": maximum: got 101, want 100 [#/properties/thresholds/properties/high/maximum]`,
	} {
		if !strings.Contains(r.errors[0], want) {
			t.Errorf("Validate's error lacks %q:\n%s", want, r.errors[0])
		}
	}

	r = run(t, func(tb testing.TB) { schematest.Validate(tb, strykerSchema, []byte(`{`)) })
	if !r.fatal {
		t.Errorf("Validate of a doc that is not JSON did not stop the test: %q", r.errors)
	}
	r = run(t, func(tb testing.TB) { schematest.Validate(tb, "testdata/no-such.schema.json", []byte(`{}`)) })
	if !r.fatal || !strings.Contains(strings.Join(r.errors, "\n"), "no-such.schema.json") {
		t.Errorf("Validate against a missing schema: fatal %v, errors %q", r.fatal, r.errors)
	}
	r = run(t, func(tb testing.TB) {
		schematest.Validate(tb, strykerSchema, []byte(`{"schemaVersion":"2","thresholds":{"high":80,"low":60},"files":{}}`))
	})
	if r.fatal || len(r.errors) != 0 {
		t.Errorf("Validate of a valid doc failed: %q", r.errors)
	}
}

// noNetwork makes any HTTP request through the default client fail the
// test for the duration of t.
func noNetwork(t *testing.T) {
	t.Helper()
	saved := http.DefaultTransport
	http.DefaultTransport = roundTripper(func(req *http.Request) (*http.Response, error) {
		t.Errorf("schematest tried the network: %s %s", req.Method, req.URL)
		return nil, errors.New("no network in tests")
	})
	t.Cleanup(func() { http.DefaultTransport = saved })
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// TestConcurrent checks and compiles from many goroutines at once (run
// with -race).
func TestConcurrent(t *testing.T) {
	data, err := os.ReadFile(reportFixture)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, dir, "a.schema.json", `{"$ref": "b.schema.json"}`, "b.schema.json", `{"type": "object"}`)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if err := schematest.Check(strykerSchema, data); err != nil {
				t.Errorf("goroutine %d: %v", i, err)
			}
			if err := schematest.Check(filepath.Join(dir, "a.schema.json"), []byte(`[]`)); err == nil {
				t.Errorf("goroutine %d: an array passed as an object", i)
			}
		})
	}
	wg.Wait()
}

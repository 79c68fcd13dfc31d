package stryker_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/stryker"
	"idemlab/mutants"
)

// tinySource is a small reference: an astral and a BMP character on line 3
// make UTF-16 columns differ from byte and rune columns, and lines 9-10
// hold a snippet that spans two lines.
const tinySource = "package tiny\n" +
	"\n" +
	"// Twice 😀 — doubles n.\n" + // 3
	"func Twice(n int) int {\n" + // 4
	"\treturn n * 2\n" + // 5
	"}\n" +
	"\n" +
	"func Small(n int) bool {\n" + // 8
	"\tif n > 0 &&\n" + // 9
	"\t\tn < 10 {\n" + // 10
	"\t\treturn true\n" + // 11
	"\t}\n" +
	"\treturn false\n" + // 13
	"}\n"

const tinyPath = "tiny/tiny.go"

const longDoc = "fetch at the exact expiry instant returns nil, because a key whose expires equals now has expired and must not replay its stored response"

// tinyMatrix is a hand-made kill matrix over three observations, one of
// them broken, with a mutant of every outcome and one the catalogue does
// not declare.
func tinyMatrix() *killmatrix.Matrix {
	pass := killmatrix.Result{Status: killmatrix.Pass}
	failB := killmatrix.Result{Status: killmatrix.Fail, Pos: "testdata/edge/b.txtar:7", Line: 7, Command: "stdout '^null$'", Message: "no match for `^null$` found in stdout"}
	failA := killmatrix.Result{Status: killmatrix.Fail, Pos: "testdata/happy/a.txtar:4", Line: 4, Command: "stdout true", Message: "no match for `true` found in stdout"}
	failC := killmatrix.Result{Status: killmatrix.Fail, Pos: "testdata/edge/c.txtar:3", Line: 3, Command: "stdout false", Message: "no match for `false` found in stdout"}
	timeout := killmatrix.Result{Status: killmatrix.Timeout, Message: "still running after 30s"}
	kill := func(obs string, r killmatrix.Result) killmatrix.Kill {
		return killmatrix.Kill{Observation: obs, Pos: r.Pos, Command: r.Command, Message: r.Message}
	}
	return &killmatrix.Matrix{
		Observations: []killmatrix.ObservationRow{
			{Observation: killmatrix.Observation{Name: "happy/a", Kind: "happy", File: "testdata/happy/a.txtar", Doc: "reserve a new key"}, Reference: pass},
			{Observation: killmatrix.Observation{Name: "edge/b", Kind: "edge", File: "testdata/edge/b.txtar", Doc: longDoc}, Reference: pass},
			{Observation: killmatrix.Observation{Name: "edge/c", Kind: "edge", File: "testdata/edge/c.txtar", Doc: "asserts what the contract does not say"}, Reference: failC, Broken: true},
		},
		Mutants: []killmatrix.MutantRow{
			{
				Name: "1_twice_adds", Outcome: killmatrix.Killed,
				KilledBy:      []killmatrix.Kill{kill("edge/b", failB)},
				SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": failB, "edge/c": failC},
			},
			{
				Name: "2_small_or", Outcome: killmatrix.Killed,
				KilledBy:      []killmatrix.Kill{kill("happy/a", failA), kill("edge/b", failB)},
				SurvivedHappy: []string{}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": failA, "edge/b": failB, "edge/c": failC},
			},
			{
				Name: "3_small_false", Outcome: killmatrix.Survived,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": pass, "edge/c": failC},
			},
			{
				Name: "9_uncatalogued", Outcome: killmatrix.Survived,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": pass, "edge/c": failC},
			},
			{
				Name: "4_small_loops", Outcome: killmatrix.TimedOut,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{"edge/b"},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": timeout, "edge/c": failC},
			},
			{
				Name: "5_doc_comment", Outcome: killmatrix.Invalid, Reason: "incomplete implementation: no Fetch",
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{},
			},
		},
	}
}

// tinyCatalogue declares the mutants in an order other than the matrix's:
// the report follows the matrix.
func tinyCatalogue() *mutation.Catalogue {
	return &mutation.Catalogue{Version: 1, Reference: tinyPath, Mutants: []mutation.Mutant{
		{Name: "5_doc_comment", Step: 5, Function: "Twice", Idea: "documentation", Old: "doubles n", New: "halves n", Killer: "edge/b", Hint: "h"},
		{Name: "1_twice_adds", Step: 1, Function: "Twice", Idea: "arithmetic", Old: "n * 2", New: "n + 2", Killer: "edge/b", Hint: "h"},
		{Name: "2_small_or", Step: 2, Function: "Small", Idea: "range check", Old: "n > 0 &&\n\t\tn < 10", New: "n > 0 ||\n\t\tn < 10", Killer: "edge/b", Hint: "h"},
		{Name: "3_small_false", Step: 3, Function: "Small", Idea: "default answer", Old: "return false", New: "return true", Killer: "edge/b", Hint: "h"},
		{Name: "4_small_loops", Step: 4, Function: "Small", Idea: "termination", Old: "return true", New: "for {}", Killer: "edge/b", Hint: "h"},
	}}
}

func loc(sl, sc, el, ec int) stryker.Location {
	return stryker.Location{Start: stryker.Position{Line: sl, Column: sc}, End: stryker.Position{Line: el, Column: ec}}
}

func TestExport(t *testing.T) {
	got, err := stryker.Export(tinyMatrix(), tinyCatalogue(), tinyPath, []byte(tinySource))
	if err != nil {
		t.Fatal(err)
	}
	covered := []string{"happy/a", "edge/b"} // edge/c is broken
	testLoc := &stryker.OpenEndLocation{Start: stryker.Position{Line: 1, Column: 1}}
	want := &stryker.Report{
		SchemaVersion: "2",
		Thresholds:    stryker.Thresholds{High: 80, Low: 60},
		Files: map[string]stryker.FileResult{tinyPath: {
			Language: "go",
			Source:   tinySource,
			Mutants: []stryker.MutantResult{
				{
					ID: "1_twice_adds", MutatorName: "arithmetic", Description: "step 1, Twice: arithmetic", Replacement: "n + 2",
					// "\treturn n * 2": the tab is column 1.
					Location: loc(5, 9, 5, 14), Status: "Killed",
					StatusReason: "edge/b: testdata/edge/b.txtar:7: stdout '^null$': no match for `^null$` found in stdout",
					KilledBy:     []string{"edge/b"}, CoveredBy: covered,
				},
				{
					ID: "2_small_or", MutatorName: "range check", Description: "step 2, Small: range check", Replacement: "n > 0 ||\n\t\tn < 10",
					// From "n > 0" after "\tif " to just past "10" on the next line.
					Location: loc(9, 5, 10, 9), Status: "Killed",
					StatusReason: "happy/a: testdata/happy/a.txtar:4: stdout true: no match for `true` found in stdout\n" +
						"edge/b: testdata/edge/b.txtar:7: stdout '^null$': no match for `^null$` found in stdout",
					KilledBy: []string{"happy/a", "edge/b"}, CoveredBy: covered,
				},
				{
					ID: "3_small_false", MutatorName: "default answer", Description: "step 3, Small: default answer", Replacement: "return true",
					Location: loc(13, 2, 13, 14), Status: "Survived", CoveredBy: covered,
				},
				{
					ID: "4_small_loops", MutatorName: "termination", Description: "step 4, Small: termination", Replacement: "for {}",
					Location: loc(11, 3, 11, 14), Status: "Timeout", StatusReason: "still running at the deadline: edge/b",
					CoveredBy: covered,
				},
				{
					ID: "5_doc_comment", MutatorName: "documentation", Description: "step 5, Twice: documentation", Replacement: "halves n",
					// "// Twice 😀 — ": 9 units, 2 for the emoji, 3 for " — ",
					// 1 for the space: "doubles" starts at UTF-16 column 15
					// (byte column 19, rune column 14).
					Location: loc(3, 15, 3, 24), Status: "RuntimeError", StatusReason: "incomplete implementation: no Fetch",
					CoveredBy: covered,
				},
			},
		}},
		TestFiles: map[string]stryker.TestFile{
			"testdata/happy/a.txtar": {Tests: []stryker.TestDefinition{{ID: "happy/a", Name: "happy/a — reserve a new key", Location: testLoc}}},
			"testdata/edge/b.txtar": {Tests: []stryker.TestDefinition{{ID: "edge/b", Location: testLoc,
				Name: "edge/b — fetch at the exact expiry instant returns nil, because a key whose expires equals now has expired…"}}},
			"testdata/edge/c.txtar": {Tests: []stryker.TestDefinition{{ID: "edge/c", Name: "edge/c — asserts what the contract does not say", Location: testLoc}}},
		},
		Framework: &stryker.Framework{Name: "idemlab"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Export (-want +got):\n%s", diff)
	}

	// Every location, read back from the source, is the catalogue's Old.
	for _, mu := range got.Files[tinyPath].Mutants {
		entry, _ := tinyCatalogue().Lookup(mu.ID)
		if text, err := sliceSource(tinySource, mu.Location.Start, mu.Location.End); err != nil || text != entry.Old {
			t.Errorf("mutant %s: source at %v = %q (%v), want its Old %q", mu.ID, mu.Location, text, err, entry.Old)
		}
	}
}

func TestTestNameIsShortened(t *testing.T) {
	got, err := stryker.Export(tinyMatrix(), tinyCatalogue(), tinyPath, []byte(tinySource))
	if err != nil {
		t.Fatal(err)
	}
	name := got.TestFiles["testdata/edge/b.txtar"].Tests[0].Name
	doc := strings.TrimPrefix(name, "edge/b — ")
	if n := len([]rune(doc)); n > 100 || !strings.HasSuffix(doc, "…") || !strings.HasPrefix(longDoc, strings.TrimSuffix(doc, "…")) {
		t.Errorf("test name %q: want a prefix of the doc of at most 100 characters ending in …, got %d characters", name, n)
	}
}

// TestLocation checks where a snippet is found, one mutant at a time.
func TestLocation(t *testing.T) {
	tests := []struct {
		name, source, old string
		want              stryker.Location
	}{
		{"first byte", "x := 1\n", "x", loc(1, 1, 1, 2)},
		{"second line", "a\nbc x := 1\n", "x := 1", loc(2, 4, 2, 10)},
		{"tab counts one", "\t\tf()\n", "f()", loc(1, 3, 1, 6)},
		{"ends at end of file", "ab\ncd", "cd", loc(2, 1, 2, 3)},
		{"ends with a newline", "ab\ncd\nef\n", "cd\n", loc(2, 1, 3, 1)},
		{"multi-line", "if a &&\n\tb {\n}\n", "a &&\n\tb", loc(1, 4, 2, 3)},
		{"BMP rune is one unit", "s := \"é\" + x\n", "x", loc(1, 12, 1, 13)},
		{"astral rune is two units", "s := \"😀\" + x\n", "x", loc(1, 13, 1, 14)},
		{"CR takes no column", "a\r\nb\r\n  y\r\n", "y", loc(3, 3, 3, 4)},
		{"multi-line across CRLF", "a\r\nb\r\n  y\r\n", "b\r\n  y", loc(2, 1, 3, 4)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &killmatrix.Matrix{Mutants: []killmatrix.MutantRow{{Name: "1_m", Outcome: killmatrix.Survived}}}
			cat := &mutation.Catalogue{Mutants: []mutation.Mutant{{Name: "1_m", Step: 1, Function: "F", Idea: "i", Old: tt.old, New: "z"}}}
			r, err := stryker.Export(m, cat, "f.go", []byte(tt.source))
			if err != nil {
				t.Fatal(err)
			}
			got := r.Files["f.go"].Mutants[0].Location
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("location of %q (-want +got):\n%s", tt.old, diff)
			}
			if text, err := sliceSource(tt.source, got.Start, got.End); err != nil || text != tt.old {
				t.Errorf("source at the location = %q (%v), want %q", text, err, tt.old)
			}
		})
	}
}

func TestExportErrors(t *testing.T) {
	withOld := func(old string) *mutation.Catalogue {
		c := tinyCatalogue()
		c.Mutants[1].Old = old // 1_twice_adds
		return c
	}
	dupObs := tinyMatrix()
	dupObs.Observations[2].Name = "happy/a"
	tests := []struct {
		name   string
		m      *killmatrix.Matrix
		cat    *mutation.Catalogue
		source string
		want   string
	}{
		{"snippet absent", tinyMatrix(), withOld("n / 2"), tinySource,
			`stryker: mutant 1_twice_adds: tiny/tiny.go does not contain the snippet "n / 2"`},
		{"snippet twice", tinyMatrix(), withOld("return"), tinySource,
			`stryker: mutant 1_twice_adds: tiny/tiny.go contains the snippet "return" 3 times, want once`},
		{"snippet empty", tinyMatrix(), withOld(""), tinySource,
			`stryker: mutant 1_twice_adds: tiny/tiny.go has no snippet to locate`},
		{"source not UTF-8", tinyMatrix(), tinyCatalogue(), tinySource + "\xff",
			`stryker: tiny/tiny.go is not UTF-8 text`},
		{"duplicate test id", dupObs, tinyCatalogue(), tinySource,
			`stryker: observation happy/a listed twice; a test id must be unique`},
		{"no matrix", nil, tinyCatalogue(), tinySource, `stryker: no kill matrix`},
		{"no catalogue", tinyMatrix(), nil, tinySource, `stryker: no mutant catalogue`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := stryker.Export(tt.m, tt.cat, tinyPath, []byte(tt.source))
			if err == nil {
				t.Fatalf("Export = %v, nil; want error %q", r, tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("Export error = %q, want %q", err, tt.want)
			}
		})
	}
}

func TestJSON(t *testing.T) {
	r, err := stryker.Export(tinyMatrix(), tinyCatalogue(), tinyPath, []byte(tinySource))
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := r.JSON(&a); err != nil {
		t.Fatal(err)
	}
	if err := r.JSON(&b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("JSON is not deterministic")
	}
	out := a.String()
	for _, want := range []string{
		"{\n  \"schemaVersion\": \"2\",\n  \"thresholds\": {\n    \"high\": 80,\n    \"low\": 60\n  },",
		// Source text as it is: no HTML escaping, runes unescaped.
		`"source": "package tiny\n\n// Twice 😀 — doubles n.\n`,
		`\tif n > 0 &&\n`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("JSON lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"$schema"`) || strings.Contains(out, `"projectRoot"`) {
		t.Errorf("JSON has $schema or projectRoot, which the report leaves out:\n%s", out)
	}
	doc := decode(t, a.Bytes())
	for _, strict := range []bool{false, true} {
		if errs := validateReport(doc, strict); len(errs) > 0 {
			t.Errorf("validateReport(strict=%v):\n%s", strict, strings.Join(errs, "\n"))
		}
	}
}

// TestValidatorRejects proves the validator catches what the schema
// forbids: each case breaks one rule of a valid report.
func TestValidatorRejects(t *testing.T) {
	r, err := stryker.Export(tinyMatrix(), tinyCatalogue(), tinyPath, []byte(tinySource))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil {
		t.Fatal(err)
	}
	const mu0 = "files/" + tinyPath + "/mutants/0"
	mutant := func(doc map[string]any, i int) map[string]any {
		return doc["files"].(map[string]any)[tinyPath].(map[string]any)["mutants"].([]any)[i].(map[string]any)
	}
	test := func(doc map[string]any, file string) map[string]any {
		return doc["testFiles"].(map[string]any)[file].(map[string]any)["tests"].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name   string
		strict bool
		change func(doc map[string]any)
		want   []string // every error, in order; nil means valid
	}{
		{"unchanged", true, func(map[string]any) {}, nil},
		{"bad status", false, func(d map[string]any) { mutant(d, 0)["status"] = "Dead" },
			[]string{mu0 + `/status: "Dead" is not one of Killed, Survived, NoCoverage, CompileError, RuntimeError, Timeout, Ignored, Pending`}},
		{"missing mutant location", false, func(d map[string]any) { delete(mutant(d, 0), "location") },
			[]string{mu0 + `: must have required property 'location'`}},
		{"missing thresholds", false, func(d map[string]any) { delete(d, "thresholds") },
			[]string{`(root): must have required property 'thresholds'`}},
		{"missing end", false, func(d map[string]any) { delete(mutant(d, 0)["location"].(map[string]any), "end") },
			[]string{mu0 + `/location: must have required property 'end'`}},
		{"missing test name", false, func(d map[string]any) { delete(test(d, "testdata/happy/a.txtar"), "name") },
			[]string{`testFiles/testdata/happy/a.txtar/tests/0: must have required property 'name'`}},
		{"missing framework name", false, func(d map[string]any) { d["framework"] = map[string]any{"version": "1"} },
			[]string{`framework: must have required property 'name'`}},
		{"unknown killedBy id", false, func(d map[string]any) { mutant(d, 0)["killedBy"] = []any{"edge/nope"} },
			[]string{mu0 + `/killedBy/0: "edge/nope" is not the id of a test in testFiles`}},
		{"broken test id is known", false, func(d map[string]any) { mutant(d, 0)["coveredBy"] = []any{"edge/c"} }, nil},
		{"unknown coveredBy id", false, func(d map[string]any) { mutant(d, 2)["coveredBy"] = []any{"happy/a", "happy/z"} },
			[]string{`files/` + tinyPath + `/mutants/2/coveredBy/1: "happy/z" is not the id of a test in testFiles`}},
		{"killedBy not an array", false, func(d map[string]any) { mutant(d, 0)["killedBy"] = "edge/b" },
			[]string{mu0 + `/killedBy: must be array`}},
		{"schemaVersion 3", false, func(d map[string]any) { d["schemaVersion"] = "3" },
			[]string{`schemaVersion: "3" does not match ` + "`^([1-2])(\\.(([1-9]\\d*)|0)){0,2}$`"}},
		{"schemaVersion 2.0.1 is fine", false, func(d map[string]any) { d["schemaVersion"] = "2.0.1" }, nil},
		{"schemaVersion a number", false, func(d map[string]any) { d["schemaVersion"] = 2.0 },
			[]string{`schemaVersion: must be string`}},
		{"threshold too high", false, func(d map[string]any) { d["thresholds"].(map[string]any)["high"] = 101.0 },
			[]string{`thresholds/high: must be <= 100`}},
		{"threshold too low", false, func(d map[string]any) { d["thresholds"].(map[string]any)["low"] = -1.0 },
			[]string{`thresholds/low: must be >= 0`}},
		{"threshold fractional", false, func(d map[string]any) { d["thresholds"].(map[string]any)["high"] = 80.5 },
			[]string{`thresholds/high: must be integer`}},
		{"column zero", false, func(d map[string]any) {
			mutant(d, 0)["location"].(map[string]any)["start"].(map[string]any)["column"] = 0.0
		}, []string{mu0 + `/location/start/column: must be >= 1`}},
		{"test line zero", false, func(d map[string]any) {
			test(d, "testdata/edge/b.txtar")["location"].(map[string]any)["start"].(map[string]any)["line"] = 0.0
		}, []string{`testFiles/testdata/edge/b.txtar/tests/0/location/start/line: must be >= 1`}},
		{"language not a string", false, func(d map[string]any) { d["files"].(map[string]any)[tinyPath].(map[string]any)["language"] = true },
			[]string{`files/` + tinyPath + `/language: must be string`}},
		{"duplicate mutant", false, func(d map[string]any) {
			f := d["files"].(map[string]any)[tinyPath].(map[string]any)
			f["mutants"] = append(f["mutants"].([]any), mutant(d, 0))
		}, []string{
			`files/` + tinyPath + `/mutants: must NOT have duplicate items (items ## 0 and 5 are identical)`,
			`files/` + tinyPath + `/mutants/5/id: "1_twice_adds" is also the id of mutant files/` + tinyPath + `/mutants/0`,
		}},
		{"duplicate test id", false, func(d map[string]any) { test(d, "testdata/edge/c.txtar")["id"] = "happy/a" },
			[]string{`testFiles/testdata/happy/a.txtar/tests/0/id: "happy/a" is also the id of test testFiles/testdata/edge/c.txtar/tests/0`}},
		// The schema allows properties it does not declare; strict mode,
		// which the exported report also passes, does not.
		{"undeclared property allowed", false, func(d map[string]any) { mutant(d, 0)["qux"] = "foo"; d["$schema"] = "x" }, nil},
		{"undeclared property strict", true, func(d map[string]any) { mutant(d, 0)["qux"] = "foo" },
			[]string{mu0 + `: must NOT have additional property 'qux' (strict)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := decode(t, b.Bytes())
			tt.change(doc)
			got := validateReport(doc, tt.strict)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("validateReport (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLab exports the real lab's kill matrix: every observation on the
// reference store and its eight mutants.
func TestLab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole lab")
	}
	obs, err := killmatrix.Discover("../../testdata", killmatrix.LabKinds...)
	if err != nil {
		t.Fatal(err)
	}
	m := killmatrix.Build(impl.Reference, mutants.Impls(), obs, killmatrix.Options{})
	cat := mutants.Catalogue()
	const refPath = "reference/store.go"
	src, err := os.ReadFile("../../" + refPath)
	if err != nil {
		t.Fatal(err)
	}
	r, err := stryker.Export(m, cat, refPath, src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil {
		t.Fatal(err)
	}
	doc := decode(t, b.Bytes())
	for _, strict := range []bool{false, true} {
		if errs := validateReport(doc, strict); len(errs) > 0 {
			t.Errorf("validateReport(strict=%v):\n%s", strict, strings.Join(errs, "\n"))
		}
	}

	// Read back from the decoded JSON, not from r.
	file := doc["files"].(map[string]any)[refPath].(map[string]any)
	if file["source"] != string(src) || file["language"] != "go" {
		t.Errorf("files[%s]: language %v and source of %d bytes, want go and the reference's %d bytes", refPath, file["language"], len(fmt.Sprint(file["source"])), len(src))
	}
	var allObs []string
	for _, o := range obs {
		allObs = append(allObs, o.Name)
	}
	type verdict struct {
		ID, Status   string
		HasKiller    bool
		CoveredByAll bool
		Located      string
	}
	var got, want []verdict
	for _, mu := range cat.Mutants {
		want = append(want, verdict{ID: mu.Name, Status: "Killed", HasKiller: true, CoveredByAll: true, Located: mu.Old})
	}
	for _, v := range file["mutants"].([]any) {
		mu := v.(map[string]any)
		entry, _ := cat.Lookup(mu["id"].(string))
		l := mu["location"].(map[string]any)
		text, err := sliceSource(string(src), position(l["start"]), position(l["end"]))
		if err != nil {
			text = err.Error()
		}
		got = append(got, verdict{
			ID:           mu["id"].(string),
			Status:       mu["status"].(string),
			HasKiller:    contains(stringList(mu["killedBy"]), entry.Killer),
			CoveredByAll: cmp.Equal(allObs, stringList(mu["coveredBy"])),
			Located:      text,
		})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lab mutants (-want +got):\n%s", diff)
	}
	if len(got) != 8 {
		t.Errorf("%d mutants in the report, want 8", len(got))
	}

	var tests []string
	for path, tf := range doc["testFiles"].(map[string]any) {
		for _, v := range tf.(map[string]any)["tests"].([]any) {
			id := v.(map[string]any)["id"].(string)
			if !strings.HasSuffix(path, "/testdata/"+id+".txtar") {
				t.Errorf("test %s listed under %s, want its script file", id, path)
			}
			tests = append(tests, id)
		}
	}
	sort.Strings(tests)
	sorted := append([]string(nil), allObs...)
	sort.Strings(sorted)
	if diff := cmp.Diff(sorted, tests); diff != "" {
		t.Errorf("testFiles tests (-want +got):\n%s", diff)
	}
}

// ---- helpers ----

func decode(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func stringList(v any) []string {
	arr, _ := v.([]any)
	var out []string
	for _, x := range arr {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func position(v any) stryker.Position {
	m, _ := v.(map[string]any)
	line, _ := m["line"].(float64)
	col, _ := m["column"].(float64)
	return stryker.Position{Line: int(line), Column: int(col)}
}

// sliceSource returns the text of src from start (inclusive) to end
// (exclusive), counting columns as the viewer does (one per UTF-16 code
// unit, none for a carriage return). It is written apart from the
// package's own conversion, walking forward rather than backward.
func sliceSource(src string, start, end stryker.Position) (string, error) {
	offset := func(p stryker.Position) (int, error) {
		line, col := 1, 1
		for i, r := range src {
			if line == p.Line && col == p.Column {
				return i, nil
			}
			switch r {
			case '\n':
				line, col = line+1, 1
			case '\r':
			default:
				col += len(utf16.Encode([]rune{r}))
			}
		}
		if line == p.Line && col == p.Column {
			return len(src), nil
		}
		return 0, fmt.Errorf("no position %d:%d in the source", p.Line, p.Column)
	}
	from, err := offset(start)
	if err != nil {
		return "", err
	}
	to, err := offset(end)
	if err != nil {
		return "", err
	}
	if to < from {
		return "", fmt.Errorf("end %v before start %v", end, start)
	}
	return src[from:to], nil
}

// ---- the schema's rules ----

// A node is one JSON Schema (draft-07) subschema of
// stryker-mutator/mutation-testing-elements
// packages/report-schema/src/mutation-testing-report-schema.json,
// reduced to the keywords that schema uses.
type node struct {
	typ      string           // "object", "array", "string", "integer", "number" or "boolean"
	required []string         // object: required
	props    map[string]*node // object: properties
	values   *node            // object: additionalProperties as a schema (a dictionary's values)
	items    *node            // array: items
	unique   bool             // array: uniqueItems
	enum     []string         // string: enum
	pattern  *regexp.Regexp   // string: pattern
	format   string           // string: format ("uri")
	min, max *float64         // integer, number: minimum, maximum
}

func num(f float64) *float64 { return &f }

var (
	str     = &node{typ: "string"}
	number  = &node{typ: "number"}
	boolean = &node{typ: "boolean"}
)

// reportSchema encodes the schema file's rules. Property order follows the
// file; "#/definitions/..." references are the shared nodes below.
func reportSchema() *node {
	// definitions/position: line and column integers >= 1, both required.
	position := &node{typ: "object", required: []string{"line", "column"}, props: map[string]*node{
		"line":   {typ: "integer", min: num(1)},
		"column": {typ: "integer", min: num(1)},
	}}
	// definitions/location: start inclusive, end exclusive, both required.
	location := &node{typ: "object", required: []string{"start", "end"}, props: map[string]*node{"start": position, "end": position}}
	// definitions/openEndLocation: only start required.
	openEndLocation := &node{typ: "object", required: []string{"start"}, props: map[string]*node{"start": position, "end": position}}

	mutantResult := &node{typ: "object", required: []string{"id", "mutatorName", "location", "status"}, props: map[string]*node{
		"coveredBy":   {typ: "array", items: str},
		"description": str,
		"duration":    number,
		"id":          str,
		"killedBy":    {typ: "array", items: str},
		"location":    location,
		"mutatorName": str,
		"replacement": str,
		"static":      boolean,
		"status": {typ: "string", enum: []string{
			"Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Timeout", "Ignored", "Pending"}},
		"statusReason":   str,
		"testsCompleted": number,
	}}
	fileResult := &node{typ: "object", required: []string{"language", "source", "mutants"}, props: map[string]*node{
		"language": str,
		"mutants":  {typ: "array", unique: true, items: mutantResult},
		"source":   str,
	}}
	testDefinition := &node{typ: "object", required: []string{"id", "name"}, props: map[string]*node{
		"id": str, "name": str, "location": openEndLocation,
	}}
	testFile := &node{typ: "object", required: []string{"tests"}, props: map[string]*node{
		"source": str,
		"tests":  {typ: "array", items: testDefinition},
	}}
	threshold := &node{typ: "integer", min: num(0), max: num(100)}

	return &node{typ: "object", required: []string{"schemaVersion", "thresholds", "files"}, props: map[string]*node{
		"config":        {typ: "object"},
		"schemaVersion": {typ: "string", pattern: regexp.MustCompile(`^([1-2])(\.(([1-9]\d*)|0)){0,2}$`)},
		"files":         {typ: "object", values: fileResult},
		"testFiles":     {typ: "object", values: testFile},
		"thresholds": {typ: "object", required: []string{"high", "low"}, props: map[string]*node{
			"high": threshold, "low": threshold,
		}},
		"projectRoot": str,
		"performance": {typ: "object", required: []string{"setup", "initialRun", "mutation"}, props: map[string]*node{
			"setup": number, "initialRun": number, "mutation": number,
		}},
		"framework": {typ: "object", required: []string{"name"}, props: map[string]*node{
			"name":    str,
			"version": str,
			"branding": {typ: "object", required: []string{"homepageUrl"}, props: map[string]*node{
				"homepageUrl": {typ: "string", format: "uri"},
				"imageUrl":    str,
			}},
			"dependencies": {typ: "object", values: str},
		}},
		"system": {typ: "object", required: []string{"ci"}, props: map[string]*node{
			"ci": boolean,
			"os": {typ: "object", required: []string{"platform"}, props: map[string]*node{
				"description": str, "platform": str, "version": str,
			}},
			"cpu": {typ: "object", required: []string{"logicalCores"}, props: map[string]*node{
				"baseClock": number, "logicalCores": number, "model": str,
			}},
			"ram": {typ: "object", required: []string{"total"}, props: map[string]*node{"total": number}},
		}},
	}}
}

// validateReport checks a decoded report against the schema's rules and
// returns every violation, in document order (object keys sorted). The
// schema allows undeclared properties everywhere; strict also rejects
// them. Beyond what JSON Schema can say, it checks what the schema's
// descriptions require: test ids and mutant ids are unique, and every
// killedBy and coveredBy entry is the id of a test in testFiles.
func validateReport(doc map[string]any, strict bool) []string {
	var errs []string
	walk(doc, reportSchema(), "", strict, &errs)

	testIDs := map[string]string{} // id -> where
	files, _ := doc["testFiles"].(map[string]any)
	for _, path := range sortedKeys(files) {
		tf, _ := files[path].(map[string]any)
		tests, _ := tf["tests"].([]any)
		for i, v := range tests {
			test, _ := v.(map[string]any)
			id, ok := test["id"].(string)
			if !ok {
				continue
			}
			where := fmt.Sprintf("testFiles/%s/tests/%d", path, i)
			if prev, dup := testIDs[id]; dup {
				errs = append(errs, fmt.Sprintf("%s/id: %q is also the id of test %s", where, id, prev))
				continue
			}
			testIDs[id] = where
		}
	}
	mutantIDs := map[string]string{}
	mutated, _ := doc["files"].(map[string]any)
	for _, path := range sortedKeys(mutated) {
		fr, _ := mutated[path].(map[string]any)
		mus, _ := fr["mutants"].([]any)
		for i, v := range mus {
			mu, _ := v.(map[string]any)
			where := fmt.Sprintf("files/%s/mutants/%d", path, i)
			if id, ok := mu["id"].(string); ok {
				if prev, dup := mutantIDs[id]; dup {
					errs = append(errs, fmt.Sprintf("%s/id: %q is also the id of mutant %s", where, id, prev))
				} else {
					mutantIDs[id] = where
				}
			}
			for _, key := range []string{"killedBy", "coveredBy"} {
				ids, _ := mu[key].([]any)
				for j, v := range ids {
					if id, ok := v.(string); ok && testIDs[id] == "" {
						errs = append(errs, fmt.Sprintf("%s/%s/%d: %q is not the id of a test in testFiles", where, key, j, id))
					}
				}
			}
		}
	}
	return errs
}

// walk checks v against n, appending violations at path to errs.
func walk(v any, n *node, path string, strict bool, errs *[]string) {
	fail := func(format string, args ...any) {
		where := path
		if where == "" {
			where = "(root)"
		}
		*errs = append(*errs, where+": "+fmt.Sprintf(format, args...))
	}
	join := func(key string) string {
		if path == "" {
			return key
		}
		return path + "/" + key
	}
	switch n.typ {
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			fail("must be object")
			return
		}
		for _, key := range n.required {
			if _, ok := obj[key]; !ok {
				fail("must have required property '%s'", key)
			}
		}
		for _, key := range sortedKeys(obj) {
			switch {
			case n.props[key] != nil:
				walk(obj[key], n.props[key], join(key), strict, errs)
			case n.values != nil:
				walk(obj[key], n.values, join(key), strict, errs)
			case strict:
				fail("must NOT have additional property '%s' (strict)", key)
			}
		}
	case "array":
		arr, ok := v.([]any)
		if !ok {
			fail("must be array")
			return
		}
		if n.unique {
			for i := range arr {
				for j := i + 1; j < len(arr); j++ {
					if reflect.DeepEqual(arr[i], arr[j]) {
						fail("must NOT have duplicate items (items ## %d and %d are identical)", i, j)
					}
				}
			}
		}
		for i, item := range arr {
			walk(item, n.items, join(fmt.Sprint(i)), strict, errs)
		}
	case "string":
		s, ok := v.(string)
		if !ok {
			fail("must be string")
			return
		}
		if n.enum != nil && !contains(n.enum, s) {
			fail("%q is not one of %s", s, strings.Join(n.enum, ", "))
		}
		if n.pattern != nil && !n.pattern.MatchString(s) {
			fail("%q does not match `%s`", s, n.pattern)
		}
		if n.format == "uri" {
			if u, err := url.Parse(s); err != nil || !u.IsAbs() {
				fail("%q must match format \"uri\"", s)
			}
		}
	case "integer", "number":
		f, ok := v.(float64)
		if !ok {
			fail("must be %s", n.typ)
			return
		}
		if n.typ == "integer" && f != math.Trunc(f) {
			fail("must be integer")
			return
		}
		if n.min != nil && f < *n.min {
			fail("must be >= %v", *n.min)
		}
		if n.max != nil && f > *n.max {
			fail("must be <= %v", *n.max)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			fail("must be boolean")
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

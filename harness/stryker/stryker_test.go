package stryker_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/schematest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
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
	pass := killmatrix.Result{Status: outcome.Pass}
	failB := killmatrix.Result{Status: outcome.Fail, Pos: "testdata/edge/b.txtar:7", Line: 7, Command: "stdout '^null$'", Message: "no match for `^null$` found in stdout"}
	failA := killmatrix.Result{Status: outcome.Fail, Pos: "testdata/happy/a.txtar:4", Line: 4, Command: "stdout true", Message: "no match for `true` found in stdout"}
	failC := killmatrix.Result{Status: outcome.Fail, Pos: "testdata/edge/c.txtar:3", Line: 3, Command: "stdout false", Message: "no match for `false` found in stdout"}
	timeout := killmatrix.Result{Status: outcome.TimedOut, Message: "still running after 30s"}
	kill := func(obs string, r killmatrix.Result) killmatrix.Kill {
		return killmatrix.Kill{Observation: obs, Pos: r.Pos, Command: r.Command, Message: r.Message}
	}
	return &killmatrix.Matrix{
		Observations: []killmatrix.ObservationRow{
			{Observation: killmatrix.Observation{Name: "happy/a", Kind: "happy", File: "testdata/happy/a.txtar", Doc: "reserve a new key"}, Reference: pass, Status: outcome.Pass},
			{Observation: killmatrix.Observation{Name: "edge/b", Kind: "edge", File: "testdata/edge/b.txtar", Doc: longDoc}, Reference: pass, Status: outcome.Pass},
			{Observation: killmatrix.Observation{Name: "edge/c", Kind: "edge", File: "testdata/edge/c.txtar", Doc: "asserts what the contract does not say"}, Reference: failC, Status: outcome.Broken},
		},
		Mutants: []killmatrix.MutantRow{
			{
				Name: "1_twice_adds", Outcome: outcome.Killed,
				KilledBy:      []killmatrix.Kill{kill("edge/b", failB)},
				SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": failB, "edge/c": failC},
			},
			{
				Name: "2_small_or", Outcome: outcome.Killed,
				KilledBy:      []killmatrix.Kill{kill("happy/a", failA), kill("edge/b", failB)},
				SurvivedHappy: []string{}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": failA, "edge/b": failB, "edge/c": failC},
			},
			{
				Name: "3_small_false", Outcome: outcome.Survived,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": pass, "edge/c": failC},
			},
			{
				Name: "9_uncatalogued", Outcome: outcome.Survived,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": pass, "edge/c": failC},
			},
			{
				Name: "4_small_loops", Outcome: outcome.Timeout,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{"edge/b"},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": timeout, "edge/c": failC},
			},
			{
				Name: "5_doc_comment", Outcome: outcome.Invalid, Reason: "incomplete implementation: no Fetch",
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
		{Name: "5_doc_comment", Step: 5, Function: "Twice", Idea: mutation.Text{"en": "documentation"}, Old: "doubles n", New: "halves n", Killer: "edge/b", Hint: mutation.Text{"en": "h"}},
		{Name: "1_twice_adds", Step: 1, Function: "Twice", Idea: mutation.Text{"en": "arithmetic"}, Old: "n * 2", New: "n + 2", Killer: "edge/b", Hint: mutation.Text{"en": "h"}},
		{Name: "2_small_or", Step: 2, Function: "Small", Idea: mutation.Text{"en": "range check"}, Old: "n > 0 &&\n\t\tn < 10", New: "n > 0 ||\n\t\tn < 10", Killer: "edge/b", Hint: mutation.Text{"en": "h"}},
		{Name: "3_small_false", Step: 3, Function: "Small", Idea: mutation.Text{"en": "default answer"}, Old: "return false", New: "return true", Killer: "edge/b", Hint: mutation.Text{"en": "h"}},
		{Name: "4_small_loops", Step: 4, Function: "Small", Idea: mutation.Text{"en": "termination"}, Old: "return true", New: "for {}", Killer: "edge/b", Hint: mutation.Text{"en": "h"}},
	}}
}

func loc(sl, sc, el, ec int) stryker.Location {
	return stryker.Location{Start: stryker.Position{Line: sl, Column: sc}, End: stryker.Position{Line: el, Column: ec}}
}

func TestExport(t *testing.T) {
	got, err := export(tinyMatrix(), tinyCatalogue(), tinyPath, tinySource)
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
					ID: "1_twice_adds", MutatorName: "arithmetic", Description: "lab mutant, step 1, Twice: arithmetic", Replacement: "n + 2",
					// "\treturn n * 2": the tab is column 1.
					Location: loc(5, 9, 5, 14), Status: "Killed",
					StatusReason: "edge/b: testdata/edge/b.txtar:7: stdout '^null$': no match for `^null$` found in stdout",
					KilledBy:     []string{"edge/b"}, CoveredBy: covered,
				},
				{
					ID: "2_small_or", MutatorName: "range check", Description: "lab mutant, step 2, Small: range check", Replacement: "n > 0 ||\n\t\tn < 10",
					// From "n > 0" after "\tif " to just past "10" on the next line.
					Location: loc(9, 5, 10, 9), Status: "Killed",
					StatusReason: "happy/a: testdata/happy/a.txtar:4: stdout true: no match for `true` found in stdout\n" +
						"edge/b: testdata/edge/b.txtar:7: stdout '^null$': no match for `^null$` found in stdout",
					KilledBy: []string{"happy/a", "edge/b"}, CoveredBy: covered,
				},
				{
					ID: "3_small_false", MutatorName: "default answer", Description: "lab mutant, step 3, Small: default answer", Replacement: "return true",
					Location: loc(13, 2, 13, 14), Status: "Survived", CoveredBy: covered,
				},
				{
					ID: "4_small_loops", MutatorName: "termination", Description: "lab mutant, step 4, Small: termination", Replacement: "for {}",
					Location: loc(11, 3, 11, 14), Status: "Timeout", StatusReason: "still running at the deadline: edge/b",
					CoveredBy: covered,
				},
				{
					ID: "5_doc_comment", MutatorName: "documentation", Description: "lab mutant, step 5, Twice: documentation", Replacement: "halves n",
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
	got, err := export(tinyMatrix(), tinyCatalogue(), tinyPath, tinySource)
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
			m := &killmatrix.Matrix{Mutants: []killmatrix.MutantRow{{Name: "1_m", Outcome: outcome.Survived}}}
			cat := &mutation.Catalogue{Mutants: []mutation.Mutant{{Name: "1_m", Step: 1, Function: "F", Idea: mutation.Text{"en": "i"}, Old: tt.old, New: "z"}}}
			r, err := export(m, cat, "f.go", tt.source)
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
		{"source not UTF-8", tinyMatrix(), tinyCatalogue(), tinySource + "\xff",
			`stryker: tiny/tiny.go is not UTF-8 text`},
		{"duplicate test id", dupObs, tinyCatalogue(), tinySource,
			`stryker: observation happy/a listed twice; a test id must be unique`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := export(tt.m, tt.cat, tinyPath, tt.source)
			if err == nil {
				t.Fatalf("Export = %v, nil; want error %q", r, tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("Export error = %q, want %q", err, tt.want)
			}
		})
	}
}

// TestNoSnippetIsLeftOut: a mutant with no Old snippet has no place in the
// source, so the report leaves it out rather than invent one.
func TestNoSnippetIsLeftOut(t *testing.T) {
	cat := tinyCatalogue()
	cat.Mutants[1].Old = "" // 1_twice_adds
	r, err := export(tinyMatrix(), cat, tinyPath, tinySource)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, mu := range r.Files[tinyPath].Mutants {
		ids = append(ids, mu.ID)
	}
	want := []string{"2_small_or", "3_small_false", "4_small_loops", "5_doc_comment"}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("mutants (-want +got):\n%s", diff)
	}
}

// TestUnviableIsExported: the mutants a run could not build are exported
// with the rest, as CompileError with why: one at its snippet, and one
// whose snippet is not in the source (its replacement does not apply) at
// the source's first character.
func TestUnviableIsExported(t *testing.T) {
	r := report.New(tinyMatrix(), tinyCatalogue(), nil, nil)
	r.Source, r.Sources = tinyPath, map[string]string{tinyPath: tinySource}
	r.AddUnviable(report.OriginHeldOut, []report.Unviable{
		{Mutant: mutation.Mutant{Name: "6_h_no_compile", Function: "Twice", Idea: mutation.Text{"en": "type"}, Old: "n * 2", New: `n * "2"`},
			Kind: mutagen.NotCompiled, Reason: "does not compile: mismatched types"},
		{Mutant: mutation.Mutant{Name: "7_h_no_apply", Function: "Twice", Idea: mutation.Text{"en": "gone"}, Old: "no such text", New: "x"},
			Kind: mutagen.NotApplied, Reason: "does not apply: the old text is not in the source"},
	})
	sr, err := stryker.Export(r)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		ID, Status, Reason string
		Location           stryker.Location
	}
	var got []row
	for _, mu := range sr.Files[tinyPath].Mutants {
		if mu.Status == stryker.StatusCompileError {
			got = append(got, row{mu.ID, mu.Status, mu.StatusReason, mu.Location})
		}
	}
	want := []row{
		{"6_h_no_compile", stryker.StatusCompileError, "does not compile: mismatched types", loc(5, 9, 5, 14)}, // "\treturn n * 2"
		{"7_h_no_apply", stryker.StatusCompileError, "does not apply: the old text is not in the source", loc(1, 1, 1, 1)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("unviable mutants exported (-want +got):\n%s", diff)
	}
	// All but the one no catalogue declares, which has no place.
	if n, want := len(sr.Files[tinyPath].Mutants), len(r.Mutants)-1; n != want {
		t.Errorf("%d mutants exported, want %d", n, want)
	}
}

func TestJSON(t *testing.T) {
	r, err := export(tinyMatrix(), tinyCatalogue(), tinyPath, tinySource)
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
	if errs := validateReport(t, decode(t, a.Bytes())); len(errs) > 0 {
		t.Errorf("the export breaks the schema:\n%s", strings.Join(errs, "\n"))
	}
}

// TestSchemaRejects proves the checks catch what the real schema and its
// descriptions forbid: each case breaks one rule of a valid report, and
// the problem is found where it was made.
func TestSchemaRejects(t *testing.T) {
	r, err := export(tinyMatrix(), tinyCatalogue(), tinyPath, tinySource)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil {
		t.Fatal(err)
	}
	mu0 := "/files/" + strings.ReplaceAll(tinyPath, "/", "~1") + "/mutants/0"
	mutant := func(doc map[string]any, i int) map[string]any {
		return doc["files"].(map[string]any)[tinyPath].(map[string]any)["mutants"].([]any)[i].(map[string]any)
	}
	test := func(doc map[string]any, file string) map[string]any {
		return doc["testFiles"].(map[string]any)[file].(map[string]any)["tests"].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name   string
		change func(doc map[string]any)
		want   []string // every problem, in order; nil means valid
	}{
		{"unchanged", func(map[string]any) {}, nil},
		{"bad status", func(d map[string]any) { mutant(d, 0)["status"] = "Dead" }, []string{mu0 + "/status: enum"}},
		{"missing mutant location", func(d map[string]any) { delete(mutant(d, 0), "location") }, []string{mu0 + ": required"}},
		{"missing thresholds", func(d map[string]any) { delete(d, "thresholds") }, []string{": required"}},
		{"missing end", func(d map[string]any) { delete(mutant(d, 0)["location"].(map[string]any), "end") }, []string{mu0 + "/location: required"}},
		{"missing test name", func(d map[string]any) { delete(test(d, "testdata/happy/a.txtar"), "name") },
			[]string{"/testFiles/testdata~1happy~1a.txtar/tests/0: required"}},
		{"missing framework name", func(d map[string]any) { d["framework"] = map[string]any{"version": "1"} }, []string{"/framework: required"}},
		{"unknown killedBy id", func(d map[string]any) { mutant(d, 0)["killedBy"] = []any{"edge/nope"} },
			[]string{"files/" + tinyPath + `/mutants/0/killedBy/0: "edge/nope" is not the id of a test in testFiles`}},
		{"broken test id is known", func(d map[string]any) { mutant(d, 0)["coveredBy"] = []any{"edge/c"} }, nil},
		{"killedBy not an array", func(d map[string]any) { mutant(d, 0)["killedBy"] = "edge/b" }, []string{mu0 + "/killedBy: type"}},
		{"schemaVersion 3", func(d map[string]any) { d["schemaVersion"] = "3" }, []string{"/schemaVersion: pattern"}},
		{"schemaVersion 2.0.1 is fine", func(d map[string]any) { d["schemaVersion"] = "2.0.1" }, nil},
		{"schemaVersion a number", func(d map[string]any) { d["schemaVersion"] = 2.0 }, []string{"/schemaVersion: type"}},
		{"threshold too high", func(d map[string]any) { d["thresholds"].(map[string]any)["high"] = 101.0 }, []string{"/thresholds/high: maximum"}},
		{"threshold too low", func(d map[string]any) { d["thresholds"].(map[string]any)["low"] = -1.0 }, []string{"/thresholds/low: minimum"}},
		{"threshold fractional", func(d map[string]any) { d["thresholds"].(map[string]any)["high"] = 80.5 }, []string{"/thresholds/high: type"}},
		{"column zero", func(d map[string]any) {
			mutant(d, 0)["location"].(map[string]any)["start"].(map[string]any)["column"] = 0.0
		}, []string{mu0 + "/location/start/column: minimum"}},
		{"test line zero", func(d map[string]any) {
			test(d, "testdata/edge/b.txtar")["location"].(map[string]any)["start"].(map[string]any)["line"] = 0.0
		}, []string{"/testFiles/testdata~1edge~1b.txtar/tests/0/location/start/line: minimum"}},
		{"duplicate mutant", func(d map[string]any) {
			f := d["files"].(map[string]any)[tinyPath].(map[string]any)
			f["mutants"] = append(f["mutants"].([]any), mutant(d, 0))
		}, []string{
			"/files/" + strings.ReplaceAll(tinyPath, "/", "~1") + "/mutants: uniqueItems",
			"files/" + tinyPath + `/mutants/5/id: "1_twice_adds" is also the id of mutant files/` + tinyPath + "/mutants/0",
		}},
		{"duplicate test id", func(d map[string]any) { test(d, "testdata/edge/c.txtar")["id"] = "happy/a" },
			[]string{`testFiles/testdata/happy/a.txtar/tests/0/id: "happy/a" is also the id of test testFiles/testdata/edge/c.txtar/tests/0`}},
		// The schema allows properties it does not declare.
		{"undeclared property allowed", func(d map[string]any) { mutant(d, 0)["qux"] = "foo"; d["$schema"] = "x" }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := decode(t, b.Bytes())
			tt.change(doc)
			if diff := cmp.Diff(tt.want, validateReport(t, doc)); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
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
	obs, err := killmatrix.Discover("../../testdata", mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	l := mutants.Lab()
	m := killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{})
	cat := l.Catalogue
	const refPath = "reference/store.go"
	src, err := os.ReadFile("../../" + refPath)
	if err != nil {
		t.Fatal(err)
	}
	r, err := export(m, cat, refPath, string(src))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil {
		t.Fatal(err)
	}
	doc := decode(t, b.Bytes())
	if errs := validateReport(t, doc); len(errs) > 0 {
		t.Errorf("the export breaks the schema:\n%s", strings.Join(errs, "\n"))
	}

	// Read back from the decoded JSON, not from r.
	file := doc["files"].(map[string]any)[refPath].(map[string]any)
	if file["source"] != string(src) || file["language"] != "go" {
		t.Errorf("files[%s]: language %v and source of %d bytes, want go and the reference's %d bytes", refPath, file["language"], len(fmt.Sprint(file["source"])), len(src))
	}
	// An observation covers a mutant when the matrix ran it there: when
	// it could reach the mutant's change.
	reaching := map[string][]string{}
	for _, row := range m.Mutants {
		for _, o := range obs {
			if !row.Cells[o.Name].NotReached {
				reaching[row.Name] = append(reaching[row.Name], o.Name)
			}
		}
	}
	type verdict struct {
		ID, Status        string
		HasKiller         bool
		CoveredByReaching bool
		KillersCovered    bool
		Located           string
	}
	var got, want []verdict
	for _, mu := range cat.Mutants {
		want = append(want, verdict{ID: mu.Name, Status: "Killed", HasKiller: true, CoveredByReaching: true, KillersCovered: true, Located: mu.Old})
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
			ID:                mu["id"].(string),
			Status:            mu["status"].(string),
			HasKiller:         contains(stringList(mu["killedBy"]), entry.Killer),
			CoveredByReaching: cmp.Equal(reaching[mu["id"].(string)], stringList(mu["coveredBy"])),
			KillersCovered:    !slices.ContainsFunc(stringList(mu["killedBy"]), func(k string) bool { return !contains(stringList(mu["coveredBy"]), k) }),
			Located:           text,
		})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lab mutants (-want +got):\n%s", diff)
	}
	if len(got) != len(cat.Mutants) {
		t.Errorf("%d mutants in the report, want the catalogue's %d", len(got), len(cat.Mutants))
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
	var sorted []string
	for _, o := range obs {
		sorted = append(sorted, o.Name)
	}
	sort.Strings(sorted)
	if diff := cmp.Diff(sorted, tests); diff != "" {
		t.Errorf("testFiles tests (-want +got):\n%s", diff)
	}
}

// ---- helpers ----

// export is the Stryker report of the kill report of m, cat and src.
func export(m *killmatrix.Matrix, cat *mutation.Catalogue, path, src string) (*stryker.Report, error) {
	r := report.New(m, cat, nil, nil)
	r.Source, r.Sources = path, map[string]string{path: src}
	return stryker.Export(r)
}

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

// ---- the real schema ----

// schemaFile is the published mutation-testing-report-schema (see its
// README for the version and licence).
const schemaFile = "testdata/report-schema/mutation-testing-report-schema.json"

// validateReport checks a decoded report against the real schema, then
// what the schema's descriptions ask and JSON Schema cannot say: test ids
// and mutant ids are unique, and every killedBy and coveredBy entry is the
// id of a test in testFiles. It returns every problem, schema problems
// first, each as "location: what".
func validateReport(t *testing.T, doc map[string]any) []string {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	var bad *schematest.Error
	switch err := schematest.Check(schemaFile, data); {
	case errors.As(err, &bad):
		for _, p := range bad.Problems {
			errs = append(errs, p.Location+": "+keyword(p.Keyword))
		}
	case err != nil:
		t.Fatal(err)
	}
	return append(errs, referenceProblems(doc)...)
}

// keyword is the last element of a keyword location: "required", "enum".
func keyword(loc string) string { return loc[strings.LastIndex(loc, "/")+1:] }

// referenceProblems checks ids against each other.
func referenceProblems(doc map[string]any) []string {
	var errs []string
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

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

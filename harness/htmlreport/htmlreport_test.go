package htmlreport_test

import (
	"bytes"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"idemlab/harness/htmlreport"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// hostile is a student observation's name, and part of a hint, that would
// run a script or break the markup if it were not escaped.
const (
	hostile     = "student/<script>alert(1)</script> & co"
	hostileHint = `compare <script>alert(1)</script> & "quoted" 'text'`
)

// Observation and mutant names of the hand-made matrix, in report order.
var (
	obsNames    = []string{"happy/a", "edge/b", "edge/c", "edge/d", "student/ok", hostile}
	mutantNames = []string{"1_one", "2_two", "3_three", "4_four"}
)

// matrix is a small hand-made kill matrix with one mutant of each outcome:
// 1_one is killed (by edge/b and by the student's own student/ok),
// 2_two survives, 3_three times out on edge/b and 4_four is invalid (not
// run). edge/c fails on the reference, edge/d is flaky, and the hostile
// student observation fails on the reference but passes on 2_two.
func matrix() *killmatrix.Matrix {
	pass := killmatrix.Result{Status: outcome.Pass}
	timeout := killmatrix.Result{Status: outcome.TimedOut}
	fail := func(file string, line int, command string) killmatrix.Result {
		return killmatrix.Result{Status: outcome.Fail, Pos: file + ":" + strconv.Itoa(line), Line: line, Command: command, Message: "no match for `^null$` found in stdout"}
	}
	fetch := []string{"idem", "fetch", "k1", "10"}
	refB := pass
	refB.Steps = []killmatrix.Step{{Args: fetch, Stdout: "null\n"}}
	killB := fail("testdata/edge/b.txtar", 7, "stdout '^null$'")
	killB.Steps = []killmatrix.Step{{Args: fetch, Stdout: "{\"receipt\":1}\n"}}
	passB := pass
	passB.Steps = refB.Steps
	killOwn := fail("student/ok.txtar", 5, "stdout '\"pending\":1'")
	brokenC := fail("testdata/edge/c.txtar", 3, "stdout x")
	brokenHostile := fail("student/hostile.txtar", 4, "stdout '<b>'")

	obs := func(name, kind string, ref killmatrix.Result) killmatrix.ObservationRow {
		return killmatrix.ObservationRow{Observation: killmatrix.Observation{Name: name, Kind: kind, File: name + ".txtar", Doc: "doc of " + name}, Reference: ref, Status: outcome.Pass}
	}
	rows := []killmatrix.ObservationRow{
		obs("happy/a", "happy", pass),
		obs("edge/b", "edge", refB),
		obs("edge/c", "edge", brokenC),
		obs("edge/d", "edge", pass),
		obs("student/ok", "student", pass),
		obs(hostile, "student", brokenHostile),
	}
	rows[2].Status = outcome.Broken
	rows[3].Status = outcome.Flaky
	rows[5].Status = outcome.Broken

	return &killmatrix.Matrix{
		Observations: rows,
		Mutants: []killmatrix.MutantRow{
			{
				Name: "1_one", Outcome: outcome.Killed,
				KilledBy: []killmatrix.Kill{
					{Observation: "edge/b", Pos: killB.Pos, Command: killB.Command, Message: killB.Message, Evidence: killmatrix.EvidenceReturn},
					{Observation: "student/ok", Pos: killOwn.Pos, Command: killOwn.Command, Message: killOwn.Message, Evidence: killmatrix.EvidenceState},
				},
				SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": killB, "edge/c": brokenC, "edge/d": brokenC, "student/ok": killOwn, hostile: brokenHostile},
			},
			{
				Name: "2_two", Outcome: outcome.Survived,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": passB, "edge/c": brokenC, "edge/d": pass, "student/ok": pass, hostile: pass},
			},
			{
				Name: "3_three", Outcome: outcome.Timeout,
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{"happy/a"}, TimedOutOn: []string{"edge/b"},
				Cells: map[string]killmatrix.Result{"happy/a": pass, "edge/b": timeout, "edge/c": pass, "edge/d": pass, "student/ok": pass, hostile: brokenHostile},
			},
			{
				Name: "4_four", Outcome: outcome.Invalid, Reason: "incomplete implementation: no Purge",
				KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]killmatrix.Result{},
			},
		},
		Elapsed: 1500 * time.Millisecond,
	}
}

func catalogue() *mutation.Catalogue {
	return &mutation.Catalogue{Version: 1, Reference: "reference/store.go", Mutants: []mutation.Mutant{
		{Name: "1_one", Step: 1, Function: "Fetch", Idea: mutation.Text{"en": "replay boundary"}, Killer: "edge/b", Hint: mutation.Text{"en": "fetch at expiry"}},
		{Name: "2_two", Step: 2, Function: "Reserve", Idea: mutation.Text{"en": "key reuse"}, Killer: "edge/b", Hint: mutation.Text{"en": hostileHint}},
		{Name: "3_three", Step: 3, Function: "Finish", Idea: mutation.Text{"en": "finish scope"}, Killer: "edge/b", Hint: mutation.Text{"en": "finish twice"}},
		{Name: "4_four", Step: 4, Function: "Purge", Idea: mutation.Text{"en": "purge scope"}, Killer: "edge/c", Hint: mutation.Text{"en": "purge pending"}},
	}}
}

// worksheet predicts 1_one rightly and 2_two wrongly, and leaves 3_three's
// block empty.
const worksheet = "# Worksheet\n\n" +
	"```prediction\nmutant: 1_one\nkiller: edge/b\nevidence: return\nreason: the mutant replays at expiry\n```\n\n" +
	"```prediction\nmutant: 2_two\nkiller: edge/b\nevidence: state\nreason: a guess\nsurvives: happy/a\n```\n\n" +
	"```prediction\nmutant: 3_three\n```\n"

func fixture(t *testing.T) *report.Report {
	t.Helper()
	sheet, err := predict.Parse("worksheet.md", []byte(worksheet), predict.Known{Mutants: mutantNames, Observations: obsNames})
	if err != nil {
		t.Fatal(err)
	}
	if len(sheet.Predictions) != 2 {
		t.Fatalf("worksheet holds %d predictions, want 2", len(sheet.Predictions))
	}
	inputs := []report.Digest{{Path: "worksheet.md", SHA256: strings.Repeat("ab", 32)}, {Path: "harness/", SHA256: strings.Repeat("cd", 32)}}
	r := report.New(matrix(), catalogue(), sheet, inputs)
	r.Meta.Lab = "fixturelab"
	r.Localize(i18n.English)
	if len(r.Verdicts) != 2 || !r.Verdicts[0].Right || r.Verdicts[1].Right {
		t.Fatalf("fixture verdicts: want 1_one right and 2_two wrong, got %+v", r.Verdicts)
	}
	return r
}

func render(t *testing.T, r *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := htmlreport.Write(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var (
	tdTag = regexp.MustCompile(`<td\b[^>]*>`)
	attr  = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9-]*)="([^"]*)"`)
)

// attrs returns a tag's attributes, unescaped.
func attrs(tag string) map[string]string {
	m := map[string]string{}
	for _, a := range attr.FindAllStringSubmatch(tag, -1) {
		m[a[1]] = html.UnescapeString(a[2])
	}
	return m
}

type pair struct{ obs, mutant string }

// cells finds every grid cell: a td with data-status.
func cells(doc string) (map[pair][]map[string]string, int) {
	out := map[pair][]map[string]string{}
	n := 0
	for _, tag := range tdTag.FindAllString(doc, -1) {
		a := attrs(tag)
		if _, ok := a["data-status"]; !ok {
			continue
		}
		n++
		p := pair{a["data-observation"], a["data-mutant"]}
		out[p] = append(out[p], a)
	}
	return out, n
}

func TestGridCells(t *testing.T) {
	doc := render(t, fixture(t))
	const K, S, T, X = "killed", "survived", "timeout", "excluded"
	// want[observation] lists the status on 1_one, 2_two, 3_three, 4_four.
	want := map[string][4]string{
		"happy/a":    {S, S, S, X},
		"edge/b":     {K, S, T, X},
		"edge/c":     {X, X, X, X}, // broken: never counted
		"edge/d":     {X, X, X, X}, // flaky: never counted
		"student/ok": {K, S, S, X},
		hostile:      {X, X, X, X}, // broken student observation
	}
	predicted := map[pair]string{{"edge/b", "1_one"}: "right", {"edge/b", "2_two"}: "wrong"}

	got, n := cells(doc)
	if n != len(obsNames)*len(mutantNames) {
		t.Errorf("grid has %d cells, want %d", n, len(obsNames)*len(mutantNames))
	}
	for _, o := range obsNames {
		for i, mu := range mutantNames {
			p := pair{o, mu}
			cs := got[p]
			if len(cs) != 1 {
				t.Errorf("cell (%s, %s): found %d, want exactly 1", o, mu, len(cs))
				continue
			}
			if s := cs[0]["data-status"]; s != want[o][i] {
				t.Errorf("cell (%s, %s): data-status %q, want %q", o, mu, s, want[o][i])
			}
			if s := cs[0]["data-predicted"]; s != predicted[p] {
				t.Errorf("cell (%s, %s): data-predicted %q, want %q", o, mu, s, predicted[p])
			}
			if wantClass := "p-" + predicted[p]; predicted[p] != "" && !strings.Contains(cs[0]["class"], wantClass) {
				t.Errorf("cell (%s, %s): class %q lacks %q, so it is not marked", o, mu, cs[0]["class"], wantClass)
			}
		}
	}
	for p := range got {
		if _, ok := want[p.obs]; !ok {
			t.Errorf("unexpected cell for observation %q", p.obs)
		}
	}
	// A predicted killer's cell shows the star; no other cell does.
	// A predicted killer's cell says right or wrong; no other cell does.
	if marks := strings.Count(doc, "✓</td>") + strings.Count(doc, "✗</td>"); marks != len(predicted) {
		t.Errorf("grid shows %d marked cells, want %d", marks, len(predicted))
	}
	if !strings.Contains(doc, "K✓</td>") || !strings.Contains(doc, "·✗</td>") {
		t.Error("the right prediction is not marked ✓ on a kill, or the wrong one ✗ on a survivor")
	}
}

func TestGridRowsAndColumns(t *testing.T) {
	doc := render(t, fixture(t))

	// Rows are grouped by kind, in order, each with its reference status.
	body := regexp.MustCompile(`(?s)<tbody data-kind="([^"]*)">(.*?)</tbody>`)
	row := regexp.MustCompile(`<tr class="[^"]*" data-row="([^"]*)"><th[^>]*>[^<]*</th><td class="ref[^"]*" data-reference="([^"]*)"`)
	type obsRef struct{ kind, name, ref string }
	var rows []obsRef
	for _, b := range body.FindAllStringSubmatch(doc, -1) {
		for _, r := range row.FindAllStringSubmatch(b[2], -1) {
			rows = append(rows, obsRef{b[1], html.UnescapeString(r[1]), r[2]})
		}
	}
	want := []obsRef{
		{"happy", "happy/a", "pass"},
		{"edge", "edge/b", "pass"}, {"edge", "edge/c", "broken"}, {"edge", "edge/d", "flaky"},
		{"student", "student/ok", "pass"}, {"student", hostile, "broken"},
	}
	if len(rows) != len(want) {
		t.Fatalf("grid rows %+v, want %+v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("grid row %d = %+v, want %+v", i, rows[i], want[i])
		}
	}
	for _, label := range []string{">pass</td>", ">broken</td>", ">flaky</td>"} {
		if !strings.Contains(doc, label) {
			t.Errorf("grid lacks the reference label %s", label)
		}
	}

	// Columns: numbered mutants with name, step and idea.
	th := regexp.MustCompile(`<th class="mut[^"]*"[^>]*>.*?</th>`)
	heads := th.FindAllString(doc, -1)
	if len(heads) != len(mutantNames) {
		t.Fatalf("grid has %d mutant columns, want %d", len(heads), len(mutantNames))
	}
	for i, h := range heads {
		a := attrs(h[:strings.Index(h, ">")+1])
		c := catalogue().Mutants[i]
		if a["data-mutant"] != c.Name {
			t.Errorf("column %d is %q, want %q", i+1, a["data-mutant"], c.Name)
		}
		for _, s := range []string{c.Name, "step " + strconv.Itoa(c.Step), c.Function, "idea: " + c.Idea.String()} {
			if !strings.Contains(a["title"], s) {
				t.Errorf("column %d title %q lacks %q", i+1, a["title"], s)
			}
		}
		if !strings.Contains(h, `href="#mutant-`+strconv.Itoa(i+1)+`">`+strconv.Itoa(i+1)+`</a>`) || !strings.Contains(h, ">"+c.Name+"<") {
			t.Errorf("column %d header does not show its number and name: %s", i+1, h)
		}
	}
	if !strings.Contains(doc, `class="legend"`) {
		t.Error("grid has no legend")
	}
}

func TestDocument(t *testing.T) {
	r := fixture(t)
	doc := render(t, r)

	if !strings.HasPrefix(doc, "<!DOCTYPE html>\n") {
		t.Errorf("document starts %q, want <!DOCTYPE html>", doc[:min(40, len(doc))])
	}
	if !strings.Contains(doc, `<meta charset="utf-8">`) {
		t.Error(`document lacks <meta charset="utf-8">`)
	}
	for _, s := range []string{"http://", "https://", "//cdn", "url(", "@import", "<link", "<img", "src="} {
		if strings.Contains(strings.ToLower(doc), s) {
			t.Errorf("document refers to something outside itself: contains %q", s)
		}
	}
	if regexp.MustCompile(`(?i)<script`).MatchString(doc) {
		t.Error("document has a <script tag")
	}
	if regexp.MustCompile(`(?i)\son[a-z]+=`).MatchString(doc) {
		t.Error("document has an event handler attribute")
	}

	// The summary and score lines, exactly as the text report words them.
	summary := "4 mutants: 1 killed, 1 survived, 1 timeout, 1 invalid; 2 broken observations; 1 flaky observation"
	score := "predictions: 1/4 right (2 recorded); own observations kill 1/4 mutants (2 written, 1 count)"
	if r.SummaryLine() != summary || r.ScoreLine() != score {
		t.Fatalf("fixture summary %q and score %q changed; update the test", r.SummaryLine(), r.ScoreLine())
	}
	if !strings.Contains(doc, `<p class="summary" id="summary"><strong>`+html.EscapeString(summary)+`</strong>`) {
		t.Errorf("document lacks the summary line %q", summary)
	}
	if !strings.Contains(doc, `<p class="score" id="score">`+html.EscapeString(score)+`</p>`) {
		t.Errorf("document lacks the score line %q", score)
	}
	if !strings.Contains(doc, "<title>fixturelab kill report</title>") || !strings.Contains(doc, "<h1>fixturelab kill report</h1>") {
		t.Error("document lacks its title, which names the lab")
	}

	// Hostile text is escaped wherever it appears, text and attributes.
	if strings.Contains(doc, "alert(1)</script>") || strings.Contains(doc, "<script>") {
		t.Error("hostile text is not escaped")
	}
	for _, s := range []string{
		"&lt;script&gt;alert(1)&lt;/script&gt; &amp; co",                              // the observation's name
		"&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quoted&#34; &#39;text&#39;", // the hint
	} {
		if !strings.Contains(doc, s) {
			t.Errorf("document lacks the escaped form %q", s)
		}
	}
	if strings.Contains(doc, " & co") || strings.Contains(doc, ` & "quoted"`) {
		t.Error("a bare & is left in the document")
	}
	if !strings.Contains(html.UnescapeString(doc), hostile) {
		t.Error("the hostile name does not read back after unescaping")
	}
}

// section returns the markup inside the first element matching open's
// regexp, up to its closing tag.
func section(t *testing.T, doc, open, tag string) string {
	t.Helper()
	re := regexp.MustCompile(`(?s)` + open + `(.*?)</` + tag + `>`)
	m := re.FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("document has no element matching %s", open)
	}
	return m[1]
}

var tags = regexp.MustCompile(`<[^>]*>`)

func text(s string) string { return html.UnescapeString(tags.ReplaceAllString(s, "")) }

func TestMutantSections(t *testing.T) {
	doc := render(t, fixture(t))

	one := text(section(t, doc, `<section class="card mutant o-killed" id="mutant-1" data-mutant="1_one">`, "section"))
	for _, s := range []string{
		"killed", "1_one", "step 1", "Fetch", "replay boundary",
		"edge/btestdata/edge/b.txtar:7stdout '^null$'return",
		"student/okstudent/ok.txtar:5stdout '\"pending\":1'state",
		"survived 1 of 1 happy-path observations", "happy/a",
		"hint: fetch at expiry",
	} {
		if !strings.Contains(one, s) {
			t.Errorf("section of 1_one lacks %q:\n%s", s, one)
		}
	}
	two := text(section(t, doc, `<section class="card mutant o-survived" id="mutant-2" data-mutant="2_two">`, "section"))
	if !strings.Contains(two, "survived") || !strings.Contains(two, "hint: "+hostileHint) {
		t.Errorf("section of 2_two lacks its outcome or hint:\n%s", two)
	}
	three := text(section(t, doc, `<section class="card mutant o-timeout" id="mutant-3" data-mutant="3_three">`, "section"))
	if !strings.Contains(three, "timed out on: edge/b") {
		t.Errorf("section of 3_three lacks what it timed out on:\n%s", three)
	}
	four := text(section(t, doc, `<section class="card mutant o-excluded" id="mutant-4" data-mutant="4_four">`, "section"))
	if !strings.Contains(four, "invalid") || !strings.Contains(four, "incomplete implementation: no Purge") {
		t.Errorf("section of 4_four lacks its outcome or reason:\n%s", four)
	}
}

func TestPredictions(t *testing.T) {
	r := fixture(t)
	doc := render(t, r)

	right := section(t, doc, `<article class="card verdict v-right" data-mutant="1_one" data-verdict="right">`, "article")
	for _, s := range []string{">right<", "worksheet.md:3", "edge/b</code> kills it, with return evidence", "the mutant replays at expiry"} {
		if !strings.Contains(right, s) {
			t.Errorf("verdict on 1_one lacks %q:\n%s", s, right)
		}
	}
	if strings.Contains(right, `class="problems"`) || strings.Contains(right, "hint:") {
		t.Errorf("a right verdict lists problems or a hint:\n%s", right)
	}
	// The divergence: each command from the first that differs, with what
	// the reference and the mutant printed, side by side.
	div := section(t, doc, `<table class="div">`, "table")
	for _, s := range []string{"<code>idem fetch k1 10</code>", "<code>null</code>", "<code>{&#34;receipt&#34;:1}</code>", `class="differ"`} {
		if !strings.Contains(div, s) {
			t.Errorf("divergence table lacks %s:\n%s", s, div)
		}
	}
	if !strings.Contains(right, "where the reference and the mutant first differ, in edge/b (its command 1 and after):") {
		t.Errorf("verdict on 1_one does not say where the difference is:\n%s", right)
	}

	wrong := section(t, doc, `<article class="card verdict v-wrong" data-mutant="2_two" data-verdict="wrong">`, "article")
	for _, s := range []string{">wrong<", "worksheet.md:10", "with state evidence", "it survives <code>happy/a</code>",
		"survived, killed by no observation", html.EscapeString(r.Verdicts[1].Problems[0].Message), "hint: " + html.EscapeString(hostileHint)} {
		if !strings.Contains(wrong, s) {
			t.Errorf("verdict on 2_two lacks %q:\n%s", s, wrong)
		}
	}
	if n := strings.Count(doc, `<article class="card verdict`); n != 2 {
		t.Errorf("document has %d verdicts, want 2", n)
	}
	if !strings.Contains(text(doc), "No prediction for: 3_three, 4_four") {
		t.Error("document does not list the unpredicted mutants")
	}
}

func TestInvalidAndInputs(t *testing.T) {
	doc := render(t, fixture(t))

	inv := text(section(t, doc, `<section id="own">`, "section"))
	for _, s := range []string{hostile, "student/hostile.txtar:4", "it passes on 2_two", "hint: " + hostileHint} {
		if !strings.Contains(inv, s) {
			t.Errorf("invalid observations lack %q:\n%s", s, inv)
		}
	}
	if strings.Contains(inv, "1_one") || strings.Contains(inv, "3_three") {
		t.Errorf("invalid observation shares a misconception with a mutant it fails on:\n%s", inv)
	}
	unc := text(section(t, doc, `<section id="uncounted">`, "section"))
	if !strings.Contains(unc, "broken edge/c") || !strings.Contains(unc, "flaky edge/d") {
		t.Errorf("uncounted observations lack edge/c or edge/d:\n%s", unc)
	}

	det := section(t, doc, `<details id="inputs">`, "details")
	if strings.Contains(det, " open") {
		t.Error("the input digests are not collapsed")
	}
	for _, s := range []string{"Input digests (2)", "worksheet.md", strings.Repeat("ab", 32), "harness/", strings.Repeat("cd", 32)} {
		if !strings.Contains(det, s) {
			t.Errorf("input digests lack %q", s)
		}
	}
}

func TestEmptyReport(t *testing.T) {
	// No predictions, no catalogue: the page still renders, every cell
	// present and none predicted.
	doc := render(t, report.New(matrix(), nil, nil, nil))
	got, n := cells(doc)
	if n != len(obsNames)*len(mutantNames) {
		t.Errorf("grid has %d cells, want %d", n, len(obsNames)*len(mutantNames))
	}
	for p, cs := range got {
		if cs[0]["data-predicted"] != "" {
			t.Errorf("cell %v is marked predicted with no predictions", p)
		}
	}
	if !strings.Contains(doc, "No prediction was recorded.") {
		t.Error("page does not say that nothing was predicted")
	}
}

// TestRightAfterRevealScoresNothing: the page's count of right
// predictions, like the score line it shows, leaves out a right
// prediction recorded after its answer was shown.
func TestRightAfterRevealScoresNothing(t *testing.T) {
	r := fixture(t)
	stat := regexp.MustCompile(`<div class="stat s-predicted"><b>(\d+/\d+)</b>`)
	for recorded, want := range map[string]string{"before": "1/", "after": "0/"} {
		r.Verdicts[0].Recorded = recorded
		m := stat.FindStringSubmatch(render(t, r))
		if m == nil || !strings.HasPrefix(m[1], want) {
			t.Errorf("recorded %s: predictions right %v, want %s…", recorded, m, want)
		}
	}
}

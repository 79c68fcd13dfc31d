package htmlreport_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"idemlab/harness/htmlreport"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// The Chinese report: a student's own observation with a Chinese file
// name (shown in the grid's monospace column), a Chinese student name
// and a prediction with a Chinese reason.
const (
	zhObs     = "student/重复提交"
	zhStudent = "张三"
	zhCommit  = "3f9c2e1"
	zhReason  = "同一个键第二次预订时，应当返回第一次的回执"
	// zhWorksheet predicts 2_two only: 1_one, killed, stays unpredicted.
	zhWorksheet = "# 作业\n\n```prediction\nmutant: 2_two\nkiller: edge/b\nevidence: state\nreason: " + zhReason + "\n```\n"
)

var zhCreated = time.Date(2026, 3, 14, 9, 26, 0, 0, time.UTC)

// rename gives observation from the name to throughout m.
func rename(m *killmatrix.Matrix, from, to string) {
	for i, o := range m.Observations {
		if o.Name == from {
			m.Observations[i].Name, m.Observations[i].File = to, to+".txtar"
		}
	}
	for _, mu := range m.Mutants {
		if res, ok := mu.Cells[from]; ok {
			delete(mu.Cells, from)
			mu.Cells[to] = res
		}
		for j, k := range mu.KilledBy {
			if k.Observation == from {
				mu.KilledBy[j].Observation = to
			}
		}
	}
}

// zhFixture is the hand-made matrix as a Chinese student's report: the
// student's view (full's copy, as the lab writes it) and the instructor's.
func zhFixture(t *testing.T) (student, full *report.Report) {
	t.Helper()
	m := matrix()
	rename(m, "student/ok", zhObs)
	known := slices.Clone(obsNames)
	known[slices.Index(known, "student/ok")] = zhObs
	sheet, err := predict.Parse("作业.md", []byte(zhWorksheet), predict.Known{Mutants: mutantNames, Observations: known})
	if err != nil {
		t.Fatal(err)
	}
	cat := catalogue()
	zh := map[string][2]string{ // idea, hint
		"1_one": {"重放的边界", "在到期的那一刻读取"}, "2_two": {"键的重复使用", "用同一个键预订两次，比较两次的回执"},
		"3_three": {"完成的范围", "完成两次"}, "4_four": {"清理的范围", "清理尚未完成的预订"},
	}
	for _, mu := range cat.Mutants {
		mu.Idea["zh-CN"], mu.Hint["zh-CN"] = zh[mu.Name][0], zh[mu.Name][1]
	}
	full = report.New(m, cat, sheet, []report.Digest{{Path: "作业.md", SHA256: strings.Repeat("ab", 32)}})
	full.Meta.Student, full.Meta.Commit, full.Meta.Created, full.Meta.Lab = zhStudent, zhCommit, zhCreated, "fixturelab"
	student = full.For(report.Student)
	student.Localize(i18n.Chinese)
	full.Localize(i18n.Chinese)
	return student, full
}

// leaks are what says how 1_one dies: its killers, their positions and
// the killing line.
var leaks = []string{"testdata/edge/b.txtar:7", "student/ok.txtar:5", `stdout '^null$'`, `stdout '"pending":1'`}

// oneCard is the text of 1_one's section of a page.
func oneCard(t *testing.T, doc string) string {
	t.Helper()
	return section(t, doc, `<section class="card mutant o-killed[^"]*" id="mutant-1" data-mutant="1_one">`, "section")
}

// checkConcealed holds the student's page (the DOM Chromium built) to the
// predict-first rule: 1_one, killed but not predicted, shows whether it
// died and not how. full's page, the instructor's, shows how: the check
// could fail.
func checkConcealed(t *testing.T, dom string, full *report.Report) {
	t.Helper()
	var b bytes.Buffer
	if err := htmlreport.Write(&b, full); err != nil {
		t.Fatal(err)
	}
	if shown := text(oneCard(t, b.String())); !strings.Contains(shown, leaks[0]) || !strings.Contains(shown, zhObs) {
		t.Fatalf("the instructor's page does not show 1_one's killers, so concealing them proves nothing:\n%s", shown)
	}
	card := oneCard(t, dom)
	if !strings.Contains(dom, `<section class="card mutant o-killed concealed" id="mutant-1"`) || strings.Contains(card, `class="kills"`) {
		t.Errorf("1_one's section is not concealed, or lists killers:\n%s", card)
	}
	evidence := []string{string(killmatrix.EvidenceReturn), string(killmatrix.EvidenceState)}
	for _, s := range slices.Concat([]string{"edge/b", zhObs}, evidence, leaks) {
		if strings.Contains(text(card), s) {
			t.Errorf("1_one's section names %q before any prediction of it", s)
		}
	}
	for _, s := range leaks {
		if strings.Contains(html.UnescapeString(dom), s) {
			t.Errorf("the student's page shows %q, how the unpredicted 1_one dies", s)
		}
	}
	got, _ := cells(dom)
	statuses := map[string]string{}
	for _, o := range names(full) {
		if cs := got[pair{o, "1_one"}]; len(cs) > 0 {
			statuses[o] = cs[0]["data-status"]
		}
	}
	want := map[string]string{}
	for _, o := range names(full) {
		want[o] = htmlreport.StatusConcealed
	}
	if diff := cmp.Diff(want, statuses); diff != "" {
		t.Errorf("1_one's grid cells in the student's page (-want +got):\n%s", diff)
	}
}

// names are r's observations' names.
func names(r *report.Report) []string {
	var out []string
	for _, o := range r.Observations {
		out = append(out, o.Name)
	}
	return out
}

// checkWhose checks that the page names whose report it is, when it was
// made and of which commit.
func checkWhose(t *testing.T, tab context.Context) {
	t.Helper()
	whose := run(t, tab, "reading #whose", chromedp.Text(chromedp.ID("whose")))
	for _, s := range []string{zhStudent, zhCommit, "2026-03-14 09:26 UTC"} {
		if !strings.Contains(whose, s) {
			t.Errorf("the page's line of whose report it is, %q, lacks %q", whose, s)
		}
	}
}

// hanText is an element whose own text holds Chinese characters, and the
// fonts that drew that text.
type hanText struct {
	id     cdp.NodeID
	where  string // tag#id.class
	text   string
	han    int  // Chinese characters in text
	folded bool // in a closed <details>: not laid out
	fonts  []*css.PlatformFontUsage
}

// place is where in the document an element is.
type place struct{ body, folded bool }

// hanElements lists the elements under n, in the body, whose own text
// holds Chinese characters.
func hanElements(n *cdp.Node, in place, out []hanText) []hanText {
	in.body = in.body || n.LocalName == "body"
	var own strings.Builder
	for _, c := range n.Children {
		if c.NodeType == 3 {
			own.WriteString(c.NodeValue)
		}
		sub := in
		if n.LocalName == "details" && !slices.Contains(n.Attributes, "open") && c.LocalName != "summary" {
			sub.folded = true
		}
		out = hanElements(c, sub, out)
	}
	han := 0
	for _, r := range own.String() {
		if unicode.Is(unicode.Han, r) {
			han++
		}
	}
	if in.body && han > 0 && n.NodeType == 1 {
		out = append(out, hanText{id: n.NodeID, where: where(n), text: strings.TrimSpace(own.String()), han: han, folded: in.folded})
	}
	return out
}

func where(n *cdp.Node) string {
	s := n.LocalName
	for i := 0; i+1 < len(n.Attributes); i += 2 {
		switch n.Attributes[i] {
		case "id":
			s += "#" + n.Attributes[i+1]
		case "class":
			s += "." + strings.ReplaceAll(n.Attributes[i+1], " ", ".")
		}
	}
	return s
}

// hasCJK reports whether a platform font's family has Chinese glyphs.
func hasCJK(family string) bool {
	return strings.Contains(family, "CJK") || slices.Contains(cjkFamilies, family)
}

// fontsOfHan asks Chromium, through CSS.getPlatformFontsForNode, which
// fonts drew each element whose text is Chinese. It reads the document
// anew, so run it after chromedp's own queries.
func fontsOfHan(ctx context.Context, tab *chromedp.Target) ([]hanText, error) {
	depth := int64(-1)
	doc, err := cdp.Call(ctx, tab, dom.GetDocument, dom.GetDocumentParams{Depth: &depth})
	if err != nil {
		return nil, err
	}
	out := hanElements(doc.Root, place{}, nil)
	for i, e := range out {
		res, err := cdp.Call(ctx, tab, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: e.id})
		if err != nil {
			return nil, fmt.Errorf("fonts of %s: %w", e.where, err)
		}
		out[i].fonts = res.Fonts
	}
	return out, nil
}

// checkHan checks that fonts with Chinese glyphs drew at least as many
// glyphs as e's text has Chinese characters, so that no fallback without
// them drew one, and adds e's glyphs to glyphs, by font family.
func checkHan(t *testing.T, e hanText, glyphs map[string]float64) {
	t.Helper()
	if len(e.fonts) == 0 && !e.folded {
		t.Errorf("%s %q: Chromium drew it with no font", e.where, e.text)
	}
	var cjk float64
	for _, f := range e.fonts {
		glyphs[f.FamilyName] += f.GlyphCount
		if hasCJK(f.FamilyName) {
			cjk += f.GlyphCount
		}
	}
	if len(e.fonts) > 0 && cjk < float64(e.han) {
		t.Errorf("%s %q: %d Chinese characters, but fonts with Chinese glyphs drew %v glyphs: %s", e.where, e.text, e.han, cjk, fontList(e.fonts))
	}
}

// checkFonts holds every element of the page whose text is Chinese, and
// that Chromium laid out, to fonts with Chinese glyphs (see checkHan).
// The elements with the title, the student's name, the student's reason
// and the Chinese observation's name (in monospace) must be among them.
func checkFonts(t *testing.T, tab context.Context) {
	t.Helper()
	elems := run(t, tab, "CSS.getPlatformFontsForNode", chromedp.Action[[]hanText](fontsOfHan))
	required := []string{i18n.Chinese.T("html.title", i18n.M{"Lab": "fixturelab"}), zhStudent, zhReason, zhObs}
	want, checked := map[string]bool{}, map[string]bool{}
	for _, s := range required {
		want[s], checked[s] = true, false
	}
	glyphs := map[string]float64{}
	for _, e := range elems {
		checkHan(t, e, glyphs)
		for _, s := range required {
			checked[s] = checked[s] || (len(e.fonts) > 0 && strings.Contains(e.text, s))
		}
		if strings.Contains(e.where, "mono") {
			t.Logf("monospace %s %q: %s", e.where, e.text, fontList(e.fonts))
		}
	}
	if diff := cmp.Diff(want, checked); diff != "" {
		t.Errorf("Chinese text whose fonts were checked (-want +got):\n%s", diff)
	}
	t.Logf("%d elements with Chinese text; glyphs drawn, by font family: %v", len(elems), glyphs)
}

func fontList(fs []*css.PlatformFontUsage) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s (%s) %v glyphs", f.FamilyName, f.PostScriptName, f.GlyphCount))
	}
	return strings.Join(parts, ", ")
}

// TestBrowserChinese loads a Chinese student's page in headless Chromium
// and checks, from what Chromium rendered: that every Chinese character
// is drawn with a font that has Chinese glyphs (CDP's
// CSS.getPlatformFontsForNode), that a mutant not yet predicted shows no
// killer, killing line or evidence, that the happy path's survived cells
// are neutral, and that the page names the student, the date and the
// commit. Set IDEMLAB_HTML_SHOT_ZH to a file name to keep a screenshot of
// the whole page.
func TestBrowserChinese(t *testing.T) {
	tab := newTab(t)
	student, full := zhFixture(t)
	start := time.Now()
	load(t, tab, student, 1300, 900)

	dom := run(t, tab, "reading the DOM", chromedp.OuterHTML(chromedp.CSS("html")))
	if !strings.Contains(dom, `<html lang="zh-CN">`) || !strings.Contains(dom, zhReason) {
		t.Errorf("the DOM Chromium built is not the Chinese page with the student's reason:\n%.2000s", dom)
	}
	checkConcealed(t, dom, full)
	checkHappyNeutral(t, tab)
	checkWhose(t, tab)
	checkShot(t, run(t, tab, "screenshot", chromedp.FullScreenshot(100)), image.Point{}, "IDEMLAB_HTML_SHOT_ZH")
	checkFonts(t, tab)
	t.Logf("browser session: %v", time.Since(start).Round(time.Millisecond))
}

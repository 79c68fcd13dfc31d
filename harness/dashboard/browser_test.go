package dashboard_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png" // screenshots
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"idemlab/harness/classgen"
	"idemlab/harness/dashboard"
	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/browsertest"
	"idemlab/harness/internal/gradetest"
	"idemlab/harness/labrun"
	"idemlab/mutants"
)

// TestMain lets this test binary be the grading worker.
func TestMain(m *testing.M) { gradetest.Main(m, mutants.Lab()) }

// root is the checkout, seen from this folder.
const root = "../.."

// classJSON grades a synthetic class of n students (genclass's, seed 1)
// once per test binary and returns its JSON, as grade -format json
// writes it.
var classJSON = sync.OnceValues(func() ([]byte, error) {
	l := mutants.Lab()
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "idemlab-dashboard-class-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := classgen.Write(dir, 300, 1, classgen.DefaultMix, l, obs); err != nil {
		return nil, err
	}
	c, err := gradetest.Grade(l, root, dir)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = c.JSON(&b)
	return b.Bytes(), err
})

// fromJSON is what each chart must draw, read from the class's JSON
// without package dashboard: chart, then series, then counts in the
// chart's order.
func fromJSON(t *testing.T, data []byte) map[string]map[string][]int {
	t.Helper()
	var c struct {
		Rows []struct {
			Graded      bool
			Total       float64
			Predictions []struct {
				Mutant, Miss, Evidence, Actual, Recorded string
				Right                                    bool
			}
			OwnKillers []struct{ Mutant string } `json:"own_killers"`
		}
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	cat := mutants.Lab().Catalogue
	want := map[string]map[string][]int{"predictions": {}, "reveal": {}, "kills": {}, "confusion": {}, "totals": {}}
	series := func(chart, s string) []int {
		if want[chart][s] == nil {
			want[chart][s] = make([]int, len(cat.Mutants))
		}
		return want[chart][s]
	}
	for _, s := range []string{"right", "wrong-killer", "wrong-evidence", "wrong-other", "unpredicted"} {
		series("predictions", s)
	}
	for _, s := range []string{"before", "after", "unrecorded"} {
		series("reveal", s)
	}
	series("kills", "killed")
	kinds := []string{"return", "error", "state"}
	confusion := make([]int, 12)
	var totals []float64
	for _, r := range c.Rows {
		totals = append(totals, r.Total)
		if !r.Graded {
			continue
		}
		for i, m := range cat.Mutants {
			j := slices.IndexFunc(r.Predictions, func(p struct {
				Mutant, Miss, Evidence, Actual, Recorded string
				Right                                    bool
			}) bool {
				return p.Mutant == m.Name
			})
			if slices.ContainsFunc(r.OwnKillers, func(k struct{ Mutant string }) bool { return k.Mutant == m.Name }) {
				series("kills", "killed")[i]++
			}
			if j < 0 {
				series("predictions", "unpredicted")[i]++
				continue
			}
			p := r.Predictions[j]
			kind := map[string]string{"": "right", "killer": "wrong-killer", "evidence": "wrong-evidence", "survives": "wrong-other", "other": "wrong-other"}[p.Miss]
			series("predictions", kind)[i]++
			series("reveal", map[string]string{"before": "before", "after": "after", "": "unrecorded"}[p.Recorded])[i]++
			row, col := slices.Index(kinds, p.Evidence), slices.Index(kinds, p.Actual)
			if col < 0 {
				col = 3
			}
			confusion[row*4+col]++
		}
	}
	want["confusion"]["cell"] = confusion
	// The totals' bars together count every student.
	want["totals"]["bar"] = []int{len(totals)}
	return want
}

// drawn reads, from the page Chromium built, every count a chart draws:
// chart, then series (data-kind, or the element's class), then counts in
// the document's order (the totals' bars summed).
const drawn = `(() => {
  const out = {};
  for (const fig of document.querySelectorAll("figure[data-chart]")) {
    const chart = fig.dataset.chart, series = {};
    for (const e of fig.querySelectorAll("[data-count]")) {
      const s = e.dataset.kind || e.getAttribute("class");
      (series[s] = series[s] || []).push(Number(e.dataset.count));
    }
    if (chart === "totals") series.bar = [series.bar.reduce((a, b) => a + b, 0)];
    out[chart] = series;
  }
  return out;
})()`

// TestBrowser renders the dashboard of a graded synthetic class of 300
// students in headless Chromium, in English and in Chinese: it loads from
// a file with no network and no script, every chart draws exactly the
// counts the class's JSON holds, the headings are in the page's language
// with real glyphs, and a screenshot shows more than a blank page. Set
// IDEMLAB_DASHBOARD_SHOTS to a folder to keep the screenshots
// (dashboard.en.png, dashboard.zh-CN.png).
func TestBrowser(t *testing.T) {
	if browsertest.Chromium() == "" {
		t.Skip("chromium is not on PATH; install it (apt-get install chromium fonts-noto-cjk) to run the browser test")
	}
	data, err := classJSON()
	if err != nil {
		t.Fatal(err)
	}
	var class grade.Class
	if err := json.Unmarshal(data, &class); err != nil {
		t.Fatal(err)
	}
	want := fromJSON(t, data)
	for _, tc := range []struct {
		lang    i18n.Lang
		heading string
	}{{i18n.English, "Class dashboard"}, {i18n.Chinese, "班级概览"}} {
		t.Run(string(tc.lang), func(t *testing.T) {
			var page bytes.Buffer
			if err := dashboard.Write(&page, &class, mutants.Lab().Catalogue, dashboard.Options{Lang: tc.lang}); err != nil {
				t.Fatal(err)
			}
			tab := browsertest.NewTab(t)
			browsertest.Load(t, tab, page.Bytes(), 1200, 900)
			if n := browsertest.Run(t, tab, "counting scripts", chromedp.Evaluate[int](`document.scripts.length`)); n != 0 {
				t.Errorf("the page has %d scripts, want none", n)
			}
			if h := browsertest.Run(t, tab, "reading the heading", chromedp.Text(chromedp.CSS("h1"))); h != tc.heading {
				t.Errorf("heading %q, want %q", h, tc.heading)
			}
			got := browsertest.Run(t, tab, "reading the charts", chromedp.Evaluate[map[string]map[string][]int](drawn))
			// The kills chart draws held-out mutants too (none here), and
			// each row's background; only its kill bars are compared.
			got["kills"] = map[string][]int{"killed": got["kills"]["killed"]}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("the charts draw other counts than the class's JSON holds (-json +drawn):\n%s", diff)
			}
			for chart, series := range got {
				total := 0
				for _, counts := range series {
					for _, n := range counts {
						total += n
					}
				}
				if total == 0 && chart != "reveal" {
					t.Errorf("chart %s draws no data", chart)
				}
			}
			shot := browsertest.Run(t, tab, "screenshot", chromedp.FullScreenshot(100))
			checkShot(t, shot, string(tc.lang))
		})
	}
}

// checkShot checks that a screenshot shows more than a blank page, and
// keeps it when IDEMLAB_DASHBOARD_SHOTS names a folder.
func checkShot(t *testing.T, data []byte, lang string) {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	colours := map[[4]uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, a := img.At(x, y).RGBA()
			colours[[4]uint32{r >> 12, g >> 12, bl >> 12, a >> 12}] = true
		}
	}
	if len(colours) < 8 {
		t.Errorf("screenshot has %d distinct colours: the page did not render", len(colours))
	}
	t.Logf("screenshot: %v, %d colours", b.Size(), len(colours))
	if dir := os.Getenv("IDEMLAB_DASHBOARD_SHOTS"); dir != "" {
		file := filepath.Join(dir, fmt.Sprintf("dashboard.%s.png", lang))
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Error(err)
		}
	}
}

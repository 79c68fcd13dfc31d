package htmlreport_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"idemlab/harness/htmlreport"
	"idemlab/harness/internal/browsertest"
	"idemlab/harness/report"
)

// The browser tests drive headless Chromium with package
// internal/browsertest.

var newTab = browsertest.NewTab

// load renders r's page and loads it from a file in a viewport
// width×height, failing the test if it asks for anything but itself.
func load(t *testing.T, tab context.Context, r *report.Report, width, height int64) {
	t.Helper()
	var b bytes.Buffer
	if err := htmlreport.Write(&b, r); err != nil {
		t.Fatal(err)
	}
	browsertest.Load(t, tab, b.Bytes(), width, height)
}

// run runs a on the tab, failing the test on an error.
func run[T any](t *testing.T, tab context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	return browsertest.Run(t, tab, what, a)
}

// checkShot decodes a PNG screenshot, checks that it shows more than a
// blank page (and is want big, unless want is zero), and keeps it at the
// path in the environment variable keep, when that is set.
func checkShot(t *testing.T, data []byte, want image.Point, keep string) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	bounds := img.Bounds()
	if want != (image.Point{}) && bounds.Size() != want {
		t.Errorf("screenshot is %v, want %v", bounds.Size(), want)
	}
	colours := map[[4]uint32]bool{}
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, a := img.At(x, y).RGBA()
			colours[[4]uint32{r, g, b, a}] = true
		}
	}
	if len(colours) <= 5 {
		t.Errorf("screenshot has %d distinct colours: the page did not render", len(colours))
	}
	t.Logf("screenshot: %v, %d distinct colours", bounds.Size(), len(colours))
	if path := os.Getenv(keep); path != "" {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Errorf("keeping the screenshot (%s): %v", keep, err)
		}
	}
}

var rgb = regexp.MustCompile(`^rgba?\((\d+), (\d+), (\d+)`)

// chroma is how far a computed CSS colour is from grey: its largest
// channel less its smallest.
func chroma(t *testing.T, colour string) int {
	t.Helper()
	m := rgb.FindStringSubmatch(colour)
	if m == nil {
		t.Fatalf("computed colour %q is not rgb()", colour)
	}
	var r, g, b int
	fmt.Sscan(m[1]+" "+m[2]+" "+m[3], &r, &g, &b)
	return max(r, g, b) - min(r, g, b)
}

// backgrounds returns the computed background colour of every element
// that selector matches.
func backgrounds(t *testing.T, tab context.Context, selector string) []string {
	t.Helper()
	js := fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => getComputedStyle(e).backgroundColor)`, selector)
	return run(t, tab, "computed style of "+selector, chromedp.Evaluate[[]string](js))
}

// checkHappyNeutral checks that the happy path's survived cells are drawn
// neutral, against the survived count, which is drawn red: a mutant that
// passes the happy path is the lab's lesson, not a failure.
func checkHappyNeutral(t *testing.T, tab context.Context) {
	t.Helper()
	cells := backgrounds(t, tab, `tbody[data-kind="happy"] td[data-status="survived"]`)
	if len(cells) == 0 {
		t.Fatal("the grid has no survived happy-path cell")
	}
	for _, c := range cells {
		if chroma(t, c) > 16 {
			t.Errorf("a survived happy-path cell has background %s, want a neutral grey", c)
		}
	}
	if red := backgrounds(t, tab, ".stat.s-survived"); len(red) != 1 || chroma(t, red[0]) < 60 {
		t.Errorf("the survived count has background %v, want one red one", red)
	}
	t.Logf("survived happy-path cells: %v", cells)
}

// TestBrowser renders the instructor's English page with headless
// Chromium: the page must load from a file with no network, its grid
// must be in the DOM, its survived happy-path cells neutral, and a
// screenshot must show more than a blank page. Set IDEMLAB_HTML_SHOT to a
// file name to keep the screenshot.
func TestBrowser(t *testing.T) {
	tab := newTab(t)
	r := fixture(t)
	start := time.Now()
	load(t, tab, r, 1200, 900)

	dom := run(t, tab, "reading the DOM", chromedp.OuterHTML(chromedp.CSS("html")))
	if !strings.Contains(dom, `<table class="grid" id="grid">`) {
		t.Errorf("the DOM Chromium built has no grid table:\n%.2000s", dom)
	}
	if !strings.Contains(dom, r.SummaryLine()) || !strings.Contains(dom, r.ScoreLine()) {
		t.Errorf("the DOM Chromium built lacks the summary or score line")
	}
	if got, _ := cells(dom); len(got) != len(obsNames)*len(mutantNames) {
		t.Errorf("the DOM Chromium built has %d grid cells, want %d", len(got), len(obsNames)*len(mutantNames))
	}
	scripts := run(t, tab, "counting scripts", chromedp.Evaluate[int](`document.scripts.length`))
	if diff := cmp.Diff(0, scripts); diff != "" || strings.Contains(dom, "<script>alert") {
		t.Errorf("the hostile observation name became a script element (-want +got):\n%s", diff)
	}
	checkHappyNeutral(t, tab)
	checkShot(t, run(t, tab, "screenshot", chromedp.CaptureScreenshot()), image.Point{1200, 900}, "IDEMLAB_HTML_SHOT")
	t.Logf("browser session: %v", time.Since(start).Round(time.Millisecond))
}

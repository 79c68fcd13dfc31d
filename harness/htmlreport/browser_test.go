package htmlreport_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"idemlab/harness/htmlreport"
	"idemlab/harness/report"
)

// The browser tests drive headless Chromium through the DevTools protocol
// with chromedp, a kept library, rather than protocol code of our own.

// browserDeadline bounds one test's browser, start to end.
const browserDeadline = 90 * time.Second

// chromium returns the path of a Chromium binary, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newTab starts headless Chromium for one test, under browserDeadline and
// with no network, and returns a tab. It skips the test when Chromium is
// not on PATH (CI installs it, so there the test always runs).
func newTab(t *testing.T) context.Context {
	t.Helper()
	bin := chromium()
	if bin == "" {
		t.Skip("chromium is not on PATH; install it (apt-get install chromium fonts-noto-cjk) to run the browser test")
	}
	ctx, cancel := context.WithTimeout(context.Background(), browserDeadline)
	t.Cleanup(cancel)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("hide-scrollbars", true),
		// No name resolves, so nothing can reach a network.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(cancelTab)
	return tab
}

// load writes r's page to a file, loads it from its file:// URL in a
// viewport width×height, and fails the test if the page asked for
// anything but its own file.
func load(t *testing.T, tab context.Context, r *report.Report, width, height int64) {
	t.Helper()
	var b bytes.Buffer
	if err := htmlreport.Write(&b, r); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(page)
	var mu sync.Mutex
	var asked []string
	if err := chromedp.Listen(tab, func(ev any) {
		if req, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			asked = append(asked, req.Request.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(width, height), chromedp.Navigate(url)); err != nil {
		t.Fatalf("loading %s: %v", url, err)
	}
	mu.Lock()
	defer mu.Unlock()
	t.Logf("the page asked for %q", asked)
	for _, u := range asked {
		if u != url {
			t.Errorf("the page asked for %s: it must need nothing but itself", u)
		}
	}
}

// run runs a on the tab, failing the test on an error.
func run[T any](t *testing.T, tab context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(tab, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
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

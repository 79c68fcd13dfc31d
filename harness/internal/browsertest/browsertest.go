// Package browsertest drives headless Chromium for the tests of the
// harness's HTML pages, through the DevTools protocol with chromedp, a
// kept library: [NewTab] starts a browser for one test, with no network
// (and skips the test where Chromium is not installed; CI installs it),
// and [Load] loads a page from a file and fails the test if the page
// asked for anything but itself.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Deadline bounds one test's browser, start to end.
const Deadline = 90 * time.Second

// Chromium returns the path of a Chromium binary, or "".
func Chromium() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// NewTab starts headless Chromium for one test, under Deadline and with
// no network, and returns a tab. It skips the test when Chromium is not
// on PATH.
func NewTab(t *testing.T) context.Context {
	t.Helper()
	bin := Chromium()
	if bin == "" {
		t.Skip("chromium is not on PATH; install it (apt-get install chromium fonts-noto-cjk) to run the browser test")
	}
	ctx, cancel := context.WithTimeout(context.Background(), Deadline)
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

// Load writes page to a file, loads it from its file:// URL in a
// viewport width×height, and fails the test if the page asked for
// anything but its own file.
func Load(t *testing.T, tab context.Context, page []byte, width, height int64) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(file)
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

// Run runs a on the tab, failing the test on an error.
func Run[T any](t *testing.T, tab context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(tab, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// Package browsertest starts the Chromium the browser tests drive, the same
// way for every test: headless, with none of the background traffic a closed
// network would refuse, and a profile of its own.
//
// A package's tests share one Chromium, started by the first test that asks
// for it, and each test has a browser context of its own in it, as a
// private window is: its own storage, cookies and cache, so that no test
// sees what another left. Starting a Chromium for each test took seconds a
// test, most of a browser test's time on a busy machine. A package whose
// tests use the browser calls Main from its TestMain, which stops the
// Chromium once they have run.
package browsertest

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// browsers are where the tests look for Chromium, the first found taken;
// .ci/run installs the first. The headless shell is Chromium's engine
// without the browser around it (its tabs' and windows' own web pages,
// its profile's services): the same Blink and V8, with half the CPU time a
// page's load costs the whole browser, which made the browser tests most
// of the README's test run.
var browsers = []string{"/usr/bin/chromium-headless-shell", "/usr/bin/chromium"}

// chromium returns the first of browsers installed, or "".
func chromium() string {
	for _, path := range browsers {
		if _, err := os.Stat(path); err == nil {
			return path
		}
	}
	return ""
}

// shared is the package's Chromium, started on first use.
var shared struct {
	once    sync.Once
	browser context.Context // the browser's first tab, which keeps it open
	stop    func()
	profile string
	err     error
}

// Context returns a context for the test in a browser context of its own,
// in the package's Chromium, which it starts when it is the first to ask;
// the test's cleanup closes the browser context. It skips the test, saying
// why, when Chromium is not installed.
func Context(t testing.TB) context.Context {
	t.Helper()
	if chromium() == "" {
		t.Skip("no Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium (apt-get install chromium-headless-shell): the browser test is skipped")
	}
	shared.once.Do(start)
	if shared.err != nil {
		t.Fatalf("starting Chromium: %v", shared.err)
	}
	ctx, cancel := chromedp.NewContext(shared.browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	return ctx
}

// start starts the package's Chromium.
func start() {
	shared.profile, shared.err = os.MkdirTemp("", "galley-chromium-")
	if shared.err != nil {
		return
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium()),
		chromedp.Headless,
		// The headless shell hints glyph outlines to whole pixels by
		// default, which widens small monospace text (the art at a
		// phone's width) past what the browser and the readers' browsers
		// set; unhinted, both lay text out alike.
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(shared.profile),
	)
	browser, cancelBrowser := chromedp.NewContext(allocCtx)
	shared.browser = browser
	shared.stop = func() {
		cancelBrowser()
		cancelAlloc()
		os.RemoveAll(shared.profile)
	}
	// The first run starts the browser, in a tab that stays open for as
	// long as the tests run: the browser closes with its last tab.
	shared.err = chromedp.Do(browser)
}

// Main runs a package's tests, then each of after, then stops the Chromium
// the tests shared, if they started one. A package whose tests use Context
// calls it from TestMain:
//
//	func TestMain(m *testing.M) { browsertest.Main(m) }
func Main(m *testing.M, after ...func()) {
	code := m.Run()
	for _, f := range after {
		f()
	}
	if shared.stop != nil {
		shared.stop()
	}
	os.Exit(code)
}

// Package browsertest starts the Chromium the browser tests drive, the same
// way for every test: headless, with none of the background traffic a closed
// network would refuse, and a profile of its own.
package browsertest

import (
	"context"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// Chromium is where the tests find the browser; .ci/run installs it.
const Chromium = "/usr/bin/chromium"

// Context starts Chromium for the test and returns its context, which the
// test's cleanup closes. It skips the test, saying why, when Chromium is not
// installed.
func Context(t testing.TB) context.Context {
	t.Helper()
	if _, err := os.Stat(Chromium); err != nil {
		t.Skip("no Chromium at " + Chromium + " (apt-get install chromium): the browser test is skipped")
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(Chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(cancel)
	return ctx
}

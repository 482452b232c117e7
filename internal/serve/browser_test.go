package serve

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/internal/testbook"
)

// TestMain stops the Chromium the browser benchmark starts once it has run.
func TestMain(m *testing.M) { browsertest.Main(m) }

// firstPaint is when, in milliseconds since 1970, the page first painted
// its content (or, should the browser not say, finished loading).
const firstPaint = `(() => {
	const paint = performance.getEntriesByName("first-contentful-paint")[0];
	const loaded = performance.getEntriesByType("navigation")[0];
	return performance.timeOrigin + (paint ? paint.startTime : loaded.domContentLoadedEventEnd);
})()`

// BenchmarkServeEdit measures what a designer waits for: from saving an
// edit to the bundled book to the first paint of the page open in the
// browser with the new text, through the watcher, the rebuild, the event
// stream and the page's reload.
// Each edit comes once the previous one's prints are written, as edits do
// when someone reads between them.
func BenchmarkServeEdit(b *testing.B) {
	dir := b.TempDir()
	testbook.CopyTo(b, dir, 1)
	// The edit is a paragraph at the head of the front matter, which the
	// site's index page shows.
	front := filepath.Join(dir, "00-front.txt")
	original, err := os.ReadFile(front)
	if err != nil {
		b.Fatal(err)
	}

	ctx := browsertest.Context(b)
	s, base := startServer(b, dir, pipeline.Parts)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/index.html")); err != nil {
		b.Fatal(err)
	}
	s.waitPrints()

	var waits []time.Duration
	b.ResetTimer()
	for i := range b.N {
		marker := "Edit number " + strconv.Itoa(i) + "."
		start := time.Now()
		if err := os.WriteFile(front, append([]byte(marker+"\n\n"), original...), 0o644); err != nil {
			b.Fatal(err)
		}
		// The page reloads under the test's feet: an evaluation the reload
		// interrupts fails, and the next one reads the new page. Once the
		// text is there, the page says when it first painted, by the same
		// clock as the test's; the polling, which costs the page time of
		// its own, is not what is measured.
		shown := `document.body !== null && document.body.innerText.includes(` + strconv.Quote(marker) + `)`
		for {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](shown))
			if err == nil && ok {
				break
			}
			if time.Since(start) > 30*time.Second {
				b.Fatalf("edit %d has not shown after 30s (%v)", i, err)
			}
			time.Sleep(10 * time.Millisecond)
		}
		painted, err := chromedp.Run(ctx, chromedp.Evaluate[float64](firstPaint))
		if err != nil {
			b.Fatal(err)
		}
		waits = append(waits, time.UnixMicro(int64(painted*1000)).Sub(start))
		b.StopTimer()
		s.waitPrints()
		b.StartTimer()
	}
	slices.Sort(waits)
	b.ReportMetric(float64(waits[len(waits)/2].Microseconds())/1000, "median-ms/edit")
}

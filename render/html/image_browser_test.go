package html_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
	"github.com/galleyhq/galley/parser"
)

// TestPicturesInBrowser serves the pictures book's site and opens in
// Chromium each page that shows a picture, the index with the cover among
// them: every <img> loads once scrolled to (they load lazily), decodes to
// the pixels its file has, and is shown in the proportions its width and
// height attributes give, at most as wide as the text; and no page writes
// an error to the console.
func TestPicturesInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	ctx := browsertest.Context(t)
	doc, diags, err := parser.ParseBook(filepath.Join("..", "..", "testdata", "books", "pictures"))
	if errs, _ := diags.Count(); err != nil || errs > 0 {
		t.Fatal(err, diags)
	}
	site, _ := buildBookSite(t, doc)
	url, console := browse(t, ctx, http.FileServer(http.Dir(site)))

	// shown is what the page says of each picture once it has loaded.
	type shown struct {
		Src     string     `json:"src"`
		Loaded  bool       `json:"loaded"`
		Natural [2]int     `json:"natural"`
		Attrs   [2]int     `json:"attrs"`
		Box     [2]float64 `json:"box"`
		Column  float64    `json:"column"`
		Lazy    bool       `json:"lazy"`
	}
	const look = `(async () => {
		const out = [];
		for (const img of document.querySelectorAll('main img')) {
			img.scrollIntoView();
			try { await img.decode(); } catch (e) {}
			const box = img.getBoundingClientRect();
			out.push({src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0,
				natural: [img.naturalWidth, img.naturalHeight], attrs: [+img.getAttribute('width'), +img.getAttribute('height')],
				box: [box.width, box.height], column: img.parentElement.getBoundingClientRect().width,
				lazy: img.loading === 'lazy'});
		}
		return out;
	})()`
	want := map[string]int{"index.html": 1, "the-hive-in-pictures/the-map.html": 1, "the-hive-in-pictures/a-soldier.html": 2, "the-hive-in-pictures/finding-north.html": 1}
	for page, n := range want {
		sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		err := chromedp.Do(sctx, chromedp.Navigate(url+"/"+page))
		var raw json.RawMessage
		if err == nil {
			raw, err = chromedp.Run(sctx, chromedp.Evaluate[json.RawMessage](look, chromedp.EvalAwaitPromise))
		}
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		var imgs []shown
		if err := json.Unmarshal(raw, &imgs); err != nil {
			t.Fatal(err)
		}
		if len(imgs) != n {
			t.Errorf("%s shows %d pictures, want %d", page, len(imgs), n)
		}
		for _, img := range imgs {
			ratio := func(wh [2]float64) float64 { return wh[0] / wh[1] }
			attrs := [2]float64{float64(img.Attrs[0]), float64(img.Attrs[1])}
			switch {
			case !img.Loaded || !img.Lazy:
				t.Errorf("%s: %s loaded %v, lazily %v; want both", page, img.Src, img.Loaded, img.Lazy)
			case img.Box[0] > img.Column+0.5:
				t.Errorf("%s: %s is shown %.0f px wide, wider than its column's %.0f", page, img.Src, img.Box[0], img.Column)
			case abs(ratio(img.Box)-ratio(attrs)) > 0.02*ratio(attrs):
				t.Errorf("%s: %s is shown %.0f×%.0f, out of the proportions of its attributes %v", page, img.Src, img.Box[0], img.Box[1], img.Attrs)
			case img.Natural[0] == 0 || abs(ratio([2]float64{float64(img.Natural[0]), float64(img.Natural[1])})-ratio(attrs)) > 0.02*ratio(attrs):
				t.Errorf("%s: %s decodes to %v pixels, its attributes say %v", page, img.Src, img.Natural, img.Attrs)
			}
		}
	}
	for _, p := range console() {
		t.Errorf("console: %s", p)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

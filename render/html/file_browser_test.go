package html_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
)

// TestSiteFromFile opens the bundled book's site as a newcomer does, by
// double-clicking a page: from file://, where a browser fetches nothing.
// The sidebar shows the whole outline, with the current page open; a
// search finds its section; dice clicked in the text roll; and nothing
// breaks the Content Security Policy or writes an error to the console.
// Then, with the search index and the roller's script gone, as when a
// browser refuses them, search and the roller say to use galley serve.
//
// With GALLEY_SCREENSHOTS set to a directory, the test saves what it sees
// there: the index with its search results in the light theme, a chapter
// with the roller open in the dark one, the outline on a phone, and what
// search and the roller say when refused.
func TestSiteFromFile(t *testing.T) {
	t.Parallel() // in a browser context of its own
	ctx := browsertest.Context(t)
	shared, summary := bundledSite(t)
	if summary.NoRoller != nil {
		t.Skip("no dice roller to test: ", summary.NoRoller)
	}
	// A copy of the shared site, which the test takes scripts away from.
	site := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(site, os.DirFS(shared)); err != nil {
		t.Fatal(err)
	}
	console := watchConsole(t, ctx)
	p := browserPage{t: t, ctx: ctx}
	fileURL := func(name string) string {
		return (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(site, name))}).String()
	}
	ready := chromedp.WaitReady(chromedp.CSS(`#roller-input`))
	shots := os.Getenv("GALLEY_SCREENSHOTS")
	shoot := func(name string) {
		t.Helper()
		if shots == "" {
			return
		}
		// A panel that opened is still sliding in.
		var settled bool
		p.eval(`Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)`, &settled)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shots, "file-"+name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Every page of the outline script is a link in the sidebar, and the
	// current page's entry is the page's own, open, with its headings.
	script, err := os.ReadFile(filepath.Join(site, "assets", "outline.js"))
	if err != nil {
		t.Fatal(err)
	}
	var outline []outlineEntry
	if err := json.Unmarshal(jsValue(t, script, "window.galleyOutline"), &outline); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, u := range outlineURLs(outline) {
		want = append(want, fileURL(u))
	}
	p.do("open a chapter from disk", append(view(1280, 800, "dark"), chromedp.Navigate(fileURL("system/index.html")), ready)...)
	var sidebar struct {
		Links   []string `json:"links"`
		Current string   `json:"current"`
		Open    bool     `json:"open"`
		Inside  int      `json:"inside"`
	}
	p.eval(`(() => {
		const current = document.querySelector('#sidebar [aria-current="page"]');
		return {
			links: Array.from(document.querySelectorAll("#sidebar a"), a => a.href.split("#")[0]),
			current: current ? current.textContent : "",
			open: !!(current && current.closest("li.open")),
			inside: current ? current.parentElement.querySelectorAll('ul a[href^="#"]').length : 0,
		};
	})()`, &sidebar)
	for _, u := range want {
		if !slices.Contains(sidebar.Links, u) {
			t.Errorf("the sidebar from disk lacks %s; it has %q", u, sidebar.Links)
		}
	}
	if sidebar.Current != "System" || !sidebar.Open || sidebar.Inside == 0 {
		t.Errorf("the sidebar from disk: current %q, open %v, %d headings under it; want System, open, with its headings", sidebar.Current, sidebar.Open, sidebar.Inside)
	}

	p.do("click dice in the text",
		chromedp.Click(chromedp.CSS(`#content a[data-roll="d60"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#roller-result .roll-value`)),
	)
	var shown string
	p.eval(`document.querySelector("#roller-result .roll-value").textContent`, &shown)
	if n, err := strconv.Atoi(shown); err != nil || n < 0 || n > 59 {
		t.Errorf("clicking d60 from disk shows %q, want a number from 0 to 59", shown)
	}
	shoot("roller-dark")

	p.do("search from disk", append(view(1280, 800, "light"),
		chromedp.Navigate(fileURL("index.html")), ready,
		chromedp.Click(chromedp.CSS(`#search-input`)),
		chromedp.SendKeys(chromedp.CSS(`#search-input`), "Nasute"),
		chromedp.WaitVisible(chromedp.CSS(`#search-results a`)),
	)...)
	var results []string
	p.eval(`Array.from(document.querySelectorAll("#search-results a"), a => a.href)`, &results)
	if found := fileURL("setting/enemies.html") + "#nasute-soldier"; !slices.Contains(results, found) {
		t.Errorf("searching for Nasute from disk found %q, want %s", results, found)
	}
	shoot("search-light")

	p.do("the outline on a phone", append(view(390, 844, "light"),
		chromedp.Navigate(fileURL("setting/enemies.html")), ready,
		chromedp.Click(chromedp.CSS(`#nav-toggle`)),
		chromedp.WaitVisible(chromedp.CSS(`#sidebar a[aria-current="page"]`)),
	)...)
	shoot("outline-phone")

	for _, problem := range console() {
		t.Errorf("console from disk: %s", problem)
	}

	// A browser that refuses the scripts beside a page gets told what to
	// do instead.
	for _, name := range []string{"search-index.js", "roller-wasm.js"} {
		if err := os.Remove(filepath.Join(site, "assets", name)); err != nil {
			t.Fatal(err)
		}
	}
	p.do("search without the index",
		chromedp.Navigate(fileURL("index.html")), ready,
		chromedp.SendKeys(chromedp.CSS(`#search-input`), "Nasute"),
		chromedp.WaitVisible(chromedp.CSS(`#search-results .no-results`)),
	)
	shoot("search-refused")
	var said string
	p.eval(`document.querySelector("#search-results .no-results").textContent`, &said)
	if !strings.Contains(said, "galley serve") {
		t.Errorf("search without its index says %q, want it to say to use galley serve", said)
	}
	p.do("roll without the roller",
		chromedp.Navigate(fileURL("system/index.html")), ready,
		chromedp.Click(chromedp.CSS(`#content a[data-roll="d60"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#roller-result .roll-error`)),
	)
	shoot("roller-refused")
	p.eval(`document.querySelector("#roller-result .roll-error").textContent`, &said)
	if !strings.Contains(said, "galley serve") {
		t.Errorf("the roller without its module says %q, want it to say to use galley serve", said)
	}
}

// outlineEntry is an entry of assets/outline.js, or of
// assets/search-index.js, which has no entries under it.
type outlineEntry struct {
	Title    string         `json:"t"`
	URL      string         `json:"u"`
	Children []outlineEntry `json:"c"`
}

// outlineURLs lists the addresses of entries and of the entries under
// them.
func outlineURLs(entries []outlineEntry) []string {
	var urls []string
	for _, e := range entries {
		urls = append(urls, e.URL)
		urls = append(urls, outlineURLs(e.Children)...)
	}
	return urls
}

// jsValue returns the JSON a site's data script assigns to name, failing
// the test if the script is anything else.
func jsValue(t *testing.T, script []byte, name string) []byte {
	t.Helper()
	m := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + ` = (.*);\n$`).FindSubmatch(script)
	if m == nil || !json.Valid(m[1]) {
		t.Fatalf("the script is not %s = JSON: %q…", name, script[:min(len(script), 80)])
	}
	return bytes.Clone(m[1])
}

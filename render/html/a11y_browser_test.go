package html_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
)

// axeScript finds axe-core's browser build: GALLEY_AXE, or where .ci/run
// installs it. It skips the test, saying how to install it, when there is
// none.
func axeScript(t *testing.T) string {
	t.Helper()
	path := os.Getenv("GALLEY_AXE")
	if path == "" {
		home, _ := os.UserHomeDir()
		path = filepath.Join(home, ".cache", "galley-test", "axe", "node_modules", "axe-core", "axe.min.js")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no axe-core at %s (.ci/run installs it; or npm install axe-core@4 and set GALLEY_AXE to its axe.min.js): %v", path, err)
	}
	return string(src)
}

// axeViolation is one rule axe-core finds broken, with the elements that
// break it.
type axeViolation struct {
	ID, Impact, Help, HelpURL string
	Nodes                     []struct {
		Target         []any
		FailureSummary string
	}
}

// runAxe checks the page as it stands with axe-core, injected through the
// DevTools protocol, which the page's Content Security Policy does not
// govern, and returns what it finds broken.
func runAxe(p browserPage, axe string) []axeViolation {
	p.t.Helper()
	var loaded bool
	p.eval(axe+"\n;typeof axe === 'object'", &loaded)
	if !loaded {
		p.t.Fatal("axe-core did not load")
	}
	var violations []axeViolation
	p.eval(`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
		id: v.id, impact: v.impact, help: v.help, helpURL: v.helpUrl,
		nodes: v.nodes.map(n => ({target: n.target, failureSummary: n.failureSummary})),
	})))`, &violations)
	return violations
}

// TestAccessibilityInBrowser runs axe-core on every kind of page the site
// has, in the light theme and the dark, at a desktop's and a phone's size:
// the index, every chapter's page and every section's, a class's sheet,
// the search's results shown and the roller open after a roll. No page
// breaks a rule axe calls serious or critical; each rule broken is
// reported with the elements that break it and where to read about it.
func TestAccessibilityInBrowser(t *testing.T) {
	axe := axeScript(t)
	ctx := browsertest.Context(t)
	site, _ := buildBundledSite(t)
	url, console := browse(t, ctx, http.FileServer(http.Dir(site)))
	p := browserPage{t: t, ctx: ctx}
	type page struct {
		kind, path string
		// show does what the reader does before axe looks.
		show []chromedp.Action[chromedp.Void]
	}
	pages := []page{
		{"sheet", "/sheets/wasp.html", nil},
		{"search results", "/index.html", []chromedp.Action[chromedp.Void]{
			chromedp.SendKeys(chromedp.CSS(`#search-input`), "wound"),
			chromedp.WaitVisible(chromedp.CSS(`#search-results a`)),
		}},
		{"roller open", "/system/taking-actions.html", []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`#content a.dice`)),
			chromedp.WaitVisible(chromedp.CSS(`#roller-result .roll-value`)),
			chromedp.WaitVisible(chromedp.CSS(`#roller-odds .odds-range`)),
		}},
	}
	err := filepath.WalkDir(site, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		rel, _ := filepath.Rel(site, path)
		rel = filepath.ToSlash(rel)
		switch {
		case strings.HasPrefix(rel, "sheets/"):
		case rel == "index.html":
			pages = append(pages, page{"index", "/" + rel, nil})
		case strings.HasSuffix(rel, "/index.html"):
			pages = append(pages, page{"chapter", "/" + rel, nil})
		default:
			pages = append(pages, page{"section", "/" + rel, nil})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, setting := range []struct {
		name          string
		width, height int64
		scheme        string
	}{{"light", 1280, 800, "light"}, {"dark", 1280, 800, "dark"}, {"phone", 390, 844, "light"}} {
		p.do(setting.name, view(setting.width, setting.height, setting.scheme)...)
		counts := map[string]map[string]int{}
		for _, pg := range pages {
			p.do("open "+pg.path, chromedp.Navigate(url+pg.path), chromedp.WaitReady(chromedp.CSS(`body`)))
			p.do("show the "+pg.kind, pg.show...)
			if counts[pg.kind] == nil {
				counts[pg.kind] = map[string]int{"pages": 0}
			}
			counts[pg.kind]["pages"]++
			for _, v := range runAxe(p, axe) {
				counts[pg.kind][v.Impact]++
				if v.Impact == "serious" || v.Impact == "critical" {
					t.Errorf("%s (%s), %s: %s", pg.path, pg.kind, setting.name, v)
				} else {
					t.Logf("%s (%s), %s: %s", pg.path, pg.kind, setting.name, v)
				}
			}
		}
		for kind, c := range counts {
			t.Logf("%s, %s: %d pages; axe finds %d critical, %d serious, %d moderate, %d minor",
				setting.name, kind, c["pages"], c["critical"], c["serious"], c["moderate"], c["minor"])
		}
	}
	for _, c := range console() {
		t.Errorf("console: %s", c)
	}
}

// String says which rule is broken, how badly, where to read about it, and
// where it is broken: the first few elements and how many more.
func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) %s — %s", v.ID, v.Impact, v.Help, v.HelpURL)
	for i, n := range v.Nodes {
		if i == 3 {
			fmt.Fprintf(&b, "\n\tand %d more", len(v.Nodes)-i)
			break
		}
		target, _ := json.Marshal(n.Target)
		fmt.Fprintf(&b, "\n\t%s: %s", target, strings.ReplaceAll(n.FailureSummary, "\n", " "))
	}
	return b.String()
}

package html_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/galleyhq/galley/internal/browsertest"
)

// axeScript finds axe-core's browser build: GALLEY_AXE, or where .ci/run
// installs it. It skips the test, saying how to install it, when there is
// none.
func axeScript(t *testing.T) string {
	t.Helper()
	path := os.Getenv("GALLEY_AXE")
	if path == "" {
		cache, _ := os.UserCacheDir()
		path = filepath.Join(cache, "galley-test", "axe", "node_modules", "axe-core", "axe.min.js")
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

// loadAxe has the browser run axe-core in every page it opens from now on,
// injected through the DevTools protocol, which the page's Content Security
// Policy does not govern. Handed over once, the script is compiled once:
// sent with each page, it was half a second of each page's check.
func loadAxe(p browserPage, axe string) {
	p.t.Helper()
	p.do("load axe-core", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: axe})
		return err
	}))
}

// runAxe checks the page as it stands with axe-core (see loadAxe), and
// returns what it finds broken: every rule's, or only the named rules'.
func runAxe(p browserPage, rules ...string) []axeViolation {
	p.t.Helper()
	var loaded bool
	p.eval("typeof axe === 'object'", &loaded)
	if !loaded {
		p.t.Fatal("axe-core did not load")
	}
	var violations []axeViolation
	only, _ := json.Marshal(rules)
	options := `{resultTypes: ["violations"]}`
	if len(rules) > 0 {
		options = `{resultTypes: ["violations"], runOnly: {type: "rule", values: ` + string(only) + `}}`
	}
	p.eval(`axe.run(document, `+options+`).then(r => r.violations.map(v => ({
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
// The three settings are checked at once, each in a browser context of its
// own. The light theme on the desktop and the phone check the fewest
// pages that between them hold every kind of element the site has (see
// coveringPages), which is what changes with the theme and the width, in
// a third of the time; under -long (as .ci/run passes) the light theme
// checks every page. The dark theme changes only colours, so it is
// checked by the rules that read colours, on the pages the reader acts
// on (which show the colours of the text, its links and tables, the
// sheet's fields, the search's and the roller's), and under -long on
// the covering pages too; the phone, whose layout differs, by all of
// them.
func TestAccessibilityInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	axe := axeScript(t)
	browsertest.Context(t) // skips the test when there is no Chromium
	site, _ := bundledSite(t)
	url := serve(t, http.FileServer(http.Dir(site)))
	type page struct {
		kind, path string
		// show does what the reader does before axe looks.
		show []chromedp.Action[chromedp.Void]
		// acted is a page the reader acts on, checked in every setting.
		acted bool
	}
	pages := []page{
		{"sheet", "/sheets/wasp.html", nil, true},
		{"search results", "/index.html", []chromedp.Action[chromedp.Void]{
			chromedp.SendKeys(chromedp.CSS(`#search-input`), "wound"),
			chromedp.WaitVisible(chromedp.CSS(`#search-results a`)),
		}, true},
		{"roller open", "/system/taking-actions.html", []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`#content a.dice`)),
			chromedp.WaitVisible(chromedp.CSS(`#roller-result .roll-value`)),
			chromedp.WaitVisible(chromedp.CSS(`#roller-odds .odds-range`)),
		}, true},
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
			pages = append(pages, page{"index", "/" + rel, nil, false})
		case strings.HasSuffix(rel, "/index.html"):
			pages = append(pages, page{"chapter", "/" + rel, nil, false})
		default:
			pages = append(pages, page{"section", "/" + rel, nil, false})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	paths := make([]string, len(pages))
	shown := map[string]bool{}
	for i, pg := range pages {
		paths[i] = pg.path
		shown[pg.path] = shown[pg.path] || pg.show != nil
	}
	covering := coveringPages(t, site, paths)
	for _, setting := range []struct {
		name          string
		width, height int64
		scheme        string
		pages         pageSet
		rules         []string
	}{
		{"light", 1280, 800, "light", either(*long, everyPage, coveringKinds), nil},
		{"dark", 1280, 800, "dark", either(*long, coveringKinds, actedOn), []string{"color-contrast", "link-in-text-block"}},
		{"phone", 390, 844, "light", coveringKinds, nil},
	} {
		t.Run(setting.name, func(t *testing.T) {
			t.Parallel()
			ctx := browsertest.Context(t)
			console := watchConsole(t, ctx)
			p := browserPage{t: t, ctx: ctx}
			loadAxe(p, axe)
			p.do(setting.name, view(setting.width, setting.height, setting.scheme)...)
			counts := map[string]map[string]int{}
			for _, pg := range pages {
				// Every page a reader acts on is checked in every
				// setting, and with the covering pages every kind of
				// page. A page checked once the reader has acted on it
				// holds all it held before, and is not checked again as
				// it was.
				switch {
				case pg.show == nil && shown[pg.path]:
					continue
				case pg.acted, setting.pages == everyPage:
				case setting.pages == actedOn:
					continue
				case counts[pg.kind] != nil && !covering[pg.path]:
					continue
				}
				p.do("open "+pg.path, chromedp.Navigate(url+pg.path), chromedp.WaitReady(chromedp.CSS(`body`)))
				p.do("show the "+pg.kind, pg.show...)
				if counts[pg.kind] == nil {
					counts[pg.kind] = map[string]int{"pages": 0}
				}
				counts[pg.kind]["pages"]++
				for _, v := range runAxe(p, setting.rules...) {
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
			for _, c := range console() {
				t.Errorf("console: %s", c)
			}
		})
	}
}

// pageSet is which of the site's pages a setting checks.
type pageSet int

const (
	actedOn       pageSet = iota // the pages the reader acts on
	coveringKinds                // those, every kind of page and the covering pages
	everyPage
)

// either returns a if cond, else b.
func either(cond bool, a, b pageSet) pageSet {
	if cond {
		return a
	}
	return b
}

// elementKind finds an element's name and its classes in a page.
var elementKind = regexp.MustCompile(`<([a-z][a-z0-9]*)(?:[^>]*?\sclass="([^"]*)")?`)

// coveringPages chooses among the site's pages (paths from its root) the
// fewest, near enough, that between them hold every kind of element the
// pages hold, an element's kind being its name and one of its classes
// (or its name alone): the greedy cover, which takes the page holding the
// most kinds not yet held until none is left.
func coveringPages(t *testing.T, site string, paths []string) map[string]bool {
	kindsOf := map[string]map[string]bool{}
	left := map[string]bool{}
	for _, path := range paths {
		html, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(strings.TrimPrefix(path, "/"))))
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]bool{}
		for _, m := range elementKind.FindAllStringSubmatch(string(html), -1) {
			kinds[m[1]] = true
			for _, class := range strings.Fields(m[2]) {
				kinds[m[1]+"."+class] = true
			}
		}
		kindsOf[path] = kinds
		for k := range kinds {
			left[k] = true
		}
	}
	chosen := map[string]bool{}
	for len(left) > 0 {
		best, most := "", 0
		for _, path := range paths {
			n := 0
			for k := range kindsOf[path] {
				if left[k] {
					n++
				}
			}
			if n > most {
				best, most = path, n
			}
		}
		chosen[best] = true
		for k := range kindsOf[best] {
			delete(left, k)
		}
	}
	return chosen
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

// focusScript records where the focus is after a Tab: the element, marked
// as reached, whether it was reached before, and whether it shows that it
// has the focus, by an outline of its own (:focus-visible's) that is drawn
// and not transparent.
const focusScript = `(() => {
	const el = document.activeElement;
	if (!el || el === document.body) return {name: "", shown: false};
	const again = el.dataset.tabbed === "true";
	el.dataset.tabbed = "true";
	const style = getComputedStyle(el);
	const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1 && !/rgba\(.*, 0\)|transparent/.test(style.outlineColor);
	const seen = el.checkVisibility({opacityProperty: true, visibilityProperty: true});
	const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.getAttribute("href") ? "[href=" + el.getAttribute("href") + "]" : "") + " " + JSON.stringify((el.textContent || el.value || "").trim().slice(0, 30));
	return {name, again, shown: outlined && seen && el.matches(":focus-visible"), outline: style.outline};
})()`

// unreachedScript lists the page's controls, as a reader sees them, that
// no Tab reached. Tab stops once in a group of radio buttons, whose arrows
// choose among them.
const unreachedScript = `Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'))
	.filter(el => !el.disabled && el.checkVisibility({visibilityProperty: true}) && !el.closest("details:not([open]) > :not(summary)"))
	.filter(el => el.dataset.tabbed !== "true")
	.filter(el => !(el.type === "radio" && Array.from(el.form ? el.form.elements.namedItem(el.name) : [el]).some(r => r.dataset.tabbed === "true")))
	.map(el => el.outerHTML.slice(0, 100))`

// TestKeyboardInBrowser tabs through a section's page and a sheet at
// 1280×800: every control a reader sees takes the focus in turn, and each
// shows it with an outline. Then, with the keys alone, on a desktop and on
// a phone, it opens the dice roller from its button, rolls the dice typed
// and closes it again, the focus back on the button.
func TestKeyboardInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	ctx := browsertest.Context(t)
	site, summary := bundledSite(t)
	url, console := browse(t, ctx, http.FileServer(http.Dir(site)))
	p := browserPage{t: t, ctx: ctx}
	p.do("a desktop window", view(1280, 800, "light")...)

	type focus struct {
		Name, Outline string
		Again, Shown  bool
	}
	// tabToEnd presses Tab until the focus leaves the page or comes back
	// round, and returns where it went.
	tabToEnd := func() []focus {
		var stops []focus
		for range 1000 {
			p.do("tab", chromedp.KeyEvent("\t"))
			var f focus
			p.eval(focusScript, &f)
			if f.Name == "" || f.Again {
				break
			}
			stops = append(stops, f)
		}
		return stops
	}
	for _, path := range []string{"/system/taking-actions.html", "/sheets/wasp.html"} {
		p.do("open "+path, chromedp.Navigate(url+path), chromedp.WaitReady(chromedp.CSS(`body`)))
		// The whole book's outline arrives after the page; wait for it.
		var loaded bool
		p.eval(`(async () => {
			for (let i = 0; i < 100 && document.getElementById("sidebar") && !document.querySelector('#sidebar a[href$="setting/index.html"]'); i++) {
				await new Promise(r => setTimeout(r, 50));
			}
			return true;
		})()`, &loaded)
		stops := tabToEnd()
		for _, f := range stops {
			if !f.Shown {
				t.Errorf("%s: %s takes the focus with no visible outline (outline: %s)", path, f.Name, f.Outline)
			}
		}
		var unreached []string
		p.eval(unreachedScript, &unreached)
		for _, u := range unreached {
			t.Errorf("%s: no Tab reaches %s", path, u)
		}
		t.Logf("%s: %d controls take the focus in turn", path, len(stops))
		if len(stops) < 10 {
			t.Errorf("%s: Tab reached %d controls, want every link and input of the page", path, len(stops))
		}
	}

	if summary.NoRoller != nil {
		t.Log("no dice roller to open: ", summary.NoRoller)
		return
	}
	var state struct {
		Open     bool
		Expanded string
		Focus    string
		Expr     string
		Value    string
	}
	const stateScript = `({open: document.getElementById("roller").classList.contains("open") && document.getElementById("roller").checkVisibility(),
		expanded: document.getElementById("roller-toggle").getAttribute("aria-expanded"),
		focus: document.activeElement.id,
		expr: (document.querySelector("#roller-result :is(.roll-expr, .roll-error)") || {}).textContent || "",
		value: (document.querySelector("#roller-result .roll-value") || {}).textContent || ""})`
	// The roller docks beside the text on a desktop and is a sheet over the
	// text's lower part on a phone; the keys work it the same in both.
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		where := fmt.Sprintf("%d×%d", size[0], size[1])
		p.do(where, view(size[0], size[1], "light")...)
		p.do("open a section", chromedp.Navigate(url+"/system/taking-actions.html"), chromedp.WaitReady(chromedp.CSS(`#roller-toggle`)))
		// The buttons work once the page's script has run.
		var loaded bool
		p.eval(`new Promise(r => document.readyState === "complete" ? r(true) : addEventListener("load", () => r(true)))`, &loaded)
		var onToggle bool
		for range 20 {
			p.do("tab", chromedp.KeyEvent("\t"))
			if p.eval(`document.activeElement.id === "roller-toggle"`, &onToggle); onToggle {
				break
			}
		}
		if !onToggle {
			t.Fatalf("%s: Tab never reaches the roller's button", where)
		}
		p.do("open the roller", chromedp.KeyEvent("\r"))
		p.eval(stateScript, &state)
		if !state.Open || state.Expanded != "true" || state.Focus != "roller-input" {
			t.Fatalf("%s: Enter on the roller's button: %+v; want the roller open, its button expanded and the focus on its input", where, state)
		}
		p.do("type dice and roll them",
			chromedp.KeyEvent("2d6\r"),
			chromedp.WaitVisible(chromedp.CSS(`#roller-result :is(.roll-value, .roll-error)`)),
		)
		p.eval(stateScript, &state)
		// The book's d6 reads 0 to 5, so 2d6 is 0 to 10.
		if n, err := strconv.Atoi(state.Value); state.Expr != "2d6" || err != nil || n < 0 || n > 10 {
			t.Errorf("%s: rolling 2d6 from the keyboard shows %q rolled %q, want 2d6 rolled 0 to 10", where, state.Expr, state.Value)
		}
		p.do("close the roller", chromedp.KeyEvent(kb.Escape))
		p.eval(stateScript, &state)
		if state.Open || state.Expanded != "false" || state.Focus != "roller-toggle" {
			t.Errorf("%s: Escape in the roller: %+v; want it closed and the focus back on its button", where, state)
		}
	}
	for _, c := range console() {
		t.Errorf("console: %s", c)
	}
}

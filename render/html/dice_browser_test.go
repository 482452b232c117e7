package html_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
)

// browserPage drives one tab of Chromium for a test.
type browserPage struct {
	t   *testing.T
	ctx context.Context
}

// do runs actions, failing the test with name if they fail or take a minute.
func (p browserPage) do(name string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", name, err)
	}
}

// eval evaluates a script, awaiting the promise it returns, into out.
func (p browserPage) eval(script string, out any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](script, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", script, err)
	}
	if err := json.Unmarshal(v, out); err != nil {
		p.t.Fatalf("%s: %v", script, err)
	}
}

// view sets the window's size and colour scheme.
func view(width, height int64, scheme string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(width, height),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
			})
			return err
		}),
	}
}

// rollScript is a function, for the scripts below, that clicks a dice link
// with the roller's odds cleared and resolves, once the roll and its odds
// show, to what the roller says: the expression rolled, the words on its
// odds, and whether it drew a chart.
const rollScript = `async function roll(link) {
	document.getElementById("roller-odds").replaceChildren();
	link.click();
	for (let i = 0; i < 400; i++) {
		const expr = document.querySelector("#roller-result .roll-expr");
		const range = document.querySelector("#roller-odds .odds-range");
		if (expr && range && expr.textContent === link.dataset.roll) {
			return {expr: expr.textContent, range: range.textContent, chart: !!document.querySelector("#roller-odds svg")};
		}
		await new Promise(r => setTimeout(r, 25));
	}
	return {expr: "", range: "the roller showed nothing", chart: false};
}`

// TestDiceInBrowser reads the dice links of the bundled book's pages on
// decile dice as a reader meets them: none inside a heading's name, none
// with a letter after it, each die once in a paragraph. It reads the
// decile dice the book states (the table's ranges and numbered faces, and
// the prose's "the d6 reads 0 to 5"), clicks each die's link and compares
// the range the roller states. At 1280×800 it clicks every dice link and
// measures the roller against the paragraph the link is in; at a phone's
// 390×844 against the link. With GALLEY_SCREENSHOTS set to a directory it
// saves the roller open there, on a desktop light and dark and on a phone.
func TestDiceInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	ctx := browsertest.Context(t)
	site, summary := bundledSite(t)
	if summary.NoRoller != nil {
		t.Skip("no dice roller to test: ", summary.NoRoller)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(site)))
	defer srv.Close()
	// The browser starts with the first action, and lives as long as the
	// context that action is given.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	p := browserPage{t: t, ctx: ctx}
	pages := []string{"/overview/the-system.html", "/system/fuzzy-d100.html"}

	p.do("a desktop window", view(1280, 800, "light")...)
	for _, path := range pages {
		p.do("open "+path, chromedp.Navigate(srv.URL+path), chromedp.WaitReady(chromedp.CSS(`#roller-input`)))
		var bad []string
		p.eval(`(async () => {
			// The whole outline names every page; the page names its headings.
			for (let i = 0; i < 100 && !document.querySelector('#sidebar a[href$="setting/index.html"]'); i++) {
				await new Promise(r => setTimeout(r, 50));
			}
			const names = new Set();
			document.querySelectorAll("#sidebar a, #content :is(h1, h2, h3, h4, h5, h6)").forEach(h => {
				const name = h.textContent.replace(/#$/, "").trim();
				if (/\s/.test(name)) names.add(name);
			});
			const bad = [];
			const seen = new Map();
			for (const a of document.querySelectorAll("#content a.dice")) {
				const block = a.closest("p, li, figure");
				if (a.closest("h1, h2, h3, h4, h5, h6")) bad.push(a.textContent + " in a heading");
				if (a.textContent !== a.dataset.roll && a.textContent !== a.dataset.roll + "s") bad.push(a.textContent + " rolls " + a.dataset.roll);
				const next = a.nextSibling ? a.nextSibling.textContent : "";
				if (/^\p{L}/u.test(next)) bad.push(a.textContent + " followed by " + JSON.stringify(next.slice(0, 5)));
				const before = document.createRange();
				before.setStart(block, 0);
				before.setEndBefore(a);
				const at = before.toString().length;
				for (const name of names) {
					for (let i = block.textContent.indexOf(name); i >= 0; i = block.textContent.indexOf(name, i + 1)) {
						if (i <= at && at < i + name.length) bad.push(a.textContent + " in the name " + JSON.stringify(name));
					}
				}
				const linked = seen.get(block) || new Set();
				if (linked.has(a.dataset.roll)) bad.push(a.dataset.roll + " linked twice in " + JSON.stringify(block.textContent.slice(0, 40)));
				linked.add(a.dataset.roll);
				seen.set(block, linked);
			}
			return bad;
		})()`, &bad)
		for _, b := range bad {
			t.Errorf("%s: %s", path, b)
		}
	}

	// The book's statements of the decile dice, and what the roller says of
	// the same die when its link is clicked.
	var readings []struct {
		Die, Book, Where, Roller string
		Chart                    bool
	}
	p.do("open the overview", chromedp.Navigate(srv.URL+"/overview/the-system.html"), chromedp.WaitReady(chromedp.CSS(`#roller-input`)))
	p.eval(`(async () => {
		`+rollScript+`
		const stated = [];
		const table = Array.from(document.querySelectorAll("#content table")).find(t => /Tens die/.test(t.tHead.textContent));
		const faces = text => {
			const m = text.replace(/\s/g, "").match(/^(\d+)(?:to|,\d+,…,)(\d+)$/);
			return m ? m[1] + " to " + m[2] : "";
		};
		for (const row of table.tBodies[0].rows) {
			const cells = Array.from(row.cells, c => c.textContent.trim());
			for (const [die, range] of [[cells[0], cells[1]], [cells[2], cells[3]], [cells[4], cells[5]]]) {
				if (faces(range)) stated.push({die, book: faces(range), where: "the decile dice table", link: table.querySelector('a[data-roll="' + die + '"]')});
			}
		}
		for (const p of document.querySelectorAll("#content p")) {
			for (const m of p.textContent.matchAll(/the (d\d+) reads (\d+) to (\d+)/g)) {
				stated.push({die: m[1], book: m[2] + " to " + m[3], where: JSON.stringify(m[0]), link: p.querySelector('a[data-roll="' + m[1] + '"]') || table.querySelector('a[data-roll="' + m[1] + '"]')});
			}
		}
		const out = [];
		for (const s of stated) {
			const r = s.link ? await roll(s.link) : {range: "no link", chart: false};
			out.push({die: s.die, book: s.book, where: s.where, roller: r.range, chart: r.chart});
		}
		return out;
	})()`, &readings)
	prose := 0
	for _, r := range readings {
		if !strings.HasPrefix(r.Where, "the decile") {
			prose++
		}
		if !strings.Contains(r.Roller, "from "+r.Book+" ") {
			t.Errorf("%s says %s reads %s; the roller says %q", r.Where, r.Die, r.Book, r.Roller)
		}
		if r.Chart {
			t.Errorf("the roller charts %s, a single die, as bars all alike", r.Die)
		}
	}
	if len(readings) < 12 || prose < 2 {
		t.Errorf("read %d statements of the decile dice, %d of them in prose; the page has the table's 14 and the prose's d4 and d6", len(readings), prose)
	}

	// The roller beside the text: whatever link it is opened from, it
	// lies clear of that paragraph, and the link stays in the window. At a
	// phone's width, where a paragraph may be taller than the room above
	// the roller, clear of the link.
	for _, size := range []struct {
		width, height int64
		clear         string
	}{{1280, 800, "paragraph"}, {390, 844, "link"}} {
		p.do("resize", view(size.width, size.height, "light")...)
		p.do("open the overview", chromedp.Navigate(srv.URL+"/overview/the-system.html"), chromedp.WaitReady(chromedp.CSS(`#roller-input`)))
		var overlaps []string
		p.eval(`(async () => {
			const clear = "`+size.clear+`";
			const overlaps = [];
			const panel = document.getElementById("roller");
			const bar = document.querySelector(".topbar").getBoundingClientRect().bottom;
			const links = document.querySelectorAll("#content a.dice");
			for (const a of links) {
				document.getElementById("roller-close").click();
				a.scrollIntoView({block: "center"});
				a.click();
				await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
				const box = (clear === "link" ? a : a.closest("p, li, td, th, figcaption")).getBoundingClientRect();
				const sheet = panel.getBoundingClientRect();
				const apart = sheet.left >= box.right || sheet.right <= box.left || sheet.top >= box.bottom || sheet.bottom <= box.top;
				const link = a.getBoundingClientRect();
				const shown = link.top >= bar && link.bottom <= innerHeight;
				if (!panel.classList.contains("open") || !apart || !shown) {
					overlaps.push(a.textContent + " at " + JSON.stringify(box) + ", the roller at " + JSON.stringify(sheet));
				}
			}
			return overlaps.length ? overlaps : links.length ? [] : ["no dice links"];
		})()`, &overlaps)
		for _, o := range overlaps {
			t.Errorf("%d×%d: the roller covers the %s of %s", size.width, size.height, size.clear, o)
		}
	}

	// A reader sees the book's system; the others and the command that
	// repeats a roll are behind a summary.
	var hidden struct{ Systems, Seed bool }
	p.eval(`(async () => {
		`+rollScript+`
		await roll(document.querySelector('#content a[data-roll="d6"]'));
		return {systems: !document.getElementById("roller-system").checkVisibility(),
			seed: !document.querySelector("#roller-result .roll-seed code").checkVisibility()};
	})()`, &hidden)
	if !hidden.Systems || !hidden.Seed {
		t.Errorf("hidden until asked for: %+v, want the other systems and the seed's command", hidden)
	}

	if dir := os.Getenv("GALLEY_SCREENSHOTS"); dir != "" {
		for _, shot := range []struct {
			name          string
			width, height int64
			scheme        string
		}{{"light", 1280, 800, "light"}, {"dark", 1280, 800, "dark"}, {"phone", 390, 844, "light"}} {
			p.do("screenshot "+shot.name, view(shot.width, shot.height, shot.scheme)...)
			p.do("open the overview", chromedp.Navigate(srv.URL+"/overview/the-system.html"), chromedp.WaitReady(chromedp.CSS(`#roller-input`)))
			var rolled any
			p.eval(`(async () => {
				`+rollScript+`
				const link = document.querySelector('#content a[data-roll="d6"]');
				link.scrollIntoView({block: "center"});
				const rolled = await roll(link);
				await new Promise(r => setTimeout(r, 300)); // the panel's fade
				return rolled;
			})()`, &rolled)
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "roller-"+shot.name+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

package html_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
	"github.com/galleyhq/galley/parser"
)

// TestSiteInBrowser serves the bundled book's site from a local server and
// does in Chromium what a reader and a script do with it: rolls d60 in the
// fd100 context sixty times through window.galley.roll (each 0 to 59),
// asks window.galley.odds for what `galley odds --json` prints, clicks dice
// notation in the text and reads the number in #roller-result and the odds
// under it, rolls a roll
// table and sees one row marked, searches for "Nasute" and finds its
// section; and no page writes an error to the console, a Content Security
// Policy violation included. The bundled book has no roll table, so that
// step uses the site writer's test book, served from a folder of the same
// server, which also shows the site works from any folder.
//
// With GALLEY_SCREENSHOTS set to a directory, the test also saves what it
// sees there: a page in the light and dark themes, at a phone's width and
// as printed.
func TestSiteInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	ctx := browsertest.Context(t)
	site, summary := bundledSite(t)
	if summary.NoRoller != nil {
		t.Skip("no dice roller to test: ", summary.NoRoller)
	}
	testDoc, diags, err := parser.ParseBook("testdata/site/book")
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	testSite, _ := buildBookSite(t, testDoc)

	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(site)))
	mux.Handle("/testbook/", http.StripPrefix("/testbook/", http.FileServer(http.Dir(testSite))))
	url, console := browse(t, ctx, mux)

	step := func(name string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		if err := chromedp.Do(sctx, steps...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	eval := func(expr string, out any) {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		v, err := chromedp.Run(sctx, chromedp.Evaluate[json.RawMessage](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		if err := json.Unmarshal(v, out); err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
	}
	ready := chromedp.WaitReady(chromedp.CSS(`#roller-input`))

	step("open a page with dice", chromedp.Navigate(url+"/overview/the-system.html"), ready)
	var system string
	eval(`document.documentElement.dataset.system`, &system)
	if system != "fd100" {
		t.Errorf("<html data-system> is %q, want fd100", system)
	}

	// The page carries only its chapter's outline; the whole book's comes
	// from assets/outline.js, with the current page marked and open.
	var outline struct {
		Setting bool   `json:"setting"`
		Current string `json:"current"`
		Open    bool   `json:"open"`
	}
	eval(`(async () => {
		for (let i = 0; i < 100 && !document.querySelector('#sidebar a[href$="setting/index.html"]'); i++) {
			await new Promise(r => setTimeout(r, 50));
		}
		const current = document.querySelector('#sidebar [aria-current="page"]');
		return {
			setting: !!document.querySelector('#sidebar a[href$="setting/index.html"]'),
			current: current ? current.textContent : "",
			open: !!(current && current.closest("li.open")),
		};
	})()`, &outline)
	if !outline.Setting || outline.Current != "The System" || !outline.Open {
		t.Errorf("the sidebar after load: %+v; want the whole outline, The System current and open", outline)
	}

	var faces []float64
	eval(`(async () => {
		const faces = [];
		for (let i = 0; i < 60; i++) {
			faces.push((await window.galley.roll("d60", {system: "fd100"})).value);
		}
		return faces;
	})()`, &faces)
	if len(faces) != 60 {
		t.Fatalf("%d rolls of d60, want 60", len(faces))
	}
	distinct := map[float64]bool{}
	for _, f := range faces {
		distinct[f] = true
		if f != float64(int(f)) || f < 0 || f > 59 {
			t.Errorf("d60 in fd100 rolled %v, want a whole number from 0 to 59", f)
		}
	}
	if len(distinct) < 10 {
		t.Errorf("60 rolls of d60 gave only %d distinct faces", len(distinct))
	}

	var shownRoll string
	var named struct {
		Outcome string  `json:"outcome"`
		Value   *int    `json:"value"`
		Text    string  `json:"text"`
		Seed    float64 `json:"seed"`
		Words   string  `json:"words"`
		System  string  `json:"system"`
	}
	eval(`window.galley.roll("fd100 effort=60 resistance=40")`, &named)
	if named.Outcome == "" || named.Value != nil || named.Text == "" {
		t.Errorf("a named roll resolved to %+v, want an outcome and its text, no value", named)
	}
	if named.Words != "Effort 60% against Resistance 40%" || named.System != "fd100" {
		t.Errorf("a named roll resolved to %+v, want its words and its own system", named)
	}
	// Another system's roll is of that system, in words, in the panel.
	eval(`(async () => {
		document.getElementById("roller-input").value = "pool dice=6 difficulty=2";
		document.getElementById("roller-form").requestSubmit();
		for (let i = 0; i < 400 && !document.querySelector("#roller-result .roll-words"); i++) {
			await new Promise(r => setTimeout(r, 25));
		}
		const said = document.querySelector("#roller-result .roll-said");
		return said ? said.textContent : "";
	})()`, &shownRoll)
	if shownRoll != "6 dice against difficulty 2pool dice=6 difficulty=2 in pool" {
		t.Errorf("the roller says %q of pool dice=6 difficulty=2, want its words, then the expression in pool", shownRoll)
	}

	const oddsExpr = "fd100 effort=60 resistance=40"
	var inBrowser any
	eval(`window.galley.odds("`+oddsExpr+`")`, &inBrowser)
	if cli := cliOdds(t, oddsExpr); !reflect.DeepEqual(inBrowser, cli) {
		t.Errorf("galley.odds(%q) is\n%v\nand galley odds --json prints\n%v", oddsExpr, inBrowser, cli)
	}

	var failure string
	eval(`window.galley.roll("2d").then(() => "resolved", e => e.message + " @" + e.column)`, &failure)
	if !regexp.MustCompile(`@\d+$`).MatchString(failure) {
		t.Errorf("rolling a bad expression gave %q, want a rejection with its column", failure)
	}

	step("click dice in the text",
		chromedp.Click(chromedp.CSS(`#content a[data-roll="d60"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#roller-result .roll-value`)),
		chromedp.WaitVisible(chromedp.CSS(`#roller-odds .odds-range`)),
	)
	var shown string
	eval(`document.querySelector("#roller-result .roll-value").textContent`, &shown)
	if n, err := strconv.Atoi(shown); err != nil || n < 0 || n > 59 {
		t.Errorf("clicking d60 shows %q in #roller-result, want a number from 0 to 59", shown)
	}

	step("open a roll table", chromedp.Navigate(url+"/testbook/basics/rolls.html"), ready)
	step("roll it",
		chromedp.Click(chromedp.CSS(`button[data-roll-table]`)),
		chromedp.WaitVisible(chromedp.CSS(`tr.rolled`)),
	)
	var rolled struct {
		Rows    int    `json:"rows"`
		Lo      int    `json:"lo,string"`
		Hi      int    `json:"hi,string"`
		Message string `json:"message"`
	}
	eval(`(() => {
		const rows = document.querySelectorAll("tr.rolled");
		return {rows: rows.length, lo: rows[0].dataset.lo, hi: rows[0].dataset.hi,
			message: document.querySelector(".roll-table-result").textContent};
	})()`, &rolled)
	face, err := strconv.Atoi(regexp.MustCompile(`-?\d+`).FindString(rolled.Message))
	if rolled.Rows != 1 || err != nil || face < rolled.Lo || face > rolled.Hi {
		t.Errorf("after a roll of the table: %+v, want one row marked that covers the face rolled", rolled)
	}

	step("search", chromedp.Navigate(url+"/index.html"), ready,
		chromedp.Click(chromedp.CSS(`#search-input`)),
		chromedp.SendKeys(chromedp.CSS(`#search-input`), "Nasute"),
		chromedp.WaitVisible(chromedp.CSS(`#search-results a`)),
	)
	var results []struct{ Href, Text string }
	eval(`Array.from(document.querySelectorAll("#search-results a"), a => ({href: a.getAttribute("href"), text: a.textContent}))`, &results)
	found := false
	for _, r := range results {
		found = found || r.Href == "setting/enemies.html#nasute-soldier" && regexp.MustCompile(`Nasute`).MatchString(r.Text)
	}
	if !found {
		t.Errorf("searching for Nasute found %+v, want the Nasute Soldier section", results)
	}
	step("follow the first result", chromedp.KeyEvent("\r"), chromedp.WaitReady(chromedp.CSS(`#nasute-soldier`)))

	if dir := os.Getenv("GALLEY_SCREENSHOTS"); dir != "" {
		screenshots(t, ctx, url, dir)
	}

	for _, p := range console() {
		t.Errorf("console: %s", p)
	}
}

// cliOdds runs `galley odds --json EXPR` and reads what it prints.
func cliOdds(t *testing.T, expr string) any {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	module := filepath.Join(filepath.Dir(file), "..", "..")
	cmd := exec.Command("go", "run", "./cmd/galley", "odds", "--json", expr)
	cmd.Dir = module
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("galley odds --json %s: %v", expr, err)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// screenshots saves the section on decile dice as a reader sees it in each
// setting worth looking at.
func screenshots(t *testing.T, ctx context.Context, base, dir string) {
	t.Helper()
	for _, shot := range []struct {
		name          string
		width, height int64
		media, scheme string
		path          string
	}{
		{"light", 1400, 900, "", "light", "/system/fuzzy-d100.html"},
		{"dark", 1400, 900, "", "dark", "/system/taking-actions.html"},
		{"phone", 390, 844, "", "light", "/index.html"},
		{"print", 800, 1100, "print", "light", "/system/fuzzy-d100.html"},
	} {
		sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		err := chromedp.Do(sctx,
			chromedp.EmulateViewport(shot.width, shot.height),
			chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Media: shot.media, Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: shot.scheme}},
				})
				return err
			}),
			chromedp.Navigate(base+shot.path),
			chromedp.WaitReady(chromedp.CSS(`#content`)),
		)
		var png []byte
		if err == nil {
			png, err = chromedp.Run(sctx, chromedp.CaptureScreenshot())
		}
		cancel()
		if err != nil {
			t.Fatalf("screenshot %s: %v", shot.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, "site-"+shot.name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

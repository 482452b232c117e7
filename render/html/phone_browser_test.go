package html_test

import (
	"bytes"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// seedBook is the designer's manuscript of the book, beside the repository
// in ../shared/seeds; a fresh clone has none, and then the tests that read
// it say so and go on without it.
const seedBook = "../../../shared/seeds/000_9527e596835b1710.txt"

// servedSites are the sites a test serves, each from a folder of its own:
// "book", the bundled book's, and "seed", the seed's, when it is at hand.
type servedSites struct {
	url string
	// dirs are where each site is written, by folder; pages are its
	// chapter and section pages, as paths on the server.
	dirs  map[string]string
	pages map[string][]string
	browserPage
}

// serveSites builds and serves the bundled book's site and the seed's.
func serveSites(t *testing.T) servedSites {
	t.Helper()
	ctx := browsertest.Context(t)
	sites := map[string]string{}
	sites["book"], _ = bundledSite(t)
	if src, err := os.ReadFile(seedBook); err != nil {
		t.Logf("the seed manuscript is not beside the repository (%v): only the bundled book is read", err)
	} else {
		sites["seed"], _ = siteOnce(t, "seed", func() *ast.Document {
			doc, _ := parser.Parse("seed.txt", src)
			return doc
		})
	}
	mux := http.NewServeMux()
	pages := map[string][]string{}
	for name, dir := range sites {
		mux.Handle("/"+name+"/", http.StripPrefix("/"+name+"/", http.FileServer(http.Dir(dir))))
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			if d.IsDir() && (rel == "assets" || rel == "sheets") {
				return filepath.SkipDir
			}
			if strings.HasSuffix(rel, ".html") {
				pages[name] = append(pages[name], "/"+name+"/"+filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	url, _ := browse(t, ctx, mux)
	return servedSites{url: url, dirs: sites, pages: pages, browserPage: browserPage{t: t, ctx: ctx}}
}

// holds says whether the page served at path holds text.
func (s servedSites) holds(path, text string) bool {
	s.t.Helper()
	site, rel, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	page, err := os.ReadFile(filepath.Join(s.dirs[site], filepath.FromSlash(rel)))
	if err != nil {
		s.t.Fatal(err)
	}
	return bytes.Contains(page, []byte(text))
}

// tablesScript measures the page's tables in the window as it is and
// returns how many there are, how many scroll, whether Table 13 (the
// bundled book's number; Roll matches Effort, Roll beats Resistance,
// Degree of Success) fits, and what is wrong: a table wider than its frame
// must scroll in it, with a shadow at the frame's edge (drawn where the
// frame is, covered by the table's end as it comes into view), its first
// column held in place, and its frame a named stop for Tab, whose arrows
// scroll it; a frame whose table fits is no stop; and the page itself
// never scrolls sideways.
const tablesScript = `(async () => {
	// The page's script settles each frame's stop after the page is laid
	// out, which is by the second frame drawn.
	await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	const problems = [];
	let scrolling = 0, table13 = null;
	const tables = document.querySelectorAll("#content table");
	for (const table of tables) {
		const frame = table.closest(".table-scroll");
		const name = (table.closest("figure") || table).id || table.rows[0].textContent.trim().slice(0, 30);
		if (!frame) {
			problems.push(name + ": no frame of its own");
			continue;
		}
		const overflows = frame.scrollWidth > frame.clientWidth;
		if (/^Roll matches Effort/.test(table.rows[0].textContent.trim())) table13 = !overflows;
		if (!overflows) {
			if (frame.tabIndex >= 0) problems.push(name + ": fits, yet its frame is a stop for Tab, named " + JSON.stringify(frame.getAttribute("aria-label")));
			continue;
		}
		scrolling++;
		if (frame.tabIndex < 0 || !frame.getAttribute("aria-label")) problems.push(name + ": scrolls, and its frame is no named stop for Tab, whose arrows would scroll it");
		const style = getComputedStyle(frame);
		if (!/auto|scroll/.test(style.overflowX)) problems.push(name + ": wider than its frame, which does not scroll");
		const layers = style.backgroundAttachment.split(",").map(s => s.trim());
		const images = style.backgroundImage;
		if (!/gradient/.test(images) || !layers.includes("local") || !layers.includes("scroll")) {
			problems.push(name + ": scrolls with no shadow at its edge (background " + images + " attached " + layers + ")");
		}
		for (const row of table.rows) {
			if (getComputedStyle(row.cells[0]).position !== "sticky") {
				problems.push(name + ": scrolls and its first column does not stay");
				break;
			}
		}
	}
	const page = document.documentElement;
	if (page.scrollWidth > page.clientWidth) problems.push("the page scrolls sideways: " + page.scrollWidth + " > " + page.clientWidth);
	return {tables: tables.length, scrolling, table13, problems};
})()`

// TestTablesOnAPhoneInBrowser reads every table of the bundled book and of
// the seed's at a phone's 390×844: each fits its column, its headers and
// cells wrapping, or scrolls in its own frame with a cue that it does and
// its first column in place. Table 13, three short columns whose last is
// the one that matters, fits. No page it reads scrolls sideways: the pages
// with tables, and under -long every page.
func TestTablesOnAPhoneInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	s := serveSites(t)
	s.do("a phone", view(390, 844, "light")...)
	found := map[string]bool{}
	for site, list := range s.pages {
		tables, scrolling := 0, 0
		for _, path := range list {
			if !*long && !s.holds(path, "<table") {
				continue
			}
			s.do("open "+path, chromedp.Navigate(s.url+path), chromedp.WaitReady(chromedp.CSS(`#content`)))
			var got struct {
				Tables, Scrolling int
				Table13           *bool
				Problems          []string
			}
			s.eval(tablesScript, &got)
			for _, problem := range got.Problems {
				t.Errorf("%s at 390×844: %s", path, problem)
			}
			if got.Table13 != nil {
				found[site] = true
				if !*got.Table13 {
					t.Errorf("%s at 390×844: Table 13 scrolls; its three columns fit a phone when their headers wrap", path)
				}
			}
			tables += got.Tables
			scrolling += got.Scrolling
		}
		t.Logf("%s: %d tables at 390×844, %d of them scroll", site, tables, scrolling)
		if tables < 20 {
			t.Errorf("%s: measured %d tables, want the book's 27 or more", site, tables)
		}
		if !found[site] {
			t.Errorf("%s: no table headed Roll matches Effort (Table 13 of the bundled book)", site)
		}
	}
}

// sheetValuesScript returns, for every sheet on the page, what does not fit:
// an input whose value is wider than the input, a field, option or box
// whose content spills out of it, or a page that scrolls sideways; and how
// many values it measured.
const sheetValuesScript = `(() => {
	const problems = [];
	let values = 0;
	for (const input of document.querySelectorAll(".sheet input:not([type=checkbox]):not([type=radio])")) {
		values++;
		if (input.scrollWidth > input.clientWidth) {
			problems.push(input.id + " shows " + input.clientWidth + "px of its value " + JSON.stringify(input.value) + ", " + input.scrollWidth + "px wide");
		}
	}
	for (const part of document.querySelectorAll(".sheet, .sheet :is(.sheet-header, .sheet-header > *, .sheet-field, .sheet-option, .sheet-box)")) {
		if (part.scrollWidth > part.clientWidth) {
			const name = part.querySelector("input") ? part.querySelector("input").id : part.className;
			problems.push(part.className + " of " + name + " spills out: " + part.scrollWidth + "px in " + part.clientWidth + "px");
		}
	}
	const page = document.documentElement;
	if (page.scrollWidth > page.clientWidth) problems.push("the page scrolls sideways: " + page.scrollWidth + " > " + page.clientWidth);
	return {values, problems};
})()`

// TestSheetValuesWholeInBrowser reads every class's HTML sheet, of the
// bundled book and the seed, on its own page and among the chapter's
// text, at 1280×800 and at a phone's 390×844:
// no value is cut off ("Shredding, Area Attack" whole, not "Shredding,
// Area Attac") and nothing spills out of its box.
func TestSheetValuesWholeInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	s := serveSites(t)
	var paths []string
	for site, dir := range s.dirs {
		sheets, err := filepath.Glob(filepath.Join(dir, "sheets", "*.html"))
		if err != nil || len(sheets) == 0 {
			t.Fatalf("no sheet pages in the %s's site (%v)", site, err)
		}
		for _, sheet := range sheets {
			paths = append(paths, "/"+site+"/sheets/"+filepath.Base(sheet))
		}
	}
	// The chapter that shows every class's sheet among its text.
	paths = append(paths, "/book/character/character-classes.html")
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		s.do("resize", view(size[0], size[1], "light")...)
		values := 0
		for _, path := range paths {
			s.do("open "+path, chromedp.Navigate(s.url+path), chromedp.WaitReady(chromedp.CSS(`form.sheet`)))
			var got struct {
				Values   int
				Problems []string
			}
			s.eval(sheetValuesScript, &got)
			for _, problem := range got.Problems {
				t.Errorf("%s at %d×%d: %s", path, size[0], size[1], problem)
			}
			values += got.Values
		}
		t.Logf("%d×%d: %d sheet values on %d pages, each whole", size[0], size[1], values, len(paths))
		if values < 500 {
			t.Errorf("%d×%d: measured %d sheet values, want every class's", size[0], size[1], values)
		}
	}
}

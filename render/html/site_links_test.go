package html_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
	sitehtml "github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/rules/check"
)

// buildBookSite writes doc's site, with its character sheets and print
// books, into a new directory, the way galley build does, the dice roller
// and the list of downloads included: on a machine with Go, a roller that
// does not compile fails the test. A test that only reads the bundled
// book's site takes bundledSite's.
func buildBookSite(t *testing.T, doc *ast.Document) (string, *sitehtml.SiteSummary) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	summary, err := writeBookSite(dir, doc)
	if err != nil {
		t.Fatal(err)
	}
	return dir, summary
}

// writeBookSite writes the book's site as buildBookSite does, into dir.
func writeBookSite(dir string, doc *ast.Document) (*sitehtml.SiteSummary, error) {
	var summary *sitehtml.SiteSummary
	parts := []pipeline.Part{{Name: "html", Write: func(ctx context.Context, book *pipeline.Book, dir string) (pipeline.Written, error) {
		var err error
		summary, err = sitehtml.WriteSite(ctx, book.Doc, book.Sheets, dir, sitehtml.SiteOptions{Proof: book.Proof()})
		return pipeline.Written{}, err
	}}}
	for _, part := range pipeline.Parts {
		if part.Name != "html" {
			parts = append(parts, part)
		}
	}
	sheets := testbook.SheetsOf(doc)
	book := &pipeline.Book{Doc: doc, Sheets: sheets, Checks: check.Book(doc, sheets)}
	if _, err := pipeline.Build(context.Background(), book, pipeline.BuildOptions{Out: dir, Parts: parts}); err != nil {
		return nil, err
	}
	if summary.NoRoller != nil && !errors.Is(summary.NoRoller, sitehtml.ErrNoGo) {
		return nil, fmt.Errorf("the dice roller did not compile: %w", summary.NoRoller)
	}
	return summary, nil
}

// sharedSites are the sites that several tests read and none writes, each
// built once for all of them: a build of the bundled book, every part of
// it, takes a second or more. TestMain removes them.
var sharedSites struct {
	sync.Mutex
	dir   string // holds them all
	built map[string]sharedSite
}

type sharedSite struct {
	dir     string
	summary *sitehtml.SiteSummary
	err     error
}

// bundledSite returns the bundled book's site as buildBookSite writes
// it, built once for every test that reads it. A test must not change it.
func bundledSite(t *testing.T) (string, *sitehtml.SiteSummary) {
	t.Helper()
	return siteOnce(t, "bundled", func() *ast.Document {
		// The bundled book as the pipeline hands it over: with its index.
		doc := testbook.Book(t)
		doc.Index, _ = index.Build(doc, testbook.SheetsOf(doc))
		return doc
	})
}

// siteOnce returns the site of the book named, which doc reads, building
// it on first use.
func siteOnce(t *testing.T, name string, doc func() *ast.Document) (string, *sitehtml.SiteSummary) {
	t.Helper()
	sharedSites.Lock()
	defer sharedSites.Unlock()
	site, ok := sharedSites.built[name]
	if !ok {
		if sharedSites.dir == "" {
			if sharedSites.dir, site.err = os.MkdirTemp("", "galley-html-test-"); site.err != nil {
				t.Fatal(site.err)
			}
			sharedSites.built = map[string]sharedSite{}
		}
		site.dir = filepath.Join(sharedSites.dir, name)
		site.summary, site.err = writeBookSite(site.dir, doc())
		sharedSites.built[name] = site
	}
	if site.err != nil {
		t.Fatalf("building the %s site: %v", name, site.err)
	}
	return site.dir, site.summary
}

// removeSharedSites removes the shared sites once the tests have run.
func removeSharedSites() {
	if sharedSites.dir != "" {
		os.RemoveAll(sharedSites.dir)
	}
}

var (
	linkAttr  = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
	idAttr    = regexp.MustCompile(`\sid="([^"]*)"`)
	titleTag  = regexp.MustCompile(`<title>([^<]+)</title>`)
	cssURL    = regexp.MustCompile(`url\("?([^")]+)"?\)`)
	anyScheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	external  = regexp.MustCompile(`https?://`)
)

// svgNamespace is the one http: string the site may hold: roller.js names
// SVG's namespace to draw charts, and the icon declares it, an identifier
// no browser fetches.
const svgNamespace = "http://www.w3.org/2000/svg"

// TestSiteLinks checks the bundled book's whole site as a reader's browser
// would find it (see siteProblems), and that the check finds a link that
// is broken, wherever it is.
func TestSiteLinks(t *testing.T) {
	dir, summary := bundledSite(t)
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	roller := summary.NoRoller == nil
	for _, problem := range siteProblems(t, files, roller) {
		t.Error(problem)
	}

	for _, broken := range []struct {
		name, file, old, new, want string
	}{
		{"a page's link", "setting/index.html", `href="../setting/enemies.html"`, `href="../setting/enemy.html"`, `setting/index.html: "../setting/enemy.html": no such file`},
		{"a page's anchor", "system/index.html", `href="#top"`, `href="#bottom"`, `system/index.html: "#bottom": system/index.html has no id "bottom"`},
		{"a script of the page's", "index.html", `src="assets/outline.js"`, `src="assets/outlines.js"`, `index.html: "assets/outlines.js": no such file`},
		{"an outline entry", "assets/outline.js", `"u":"setting/enemies.html"`, `"u":"setting/enemy.html"`, `assets/outline.js: "setting/enemy.html": no such file`},
		{"a search result", "assets/search-index.js", `"u":"setting/enemies.html#nasute-soldier"`, `"u":"setting/enemies.html#nasute"`, `assets/search-index.js: "setting/enemies.html#nasute": setting/enemies.html has no id "nasute"`},
		{"a file a script loads", "assets/search.js", `"assets/search-index.js"`, `"assets/search.json"`, `assets/search.js: "assets/search.json": no such file`},
	} {
		if !bytes.Contains(files[broken.file], []byte(broken.old)) {
			t.Errorf("%s: %s has no %s to break", broken.name, broken.file, broken.old)
			continue
		}
		changed := maps.Clone(files)
		changed[broken.file] = bytes.Replace(files[broken.file], []byte(broken.old), []byte(broken.new), 1)
		if problems := siteProblems(t, changed, roller); !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, broken.want) }) {
			t.Errorf("%s broken, the check found %q; want %q", broken.name, problems, broken.want)
		}
	}
	if roller {
		gone := maps.Clone(files)
		delete(gone, "assets/roller-wasm.js")
		if problems := siteProblems(t, gone, roller); !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, `"roller-wasm.js": no such file`) }) {
			t.Errorf("without roller-wasm.js the check found %q", problems)
		}
	}
}

// pageKind tells the kinds of page apart: the index, a chapter's landing
// page, a section, a character sheet.
func pageKind(name string) string {
	switch {
	case name == "index.html":
		return "the index"
	case path.Dir(name) == pipeline.SheetsDir:
		return "a sheet"
	case path.Base(name) == "index.html":
		return "a chapter"
	}
	return "a section"
}

// scriptFile finds the files the site's scripts name, to load later: the
// search index, the roller and its glue.
var scriptFile = regexp.MustCompile(`"((?:assets/)?[a-z0-9_-]+\.(?:js|wasm|json))"`)

// dataScripts are the scripts that hold data rather than code, by the
// variable each sets; their addresses are checked, and their data is not
// read for others.
var dataScripts = map[string]string{
	"assets/outline.js":      "window.galleyOutline",
	"assets/search-index.js": "window.galleySearchIndex",
	"assets/roller-wasm.js":  "window.galleyRollerWasm",
}

// siteProblems returns what is wrong with a site, its files by path: an
// href or src of a page, a url() of a stylesheet, an address in the
// outline or the search index, or a file a script loads, that names no
// file of the site or, with a fragment, no id on that page; a link off
// the site or by an absolute path (the site must work from any folder of
// any server, and from disk); a page without a <title> or with an id
// twice; a file the site serves that names an http: or https: address; a
// kind of page (see pageKind) missing, which would go unchecked; and an
// index or sheet's page that does not list every download with its size,
// or does not name its icon, so that a browser asks for a /favicon.ico the
// site lacks.
func siteProblems(t *testing.T, files map[string][]byte, roller bool) []string {
	t.Helper()
	var problems []string
	problem := func(format string, args ...any) {
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	ids := map[string]map[string]bool{}
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		ids[name] = map[string]bool{}
		for _, m := range idAttr.FindAllStringSubmatch(string(data), -1) {
			id := html.UnescapeString(m[1])
			if ids[name][id] {
				problem("%s: id %q twice", name, id)
			}
			ids[name][id] = true
		}
	}
	resolve := func(from, base, ref string) {
		if anyScheme.MatchString(ref) || strings.HasPrefix(ref, "/") {
			problem("%s: %q leaves the site or depends on where it is served", from, ref)
			return
		}
		file, fragment, _ := strings.Cut(ref, "#")
		target := base
		if file != "" {
			target = path.Join(path.Dir(base), file)
		}
		if _, ok := files[target]; !ok {
			problem("%s: %q: no such file %s", from, ref, target)
			return
		}
		if fragment != "" && !ids[target][fragment] {
			problem("%s: %q: %s has no id %q", from, ref, target, fragment)
		}
	}
	kinds := map[string]int{}
	for name, data := range files {
		text := string(data)
		switch path.Ext(name) {
		case ".html":
			kinds[pageKind(name)]++
			if m := titleTag.FindStringSubmatch(text); m == nil || strings.TrimSpace(m[1]) == "" {
				problem("%s has no <title>", name)
			}
			for _, m := range linkAttr.FindAllStringSubmatch(text, -1) {
				resolve(name, name, html.UnescapeString(m[1]))
			}
		case ".css":
			for _, m := range cssURL.FindAllStringSubmatch(text, -1) {
				resolve(name, name, m[1])
			}
		case ".js":
			switch variable := dataScripts[name]; {
			case name == "assets/wasm_exec.js":
				// Go's own glue; its one address is in a comment.
				text = regexp.MustCompile(`//.*`).ReplaceAllString(text, "")
			case name == "assets/roller-wasm.js":
			case name == "assets/roller.js" && !roller:
				// A site built without Go has no roller's files to load.
			case variable != "":
				// The data's addresses are from the site's root.
				var entries []outlineEntry
				if err := json.Unmarshal(jsValue(t, data, variable), &entries); err != nil {
					problem("%s: %v", name, err)
				}
				for _, u := range outlineURLs(entries) {
					resolve(name, "index.html", u)
				}
			default:
				// The site's own scripts name the files they load
				// later, from the assets or from the site's root.
				for _, m := range scriptFile.FindAllStringSubmatch(text, -1) {
					base := name
					if strings.HasPrefix(m[1], "assets/") {
						base = "index.html"
					}
					resolve(name, base, m[1])
				}
			}
			text = strings.ReplaceAll(text, svgNamespace, "")
		case ".svg":
			text = strings.ReplaceAll(text, svgNamespace, "")
		default:
			continue
		}
		if loc := external.FindStringIndex(text); loc != nil {
			problem("%s names an external address: %q", name, text[loc[0]:min(len(text), loc[1]+40)])
		}
	}
	for _, kind := range []string{"the index", "a chapter", "a section", "a sheet"} {
		if kinds[kind] == 0 {
			problem("the site has no page that is %s, to check", kind)
		}
	}
	if kinds["a section"] < 10 {
		problem("checked %d sections; the bundled book has more", kinds["a section"])
	}
	if roller {
		for _, name := range []string{"assets/roller.wasm", "assets/wasm_exec.js", "assets/roller-wasm.js"} {
			if len(files[name]) == 0 {
				problem("the site has a roller but no %s", name)
			}
		}
	}

	for name, data := range files {
		text := string(data)
		if path.Ext(name) != ".html" {
			continue
		}
		if !strings.Contains(text, `<link rel="icon" href="`) {
			problem("%s names no icon", name)
		}
		root := ""
		switch pageKind(name) {
		case "the index":
		case "a sheet":
			root = "../"
			if !strings.Contains(text, `<a href="../index.html">← Back to the book</a>`) {
				problem("%s does not link back to the book", name)
			}
		default:
			continue
		}
		for file := range files {
			switch {
			case path.Dir(file) == "." && (path.Ext(file) == ".pdf" || path.Ext(file) == ".txt"),
				path.Dir(file) == pipeline.SheetsDir && slices.Contains([]string{".pdf", ".txt", ".html"}, path.Ext(file)):
				if !regexp.MustCompile(`<a href="` + regexp.QuoteMeta(root+file) + `">[^<]+</a> \([0-9.]+ (KB|MB|bytes)\)`).MatchString(text) {
					problem("%s does not list %s with its size", name, file)
				}
			}
		}
	}
	return problems
}

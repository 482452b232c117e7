package html_test

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render"
	sitehtml "github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/rules/check"
)

// buildBundledSite writes the bundled book's site, with its character
// sheets and print books, into a new directory, the way galley build does,
// the dice roller and the list of downloads included: on a machine with
// Go, a roller that does not compile fails the test.
func buildBundledSite(t *testing.T) (string, *sitehtml.SiteSummary) {
	t.Helper()
	return buildBookSite(t, testbook.Book(t))
}

func buildBookSite(t *testing.T, doc *ast.Document) (string, *sitehtml.SiteSummary) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	var summary *sitehtml.SiteSummary
	parts := []render.Part{{Name: "html", Write: func(ctx context.Context, book *render.Book, dir string) (render.Written, error) {
		var err error
		summary, err = sitehtml.WriteSite(ctx, book.Doc, book.Checks, dir, sitehtml.SiteOptions{})
		return render.Written{}, err
	}}}
	for _, part := range render.Parts {
		if part.Name != "html" {
			parts = append(parts, part)
		}
	}
	book := &render.Book{Doc: doc, Checks: check.Book(doc)}
	if _, err := render.Build(context.Background(), book, render.Options{Out: dir, Parts: parts}); err != nil {
		t.Fatal(err)
	}
	if summary.NoRoller != nil && !errors.Is(summary.NoRoller, sitehtml.ErrNoGo) {
		t.Fatalf("the dice roller did not compile: %v", summary.NoRoller)
	}
	return dir, summary
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
// would find it: every href and src of every page, and every url() of the
// stylesheet, names a file the site has and, with a fragment, an id on that
// page; no page links off the site or by an absolute path (the site must
// work from any folder of any server); every page has a <title> and no id
// twice (the shared outline, assets/outline.html, is checked for its links); the search index's addresses resolve too; and no file the site
// serves names an http: or https: address.
func TestSiteLinks(t *testing.T) {
	dir, summary := buildBundledSite(t)
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
	ids := map[string]map[string]bool{}
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		ids[name] = map[string]bool{}
		for _, m := range idAttr.FindAllStringSubmatch(string(data), -1) {
			id := html.UnescapeString(m[1])
			if ids[name][id] {
				t.Errorf("%s: id %q twice", name, id)
			}
			ids[name][id] = true
		}
	}
	resolve := func(from, ref string) {
		t.Helper()
		if anyScheme.MatchString(ref) || strings.HasPrefix(ref, "/") {
			t.Errorf("%s: %q leaves the site or depends on where it is served", from, ref)
			return
		}
		file, fragment, _ := strings.Cut(ref, "#")
		target := from
		if file != "" {
			target = path.Join(path.Dir(from), file)
		}
		if _, ok := files[target]; !ok {
			t.Errorf("%s: %q: no such file %s", from, ref, target)
			return
		}
		if fragment != "" && !ids[target][fragment] {
			t.Errorf("%s: %q: %s has no id %q", from, ref, target, fragment)
		}
	}
	pages := 0
	for name, data := range files {
		text := string(data)
		switch path.Ext(name) {
		case ".html":
			// assets/outline.html is a part every page loads, not a page.
			if path.Dir(name) != "assets" {
				pages++
				if m := titleTag.FindStringSubmatch(text); m == nil || strings.TrimSpace(m[1]) == "" {
					t.Errorf("%s has no <title>", name)
				}
			}
			for _, m := range linkAttr.FindAllStringSubmatch(text, -1) {
				resolve(name, html.UnescapeString(m[1]))
			}
		case ".css":
			for _, m := range cssURL.FindAllStringSubmatch(text, -1) {
				resolve(name, m[1])
			}
		case ".js":
			if name == "assets/wasm_exec.js" {
				// Go's own glue; its one address is in a comment.
				text = regexp.MustCompile(`//.*`).ReplaceAllString(text, "")
			}
			text = strings.ReplaceAll(text, svgNamespace, "")
		case ".svg":
			text = strings.ReplaceAll(text, svgNamespace, "")
		case ".json":
		default:
			continue
		}
		if loc := external.FindStringIndex(text); loc != nil {
			t.Errorf("%s names an external address: %q", name, text[loc[0]:min(len(text), loc[1]+40)])
		}
	}
	if pages < 20 {
		t.Errorf("checked %d pages; the bundled book has more", pages)
	}

	// The index and each sheet's page list every download with its size,
	// the sheets' pages link back to the book, and every page names its
	// icon, so that no browser asks for a /favicon.ico the site lacks.
	for name, data := range files {
		text := string(data)
		if path.Ext(name) != ".html" || path.Dir(name) == "assets" {
			continue
		}
		if !strings.Contains(text, `<link rel="icon" href="`) {
			t.Errorf("%s names no icon", name)
		}
		root := ""
		switch {
		case name == "index.html":
		case path.Dir(name) == render.SheetsDir:
			root = "../"
			if !strings.Contains(text, `<a href="../index.html">← Back to the book</a>`) {
				t.Errorf("%s does not link back to the book", name)
			}
		default:
			continue
		}
		for file := range files {
			switch {
			case path.Dir(file) == "." && (path.Ext(file) == ".pdf" || path.Ext(file) == ".txt"),
				path.Dir(file) == render.SheetsDir && slices.Contains([]string{".pdf", ".txt", ".html"}, path.Ext(file)):
				if !regexp.MustCompile(`<a href="` + regexp.QuoteMeta(root+file) + `">[^<]+</a> \([0-9.]+ (KB|MB|bytes)\)`).MatchString(text) {
					t.Errorf("%s does not list %s with its size", name, file)
				}
			}
		}
	}

	// Addresses the scripts make: the search index's entries, and the
	// roller's files.
	var index []struct {
		URL string `json:"u"`
	}
	if err := json.Unmarshal(files["assets/search.json"], &index); err != nil {
		t.Fatal(err)
	}
	for _, e := range index {
		resolve("index.html", e.URL)
	}
	if summary.NoRoller == nil {
		for _, name := range []string{"assets/roller.wasm", "assets/wasm_exec.js"} {
			if len(files[name]) == 0 {
				t.Errorf("the site has a roller but no %s", name)
			}
		}
	}
}

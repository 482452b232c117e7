package html

import (
	"bytes"
	"context"
	"errors"
	"html"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/templates"
)

// TestPageWeight builds a book whose second chapter shows a noisy picture
// of 1.6 MB, which PNG cannot shrink: that page, and only it, is
// over the default budget, and the warning stands at the picture, naming
// it and the page.
func TestPageWeight(t *testing.T) {
	dir := t.TempDir()
	book := "Light\n=====\n\nA page of text.\n\nHeavy\n=====\n\nA map.\n\n\\image{map.png}{The whole map}\n"
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	writeNoise(t, filepath.Join(dir, "map.png"), 640)
	site, summary := buildSite(t, dir, stubRoller)
	if len(summary.Diagnostics) != 1 {
		t.Fatalf("diagnostics %v, want one", summary.Diagnostics)
	}
	d := summary.Diagnostics[0]
	if d.Code != "site/page-weight" || d.Line != 11 || d.Col != 1 || d.Severity != ast.SeverityWarning ||
		!strings.Contains(d.Message, "heavy/index.html weighs 1.7 MB") || !strings.Contains(d.Message, "map.png, is 1.6 MB") {
		t.Errorf("diagnostic %v, want a page-weight warning at 11:1 naming heavy/index.html and map.png", d)
	}
	if weight := browserWeight(t, site, "light/index.html"); weight < 20_000 {
		t.Errorf("the light page weighs %d bytes, no more than its HTML and a stylesheet: its assets were not counted", weight)
	}
	doc, _, err := parser.ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	checked, err := CheckPageWeights(context.Background(), doc, testbook.SheetsOf(doc))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(checked, summary.Diagnostics, func(a, b *ast.Diagnostic) bool { return *a == *b }) {
		t.Errorf("CheckPageWeights gives %v, the build %v", checked, summary.Diagnostics)
	}
}

// TestPageWeightAsBrowserFetches holds the weights the site writer counts
// to what a browser fetches for each page of the written site: the page,
// the files its <img>, <script> and fetched <link> tags name, and the
// files its stylesheets name, read back from the site's directory. The
// books have pictures, the cover among them, and character sheets, whose
// pages load the sheets' stylesheet and script.
func TestPageWeightAsBrowserFetches(t *testing.T) {
	pictures := t.TempDir()
	book := "Map\n===\n\nA map.\n\n\\image{map.png}{The whole map}\n\nAgain\n-----\n\n\\image{map.png}{The map again}\n"
	if err := os.WriteFile(filepath.Join(pictures, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	writeNoise(t, filepath.Join(pictures, "map.png"), 40)
	writeNoise(t, filepath.Join(pictures, "cover.png"), 30)
	if err := os.WriteFile(filepath.Join(pictures, "galley.toml"), []byte("title = \"Maps\"\ncover = \"cover.png\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, book := range []string{testBook, testbook.Dir(), pictures} {
		doc, _, err := parser.ParseBook(book)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		sheets := testbook.SheetsOf(doc)
		if _, err := WriteSite(context.Background(), doc, sheets, dir, SiteOptions{Roller: stubRoller}); err != nil {
			t.Fatal(err)
		}
		s := newSite(doc, sheets, nil, true)
		if err := s.drawRollerPanel(embeddedRoller); err != nil {
			t.Fatal(err)
		}
		font, err := artFont(doc)
		if err != nil {
			t.Fatal(err)
		}
		files, err := s.sharedFiles(templates.FS, nil, font)
		if err != nil {
			t.Fatal(err)
		}
		weights, err := s.drawPages(context.Background(), newPageWeigher(files), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range s.pages {
			if want := browserWeight(t, dir, p.Path); weights[i] != want {
				t.Errorf("%s: %s weighs %d bytes as counted, %d as fetched", book, p.Path, weights[i], want)
			}
		}
	}
}

// What a browser fetches with a page, read from its HTML as a browser does.
var (
	fetchedTag  = regexp.MustCompile(`<(?:img|script|link)\b[^>]*>`)
	fetchedAttr = regexp.MustCompile(`\b(?:src|href)="([^"]*)"`)
	linkRel     = regexp.MustCompile(`\brel="([^"]*)"`)
	fetchedRels = map[string]bool{"stylesheet": true, "icon": true, "preload": true, "modulepreload": true}
	cssURL      = regexp.MustCompile(`url\(\s*["']?([^"')]+)["']?\s*\)`)
)

// browserWeight returns what a browser downloads to show the page at
// pagePath of the site written in dir, from the files there.
func browserWeight(t *testing.T, dir, pagePath string) int64 {
	t.Helper()
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		return data
	}
	page := read(pagePath)
	total := int64(len(page))
	seen := map[string]bool{}
	var add func(file string)
	add = func(file string) {
		if file == "" || seen[file] {
			return
		}
		seen[file] = true
		data := read(file)
		total += int64(len(data))
		if strings.HasSuffix(file, ".css") {
			for _, m := range cssURL.FindAllSubmatch(data, -1) {
				add(resolveRef(file, string(m[1])))
			}
		}
	}
	for _, tag := range fetchedTag.FindAll(page, -1) {
		if bytes.HasPrefix(tag, []byte("<link")) && !linkFetched(tag) {
			continue
		}
		if m := fetchedAttr.FindSubmatch(tag); m != nil {
			add(resolveRef(pagePath, html.UnescapeString(string(m[1]))))
		}
	}
	return total
}

// linkFetched reports whether a link tag's file is fetched with the page:
// a stylesheet or an icon is, a link to the next page is not.
func linkFetched(tag []byte) bool {
	m := linkRel.FindSubmatch(tag)
	if m == nil {
		return false
	}
	for _, rel := range strings.Fields(string(m[1])) {
		if fetchedRels[strings.ToLower(rel)] {
			return true
		}
	}
	return false
}

// writeNoise writes a side×side PNG of random pixels, which PNG cannot
// compress: about four bytes a pixel.
func writeNoise(t *testing.T, name string, side int) {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	random := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(random.Uint32())
	}
	img.Set(0, 0, color.NRGBA{A: 255})
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestResolveRef resolves the references a page or a stylesheet makes,
// from the site's root, and leaves out those out of the site.
func TestResolveRef(t *testing.T) {
	for _, tt := range []struct{ from, ref, want string }{
		{"index.html", "assets/site.css", "assets/site.css"},
		{"chapter/index.html", "../assets/site.css?v=1", "assets/site.css"},
		{"assets/site.css", "DejaVuSansMono.woff2", "assets/DejaVuSansMono.woff2"},
		{"chapter/section.html", "/assets/x.png#part", "assets/x.png"},
		{"index.html", "https://example.com/x.js", ""},
		{"index.html", "data:image/png;base64,AAAA", ""},
		{"index.html", "../outside.png", ""},
		{"index.html", "#top", ""},
	} {
		if got := resolveRef(tt.from, tt.ref); got != tt.want {
			t.Errorf("resolveRef(%q, %q) = %q, want %q", tt.from, tt.ref, got, tt.want)
		}
	}
}

// TestFormatBytes writes sizes as a browser's network panel does.
func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{900: "900 B", 349_600: "350 kB", 1_249_000: "1.2 MB"} {
		if got := formatBytes(n); got != want {
			t.Errorf("formatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

package html

import (
	"bytes"
	"context"
	"html"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// A page's weight is what a reader's browser downloads to show it: the
// page, the stylesheets, scripts and icon it links, the fonts and pictures
// its stylesheets name, and its pictures. Pictures loaded lazily count
// too: a reader who scrolls down the page downloads them, and a phone on a
// metered connection pays for them. What a page fetches only when asked,
// the dice roller's WebAssembly on the first roll and the search index on
// the first search, does not count. A page over the book's budget
// (page_weight in galley.toml) is a warning at its heaviest picture, or
// at its heading when it has none.

// fetchedTag matches the tags whose file a browser fetches with the page.
var fetchedTag = regexp.MustCompile(`<(?:img|script|link)\b[^>]*>`)

// fetchedAttr matches the attribute naming a tag's file; fetchedRel, a
// link's relation, of which only the fetched ones count.
var (
	fetchedAttr = regexp.MustCompile(`\b(?:src|href)="([^"]*)"`)
	linkRel     = regexp.MustCompile(`\brel="([^"]*)"`)
	fetchedRels = map[string]bool{"stylesheet": true, "icon": true, "preload": true, "modulepreload": true}
	// cssURL matches a stylesheet's url(…).
	cssURL = regexp.MustCompile(`url\(\s*["']?([^"')]+)["']?\s*\)`)
)

// pageWeigher weighs the pages of a site written in dir, reading each
// file they load once.
type pageWeigher struct {
	dir string
	// sizes are the files' sizes by path from the site's root, 0 for a
	// file that is not there.
	sizes map[string]int64
	// loads are the files each stylesheet loads.
	loads map[string][]string
}

func newPageWeigher(dir string) *pageWeigher {
	return &pageWeigher{dir: dir, sizes: map[string]int64{}, loads: map[string][]string{}}
}

// weigh returns the weight of the page at pagePath, from the site's root,
// whose HTML is page.
func (w *pageWeigher) weigh(pagePath string, page []byte) int64 {
	total := int64(len(page))
	seen := map[string]bool{}
	var add func(file string)
	add = func(file string) {
		if file == "" || seen[file] {
			return
		}
		seen[file] = true
		total += w.size(file)
		for _, loaded := range w.stylesheetLoads(file) {
			add(loaded)
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

// resolveRef returns the path from the site's root of ref, written in the
// file at from; "" for a reference out of the site (another origin, a
// data: URL, a path above the root).
func resolveRef(from, ref string) string {
	ref, _, _ = strings.Cut(ref, "#")
	ref, _, _ = strings.Cut(ref, "?")
	if ref == "" || strings.Contains(ref, ":") || strings.HasPrefix(ref, "//") {
		return ""
	}
	joined := path.Join(path.Dir(from), ref)
	if strings.HasPrefix(ref, "/") {
		joined = path.Clean(strings.TrimPrefix(ref, "/"))
	}
	if joined == ".." || strings.HasPrefix(joined, "../") {
		return ""
	}
	return joined
}

// size returns the size of the site's file at name, 0 when there is none.
func (w *pageWeigher) size(name string) int64 {
	if size, ok := w.sizes[name]; ok {
		return size
	}
	info, err := os.Stat(filepath.Join(w.dir, filepath.FromSlash(name)))
	if err == nil {
		w.sizes[name] = info.Size()
	}
	return w.sizes[name]
}

// stylesheetLoads returns the files a stylesheet's url(…)s name; none for
// any other file.
func (w *pageWeigher) stylesheetLoads(name string) []string {
	if !strings.HasSuffix(name, ".css") {
		return nil
	}
	if loads, ok := w.loads[name]; ok {
		return loads
	}
	var loads []string
	if css, err := os.ReadFile(filepath.Join(w.dir, filepath.FromSlash(name))); err == nil {
		for _, m := range cssURL.FindAllSubmatch(css, -1) {
			if file := resolveRef(name, string(m[1])); file != "" {
				loads = append(loads, file)
			}
		}
	}
	w.loads[name] = loads
	return loads
}

// CheckPageWeights returns galley check's page-weight warnings, those
// WriteSite reports: it writes the site into a temporary directory, which
// it removes, with a placeholder for the dice roller, whose WebAssembly a
// page fetches on the first roll, so that its weight is no page's.
func CheckPageWeights(ctx context.Context, doc *ast.Document, sheets *sheet.Book) (ast.DiagnosticList, error) {
	dir, err := os.MkdirTemp("", "galley-page-weight-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	placeholder := func(context.Context) (*Roller, error) { return &Roller{}, nil }
	summary, err := WriteSite(ctx, doc, sheets, dir, SiteOptions{Roller: placeholder})
	if err != nil {
		return nil, err
	}
	return summary.Diagnostics, nil
}

// checkPageWeights warns of each page of the site written in dir that
// weighs more than the book's page_weight.
func (s *site) checkPageWeights(dir string) (ast.DiagnosticList, error) {
	budget, ok := ast.ParseByteSize(s.doc.Config.PageWeight)
	if !ok {
		budget, _ = ast.ParseByteSize(ast.DefaultPageWeight)
	}
	var diags ast.DiagnosticList
	w := newPageWeigher(dir)
	for _, p := range s.pages {
		page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p.Path)))
		if err != nil {
			return nil, err
		}
		weight := w.weigh(p.Path, page)
		if weight <= budget {
			continue
		}
		msg := "the site's page " + p.Path + " weighs " + formatBytes(weight) + " with what it loads, over the budget of " + formatBytes(budget) + " (page_weight in galley.toml)"
		at := s.pageStart(p)
		if img, size := s.heaviestPicture(p); img != nil {
			at = img.Pos
			msg += "; its heaviest picture, " + img.Path + ", is " + formatBytes(size) + ": make it smaller, or raise page_weight"
		} else {
			msg += ": split the page, or raise page_weight"
		}
		diags.Warnf(at, "site/page-weight", msg)
	}
	return diags, nil
}

// pageStart returns where a page starts in the manuscript: at its
// heading, or for the index at the cover picture or the book's first file.
func (s *site) pageStart(p *sitePage) ast.Pos {
	switch {
	case p.Heading != nil:
		return p.Heading.Pos
	case s.doc.Cover != nil:
		return s.doc.Cover.Pos
	case len(s.doc.Files) > 0:
		return ast.Pos{File: s.doc.Files[0], Line: 1, Col: 1}
	}
	return ast.Pos{}
}

// heaviestPicture returns the page's largest picture file and its size;
// nil when the page shows none.
func (s *site) heaviestPicture(p *sitePage) (*ast.Image, int64) {
	var heaviest *ast.Image
	var most int64
	consider := func(img *ast.Image) {
		src, ok := s.pictures.src[img]
		if size := int64(len(s.pictures.files[src])); ok && size > most {
			heaviest, most = img, size
		}
	}
	ast.WalkBlocks(p.Blocks, func(b ast.Block) {
		if img, ok := b.(*ast.Image); ok {
			consider(img)
		}
	})
	if p.Heading == nil && s.doc.Cover != nil {
		consider(s.doc.Cover)
	}
	return heaviest, most
}

// formatBytes writes a size as a browser's network panel does: "1.2 MB",
// "350 kB", "900 B".
func formatBytes(n int64) string {
	switch {
	case n >= 1e6:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	case n >= 1e3:
		return strconv.FormatInt((n+500)/1000, 10) + " kB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

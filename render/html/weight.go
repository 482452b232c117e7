package html

import (
	"bytes"
	"context"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/templates"
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

// pageWeigher weighs the site's pages from what the site writer knows:
// each page's bytes, the files it fetches, which drawPage names, and the
// files those fetch in turn, a stylesheet's fonts. It weighs a page as it is
// drawn, so no page is read back, and galley check, which writes no site,
// weighs the pages without writing them.
type pageWeigher struct {
	// sizes are the site's files' sizes by path from the site's root.
	sizes map[string]int64
	// loads are the files each stylesheet names in its url(…)s.
	loads map[string][]string
}

// newPageWeigher prepares to weigh the pages of a site whose other files,
// by path from its root, are files.
func newPageWeigher(files map[string][]byte) *pageWeigher {
	w := &pageWeigher{sizes: make(map[string]int64, len(files)), loads: map[string][]string{}}
	for name, data := range files {
		w.sizes[name] = int64(len(data))
		if strings.HasSuffix(name, ".css") {
			for _, ref := range cssURLs(data) {
				if file := resolveRef(name, ref); file != "" {
					w.loads[name] = append(w.loads[name], file)
				}
			}
		}
	}
	return w
}

// weigh returns the weight of a page of pageBytes bytes that fetches the
// files fetched, by path from the site's root: each file once, and what
// the stylesheets among them load. A file the site lacks weighs nothing,
// as a browser downloads nothing for it.
func (w *pageWeigher) weigh(pageBytes int, fetched []string) int64 {
	total := int64(pageBytes)
	var seen []string // a page fetches a dozen files: a list beats a map
	var add func(file string)
	add = func(file string) {
		if slices.Contains(seen, file) {
			return
		}
		seen = append(seen, file)
		total += w.sizes[file]
		for _, loaded := range w.loads[file] {
			add(loaded)
		}
	}
	for _, file := range fetched {
		add(file)
	}
	return total
}

// cssURLs returns what a stylesheet's url(…)s name, quoted or not.
func cssURLs(css []byte) []string {
	var refs []string
	for rest := css; ; {
		i := bytes.Index(rest, []byte("url("))
		if i < 0 {
			return refs
		}
		rest = rest[i+len("url("):]
		end := bytes.IndexByte(rest, ')')
		if end < 0 {
			return refs
		}
		ref := strings.Trim(strings.TrimSpace(string(rest[:end])), `"'`)
		if ref != "" {
			refs = append(refs, ref)
		}
		rest = rest[end+1:]
	}
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

// pagePictures returns the picture files a page shows, from the site's
// root: its images' and, on the index, the cover's, as writePicture and
// writeCover draw them.
func (s *site) pagePictures(p *sitePage) []string {
	var files []string
	for _, img := range s.pageImages(p) {
		if src, ok := s.pictures.src[img]; ok {
			files = append(files, src)
		}
	}
	return files
}

// pageImages returns the pictures a page shows, with or without a file:
// those of its blocks, and the cover on the index.
func (s *site) pageImages(p *sitePage) []*ast.Image {
	var images []*ast.Image
	ast.WalkBlocks(p.Blocks, func(b ast.Block) {
		if img, ok := b.(*ast.Image); ok {
			images = append(images, img)
		}
	})
	if p.Heading == nil && s.doc.Cover != nil {
		images = append(images, s.doc.Cover)
	}
	return images
}

// CheckPageWeights returns galley check's page-weight warnings, those
// WriteSite reports, and writes nothing: it draws the pages and weighs
// them. A page's dice roller counts as galley build's does, but for its
// WebAssembly, which a page fetches on the first roll.
func CheckPageWeights(ctx context.Context, doc *ast.Document, sheets *sheet.Book) (ast.DiagnosticList, error) {
	s := newSite(doc, sheets, nil, true)
	if err := s.drawRollerPanel(embeddedRoller); err != nil {
		return nil, err
	}
	font, err := artFont(doc)
	if err != nil {
		return nil, err
	}
	files, err := s.sharedFiles(templates.FS, nil, font)
	if err != nil {
		return nil, err
	}
	weights, err := s.drawPages(ctx, newPageWeigher(files), nil)
	if err != nil {
		return nil, err
	}
	return s.pageWeightWarnings(weights), nil
}

// pageWeightWarnings warns of each page that weighs more than the book's
// page_weight, given the pages' weights in order.
func (s *site) pageWeightWarnings(weights []int64) ast.DiagnosticList {
	budget, ok := ast.ParseByteSize(s.doc.Config.PageWeight)
	if !ok {
		budget, _ = ast.ParseByteSize(ast.DefaultPageWeight)
	}
	var diags ast.DiagnosticList
	for i, p := range s.pages {
		weight := weights[i]
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
	return diags
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
	for _, img := range s.pageImages(p) {
		src, ok := s.pictures.src[img]
		if size := int64(len(s.pictures.files[src])); ok && size > most {
			heaviest, most = img, size
		}
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

package html

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/render/xhtml"
)

// descriptionLength is the most a page's description runs to, in
// characters: about what a search engine shows under a result.
const descriptionLength = 160

// description returns what a page's <meta name="description"> says: the
// first paragraph of its text, cut at a word to descriptionLength with
// "…"; for the index, the book's subtitle, or else its first paragraph. A
// page with no paragraph is described by its title. plain holds the texts
// of the paragraphs drawn on the page, when they were kept.
func (s *site) description(p *sitePage, title string, plain *xhtml.PlainTexts) string {
	if p.Heading == nil && s.doc.Config.Subtitle != "" {
		return typo.String(s.doc.Config.Subtitle)
	}
	// The index's own text is often no more than a cover: the book's
	// first paragraph says what it is about.
	blocks := p.Blocks
	if p.Heading == nil {
		blocks = s.doc.Blocks
	}
	var text string
	ast.Walk(blocks, func(n ast.Node) bool {
		if para, ok := n.(*ast.Paragraph); ok && text == "" {
			drawn, ok := plain.Text(para)
			if !ok {
				drawn = xhtml.PlainText(para.Inlines)
			}
			text = firstWords(drawn, descriptionLength)
		}
		return text == ""
	})
	if text == "" {
		return title
	}
	return cutAtWord(text, descriptionLength)
}

// firstWords returns text's words joined by one space each, as
// strings.Join(strings.Fields(text), " ") does, but no more of them than
// max characters and one: as much as cutAtWord needs to cut at max. A
// page's first paragraph is sometimes thousands of characters long, and
// splitting the whole of it was most of a description's garbage.
func firstWords(text string, max int) string {
	var b strings.Builder
	n, space := 0, false
	for i := 0; i < len(text) && n <= max; {
		r, size := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			i += size
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
			if n++; n > max {
				break
			}
		}
		b.WriteString(text[i : i+size])
		n++
		i += size
	}
	return b.String()
}

// cutAtWord returns text if it is at most max characters long, else its
// first max characters cut back to the last space among them (or, with no
// space, not cut back), with "…". It counts each character once: the
// first paragraph of a page is sometimes thousands long.
func cutAtWord(text string, max int) string {
	cut, end, n := 0, len(text), 0
	for i := range text {
		if n == max {
			end = i
			break
		}
		if text[i] == ' ' {
			cut = i
		}
		n++
	}
	if end == len(text) {
		return text
	}
	if cut == 0 {
		cut = end
	}
	return strings.TrimRight(text[:cut], " ,;:–—") + "…"
}

// notFoundFile is the page a static server answers for an address the
// site has no page at, as GitHub Pages, Netlify and most hosts look for it.
const notFoundFile = "404.html"

// writeNotFound writes the site's 404.html: the book's title, a word on
// what happened, and a link to the index, which holds the contents. A host
// answers it at any depth, so with a base_url its links and files are from
// the base_url's path. A site that does not know where it stands links
// them from where 404.html itself is, the site's root, as every other page
// does: right when the page is opened from disk or answered for an
// address at the top of the site, and never right by chance, as "/" would
// be, on a host that publishes the book in a folder.
func (s *site) writeNotFound(dir string) error {
	cfg := s.doc.Config
	root := ""
	if cfg.BaseURL != "" {
		root = cfg.BaseURL[strings.Index(cfg.BaseURL, "//")+2:]
		root = root[strings.IndexByte(root, '/'):]
	}
	book := typo.String(cfg.Title)
	if book == "" {
		book = "the book"
	}
	var out bytes.Buffer
	out.WriteString("<!DOCTYPE html>\n<html lang=\"")
	xhtml.Escape(&out, language(cfg.Language))
	out.WriteString(`">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'; base-uri 'none'">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>`)
	xhtml.Escape(&out, joinTitles("Page not found", typo.String(cfg.Title)))
	out.WriteString("</title>\n")
	for _, link := range []string{
		`<link rel="icon" href="` + root + `assets/favicon.svg" type="image/svg+xml">`,
		`<link rel="stylesheet" href="` + root + `assets/site.css">`,
		`<script src="` + root + `assets/site.js"></script>`,
	} {
		out.WriteString(link + "\n")
	}
	out.WriteString("</head>\n<body>\n<main class=\"content not-found\" id=\"content\">\n<h1>Page not found</h1>\n<p>No page of ")
	xhtml.Escape(&out, book)
	out.WriteString(" is at this address: it may have moved, as a page does when its heading is renamed. Find it from <a href=\"" + root + "index.html\">the book’s contents</a>.</p>\n</main>\n</body>\n</html>\n")
	return os.WriteFile(filepath.Join(dir, notFoundFile), out.Bytes(), 0o644)
}

// sitemapFile lists the site's pages for search engines, when the book
// says where the site is published.
const sitemapFile = "sitemap.xml"

// writeSitemap writes sitemap.xml, the sitemaps.org list of every page's
// address under base_url, in reading order, each last changed on the
// book's date; nothing when galley.toml has no base_url, since a sitemap's
// addresses must be absolute.
func (s *site) writeSitemap(dir string) error {
	base := s.doc.Config.BaseURL
	if base == "" {
		return nil
	}
	var out bytes.Buffer
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range s.pages {
		out.WriteString("<url><loc>")
		xhtml.Escape(&out, s.canonical(p))
		out.WriteString("</loc>")
		if !s.doc.Date.IsZero() {
			out.WriteString("<lastmod>" + s.doc.Date.UTC().Format("2006-01-02") + "</lastmod>")
		}
		out.WriteString("</url>\n")
	}
	out.WriteString("</urlset>\n")
	return os.WriteFile(filepath.Join(dir, sitemapFile), out.Bytes(), 0o644)
}

// canonical returns a page's address under base_url, the index's as the
// directory's; "" without a base_url.
func (s *site) canonical(p *sitePage) string {
	base := s.doc.Config.BaseURL
	if base == "" {
		return ""
	}
	if p.Path == "index.html" {
		return base
	}
	return base + strings.TrimSuffix(p.Path, "index.html")
}

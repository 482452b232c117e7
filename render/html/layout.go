package html

import (
	"bytes"
	"context"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/render/xhtml"
)

// navEntry is one entry of the sidebar's outline: a page, and the entries
// under it.
type navEntry struct {
	Title, Href string
	Current     bool
	// Open is set on the current page's chapter, whose sections show.
	Open     bool
	Children []navEntry
}

// drawPage draws page p into out: its content in the layout every page
// shares, which the page changes only by its place in the book. The
// content is drawn first, into scratch, since it decides whether the head
// loads the sheets' stylesheet. The layout is drawn here rather than by a
// template for the same reason as the content (see pageWriter): a large
// book has thousands of pages. The page loads nothing but the site's own
// files, and its Content Security Policy allows nothing else: no inline
// script or style, and WebAssembly only for the roller. A cancelled ctx
// stops it at the next block, with ctx's error. drawPage returns the files
// the page fetches, by path from the site's root, for its weight: those its
// head links and its pictures. It keeps the texts of the paragraphs it
// draws in plain, when not nil, for the search index (see
// xhtml.KeepPlain).
func (s *site) drawPage(ctx context.Context, p *sitePage, out, scratch *bytes.Buffer, plain *xhtml.PlainTexts) ([]string, error) {
	w := s.newPageWriter(ctx, p, scratch)
	if plain != nil {
		w.x.KeepPlain(plain)
	}
	cfg := s.doc.Config
	var title string
	if p.Heading != nil {
		title = joinTitles(typo.String(p.Heading.Title), typo.String(cfg.Title))
		w.x.Heading(1, s.links.anchors[p.Heading], p.Heading.Title)
	} else {
		title = joinTitles(pageTitle(p, cfg.Title), typo.String(cfg.Subtitle))
		w.writeCover()
	}
	w.x.Blocks(p.Blocks)
	if p.BookIndex {
		w.x.Index(s.doc.Index, s.indexLinks(p))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if w.err != nil {
		return nil, w.err
	}
	// An index page whose book has no table of contents to show ends with
	// one.
	if p.Heading == nil && !w.contents {
		w.writeContents()
	}

	root := p.Root()
	asset := func(before, path, after string) {
		out.WriteString(before)
		out.WriteString(root)
		out.WriteString(path)
		out.WriteString(after)
	}
	fetched := s.pagePictures(p)
	fetch := func(before, path, after string) {
		asset(before, path, after)
		fetched = append(fetched, path)
	}
	out.WriteString("<!DOCTYPE html>\n<html lang=\"")
	xhtml.Escape(out, language(cfg.Language))
	out.WriteString(`" data-system="`)
	xhtml.Escape(out, s.system)
	out.WriteString(`" data-root="`)
	out.WriteString(root)
	if s.roller {
		out.WriteString(`" data-roller="ready">`)
	} else {
		out.WriteString(`" data-roller="missing">`)
	}
	out.WriteString(`
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'">
<meta name="color-scheme" content="light dark">
<title>`)
	xhtml.Escape(out, title)
	out.WriteString("</title>\n" + `<meta name="description" content="`)
	xhtml.Escape(out, s.description(p, title, plain))
	out.WriteString("\">\n")
	if canonical := s.canonical(p); canonical != "" {
		out.WriteString(`<link rel="canonical" href="`)
		xhtml.Escape(out, canonical)
		out.WriteString("\">\n")
	}
	fetch(`<link rel="icon" href="`, "assets/favicon.svg", `" type="image/svg+xml">`+"\n")
	fetch(`<link rel="stylesheet" href="`, "assets/site.css", `">`+"\n")
	if w.sheetCSS {
		fetch(`<link rel="stylesheet" href="`, "assets/sheet.css", `">`+"\n")
	}
	fetch(`<script src="`, "assets/site.js", `"></script>`+"\n")
	fetch(`<script src="`, assetsDir+"/"+outlineFile, `" defer></script>`+"\n")
	fetch(`<script src="`, "assets/search.js", `" defer></script>`+"\n")
	fetch(`<script src="`, "assets/roller.js", `" defer></script>`+"\n")
	if w.sheetCSS {
		fetch(`<script src="`, "assets/sheet.js", `" defer></script>`+"\n")
	}
	out.WriteString(`</head>
<body>
<a class="skip-link" href="#content">Skip to the text</a>
<header class="topbar" id="top">
<button type="button" class="icon-button" id="nav-toggle" aria-controls="sidebar" aria-expanded="false" aria-label="Contents">☰</button>
`)
	// An untitled book has no brand to link home with: the sidebar's
	// Contents link does that, and an empty link is one no screen reader
	// can name.
	if cfg.Title != "" {
		asset(`<a class="book-title" href="`, "index.html", `">`)
		xhtml.Escape(out, typo.String(cfg.Title))
		out.WriteString("</a>\n")
	}
	out.WriteString(`<form class="search" id="search" role="search">
<label class="visually-hidden" for="search-input">Search the book</label>
<input type="search" id="search-input" placeholder="Search" autocomplete="off" spellcheck="false" aria-controls="search-results" aria-describedby="search-hint">
<span class="visually-hidden" id="search-hint">Results appear as you type; press Enter to open the first.</span>
<div class="search-results" id="search-results" role="listbox" aria-label="Search results" hidden></div>
</form>
<button type="button" class="icon-button" id="roller-toggle" aria-controls="roller" aria-expanded="false" aria-label="Dice roller">⚄</button>
<button type="button" class="icon-button" id="theme-toggle" aria-pressed="false" aria-label="Dark theme">◐</button>
</header>
<div class="layout">
`)
	out.WriteString(`<nav class="sidebar" id="sidebar" aria-label="Outline of the book">` + "\n")
	asset(`<p class="nav-contents"><a href="`, "index.html#top", `">Contents</a></p>`+"\n")
	writeNav(out, s.nav(p))
	out.WriteString("\n</nav>\n<main class=\"content\" id=\"content\">\n<article>")
	// An untitled book's index is headed by its contents' heading (see
	// writeContents).
	if p.Heading == nil && cfg.Title != "" {
		out.WriteString("\n<header class=\"book-header\">\n<h1 id=\"book-title\">")
		xhtml.Escape(out, typo.String(cfg.Title))
		out.WriteString("</h1>")
		if cfg.Subtitle != "" {
			out.WriteString("\n<p class=\"subtitle\">")
			xhtml.Escape(out, typo.String(cfg.Subtitle))
			out.WriteString("</p>")
		}
		out.WriteString("\n</header>")
	} else if chapter := p.Parent; chapter != nil && chapter.Heading != nil {
		out.WriteString("\n<p class=\"breadcrumb\">")
		writePageLink(out, `<a href="`, target{page: chapter}.from(p), "", typo.String(chapter.Heading.Title))
		out.WriteString("</p>")
	}
	out.WriteByte('\n')
	out.Write(scratch.Bytes())
	if p.Heading == nil {
		out.WriteString("\n" + DownloadsMarker)
	}
	out.WriteString("\n</article>\n<nav class=\"page-nav\" aria-label=\"Previous and next pages\">")
	if p.Order > 0 {
		prev := s.pages[p.Order-1]
		writePageLink(out, "\n<a class=\"prev\" rel=\"prev\" href=\"", target{page: prev}.from(p), "<span>Previous</span> ", pageTitle(prev, cfg.Title))
	}
	if p.Order+1 < len(s.pages) {
		next := s.pages[p.Order+1]
		writePageLink(out, "\n<a class=\"next\" rel=\"next\" href=\"", target{page: next}.from(p), "<span>Next</span> ", pageTitle(next, cfg.Title))
	}
	out.WriteString("\n</nav>\n</main>\n")
	out.WriteString(s.rollerPanel)
	out.WriteString("\n</div>\n</body>\n</html>\n")
	return fetched, nil
}

// writePageLink writes a link to another page: open, the start tag up to
// its href's opening quote, the address, then label, drawn as it stands,
// and the page's title.
func writePageLink(out *bytes.Buffer, open, href, label, title string) {
	out.WriteString(open)
	xhtml.Href(out, href)
	out.WriteString(`">`)
	out.WriteString(label)
	xhtml.Escape(out, title)
	out.WriteString("</a>")
}

// pageTitle is a page's name in links and search results, with its
// typographic punctuation: its heading, or the book's title for the index,
// which is untitledIndex in an untitled book.
func pageTitle(p *sitePage, book string) string {
	if p.Heading != nil {
		return typo.String(p.Heading.Title)
	}
	if book == "" {
		return untitledIndex
	}
	return typo.String(book)
}

// untitledIndex names the index of a book without a title: what it shows.
const untitledIndex = "Contents"

// joinTitles joins the parts of a page's title that there are, a page's
// heading and its book's title, say, with " · " between them, so that a
// part left out leaves no separator.
func joinTitles(parts ...string) string {
	var b strings.Builder
	for _, part := range parts {
		if part == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(part)
	}
	return b.String()
}

// language is the language tag a page declares, the book's: the parser
// checks galley.toml's and puts ast.DefaultLanguage in place of none, but
// a tree built in memory, or a sheet's options, may have none.
func language(tag string) string {
	if tag == "" {
		return ast.DefaultLanguage
	}
	return tag
}

// writeNav writes the sidebar's outline as nested lists.
func writeNav(b *bytes.Buffer, entries []navEntry) {
	b.WriteString(`<ul class="nav">`)
	writeNavEntries(b, entries)
	b.WriteString("\n</ul>")
}

func writeNavEntries(b *bytes.Buffer, entries []navEntry) {
	for _, e := range entries {
		b.WriteString("<li")
		if e.Open {
			b.WriteString(` class="open"`)
		}
		b.WriteString(">\n<a href=\"")
		xhtml.Href(b, e.Href)
		b.WriteByte('"')
		if e.Current {
			b.WriteString(` aria-current="page"`)
		}
		b.WriteByte('>')
		xhtml.Escape(b, e.Title)
		b.WriteString("</a>")
		if len(e.Children) > 0 {
			b.WriteString("\n<ul>")
			writeNavEntries(b, e.Children)
			b.WriteString("\n</ul>")
		}
		b.WriteString("\n</li>")
	}
}

// nav builds the sidebar's outline as seen from page cur: the path from its
// chapter down to cur, and under cur its own pages and its headings one level
// down, to jump within it. The index lists the chapters. The whole book's
// outline is one shared script, assets/outline.js, which site.js puts in
// place of this; a page carries no more than its own place in the book, so
// the site grows with the book and not with the book times its pages.
func (s *site) nav(cur *sitePage) []navEntry {
	if cur.Heading == nil {
		chapters := s.pages[0].Children
		entries := make([]navEntry, len(chapters))
		for i, c := range chapters {
			entries[i] = navEntry{Title: pageTitle(c, s.doc.Config.Title), Href: target{page: c}.from(cur)}
		}
		return entries
	}
	e := navEntry{Title: pageTitle(cur, s.doc.Config.Title), Href: target{page: cur}.from(cur), Current: true, Open: true}
	for _, child := range cur.Children {
		e.Children = append(e.Children, navEntry{Title: pageTitle(child, s.doc.Config.Title), Href: target{page: child}.from(cur)})
	}
	e.Children = append(e.Children, s.inPage(cur)...)
	for p := cur.Parent; p != s.pages[0]; p = p.Parent {
		e = navEntry{Title: pageTitle(p, s.doc.Config.Title), Href: target{page: p}.from(cur), Open: true, Children: []navEntry{e}}
	}
	return []navEntry{e}
}

// outlineFile is the shared outline's name in the assets directory. It is
// a script, not data to fetch, since a page opened from a file (file://)
// may load scripts beside it but fetch nothing.
const outlineFile = "outline.js"

// outlineScript returns assets/outline.js: the whole outline as a
// JavaScript value, window.galleyOutline, each entry {"t": title, "u":
// address from the site's root, "c": the entries under it}. It is written
// as encoding/json would write it, which escapes '<', so the manuscript's
// text cannot close a script.
func (s *site) outlineScript() []byte {
	b := []byte("window.galleyOutline = ")
	b = s.appendOutline(b, s.pages[0].Children)
	return append(b, ";\n"...)
}

func (s *site) appendOutline(b []byte, pages []*sitePage) []byte {
	b = append(b, '[')
	for i, p := range pages {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"t":`...), pageTitle(p, s.doc.Config.Title))
		b = appendJSONString(append(b, `,"u":`...), p.Path)
		if len(p.Children) > 0 {
			b = s.appendOutline(append(b, `,"c":`...), p.Children)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// inPage lists the headings of the current page one level under its own.
func (s *site) inPage(p *sitePage) []navEntry {
	var entries []navEntry
	for _, b := range p.Blocks {
		if h, ok := b.(*ast.Heading); ok && h.Depth == p.Depth()+1 {
			entries = append(entries, navEntry{Title: typo.String(h.Title), Href: "#" + s.links.anchors[h]})
		}
	}
	return entries
}

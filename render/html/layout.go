package html

import (
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules"
)

// pageView is what the "page" template draws: the layout around a page's
// content, the same on every page but for the current entry of the outline.
type pageView struct {
	Book, Subtitle string
	// Title is the page's <title>.
	Title string
	// Heading is the page's h1; on the index, the book's title.
	Heading *headingView
	// Chapter links a section's chapter above its title.
	Chapter *linkView
	// Index is set on the index page, which has no page heading but the
	// book's title and subtitle.
	Index bool
	// System is the book's system, the roller's default context.
	System  string
	Systems []string
	// Root is the site's root relative to the page: "" or "../".
	Root   string
	Blocks []blockView
	// Contents is the table of contents of an index page whose book has no
	// outline to put it in place of.
	Contents   *contentsView
	Nav        []navEntry
	Prev, Next *linkView
	Roller     bool
	SheetCSS   bool
}

// navEntry is one entry of the sidebar's outline: a page, and the entries
// under it.
type navEntry struct {
	Title, Href string
	Current     bool
	// Open is set on the current page's chapter, whose sections show.
	Open     bool
	Children []navEntry
}

func (s *site) pageView(p *sitePage) *pageView {
	w := &pageWriter{site: s, page: p}
	cfg := s.doc.Config
	v := &pageView{
		Book: cfg.Title, Subtitle: cfg.Subtitle, Title: cfg.Title,
		System: s.system, Systems: rules.SystemNames(),
		Root: p.Root(), Roller: s.roller,
	}
	if p.Heading != nil {
		v.Title = p.Heading.Title + " · " + cfg.Title
		v.Heading = &headingView{Level: 1, ID: s.links.anchors[p.Heading], Title: p.Heading.Title}
		if p.Parent != nil && p.Parent.Heading != nil {
			v.Chapter = &linkView{Text: p.Parent.Heading.Title, Href: target{page: p.Parent}.from(p)}
		}
	} else {
		v.Index = true
		if cfg.Subtitle != "" {
			v.Title = cfg.Title + " · " + cfg.Subtitle
		}
	}
	v.Blocks = w.blocks(p.Blocks)
	if p.Heading == nil && !w.contents {
		v.Contents = w.tableOfContents()
	}
	v.SheetCSS = w.sheetCSS
	v.Nav = s.nav(p)
	if p.Order > 0 {
		prev := s.pages[p.Order-1]
		v.Prev = &linkView{Text: pageTitle(prev, cfg.Title), Href: target{page: prev}.from(p)}
	}
	if p.Order+1 < len(s.pages) {
		next := s.pages[p.Order+1]
		v.Next = &linkView{Text: pageTitle(next, cfg.Title), Href: target{page: next}.from(p)}
	}
	return v
}

// pageTitle is a page's name in links: its heading, or the book's title for
// the index.
func pageTitle(p *sitePage, book string) string {
	if p.Heading == nil {
		return book
	}
	return p.Heading.Title
}

// nav builds the sidebar's outline as seen from page cur: the path from its
// chapter down to cur, and under cur its own pages and its headings one level
// down, to jump within it. The index lists the chapters. The whole book's
// outline is one shared file, assets/outline.html, which site.js puts in
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

// outline builds the whole outline for assets/outline.html, its links
// relative to that file, no page current.
func (s *site) outline() []navEntry {
	from := &sitePage{Path: assetsDir + "/" + outlineFile}
	var entries []navEntry
	for _, c := range s.pages[0].Children {
		entries = append(entries, s.navEntry(c, from))
	}
	return entries
}

// outlineFile is the shared outline's name in the assets directory.
const outlineFile = "outline.html"

// navEntry is page p's entry in the whole outline, linked from page from,
// with the pages under it.
func (s *site) navEntry(p, from *sitePage) navEntry {
	e := navEntry{Title: pageTitle(p, s.doc.Config.Title), Href: target{page: p}.from(from)}
	for _, child := range p.Children {
		e.Children = append(e.Children, s.navEntry(child, from))
	}
	return e
}

// inPage lists the headings of the current page one level under its own.
func (s *site) inPage(p *sitePage) []navEntry {
	var entries []navEntry
	for _, b := range p.Blocks {
		if h, ok := b.(*parser.Heading); ok && h.Depth == p.Depth()+1 {
			entries = append(entries, navEntry{Title: h.Title, Href: "#" + s.links.anchors[h]})
		}
	}
	return entries
}

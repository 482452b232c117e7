package html

import (
	"bytes"
	"html/template"

	"github.com/galleyhq/galley/parser"
)

// pageView is what the "page" template draws: the layout around a page's
// content, the same on every page but for the current entry of the outline.
type pageView struct {
	Book, Subtitle string
	// Title is the page's <title>.
	Title string
	// Chapter links a section's chapter above its title.
	Chapter *pageLink
	// Index is set on the index page, which has no page heading but the
	// book's title and subtitle.
	Index bool
	// System is the book's system, the roller's default context.
	System string
	// Root is the site's root relative to the page: "" or "../".
	Root string
	// Content is the page's heading and blocks, drawn by a pageWriter.
	Content template.HTML
	// Nav is the sidebar's outline as seen from the page (see nav).
	Nav        template.HTML
	Prev, Next *pageLink
	Roller     bool
	// RollerPanel is the dice roller's panel, the same on every page.
	RollerPanel template.HTML
	SheetCSS    bool
}

// pageLink links another page: the chapter above a section, the previous
// and the next page.
type pageLink struct {
	Text, Href string
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

// pageView draws page p's content and sidebar outline into buf, and
// returns them with the rest of what the layout shows.
func (s *site) pageView(p *sitePage, buf *bytes.Buffer) (*pageView, error) {
	w := &pageWriter{site: s, page: p, out: buf}
	cfg := s.doc.Config
	v := &pageView{
		Book: cfg.Title, Subtitle: cfg.Subtitle, Title: cfg.Title,
		System: s.system, Root: p.Root(),
		Roller: s.roller, RollerPanel: s.rollerPanel,
	}
	if p.Heading != nil {
		v.Title = p.Heading.Title + " · " + cfg.Title
		w.writeHeading(1, s.links.anchors[p.Heading], p.Heading.Title)
		if p.Parent != nil && p.Parent.Heading != nil {
			v.Chapter = &pageLink{Text: p.Parent.Heading.Title, Href: target{page: p.Parent}.from(p)}
		}
	} else {
		v.Index = true
		if cfg.Subtitle != "" {
			v.Title = cfg.Title + " · " + cfg.Subtitle
		}
	}
	w.writeBlocks(p.Blocks)
	if w.err != nil {
		return nil, w.err
	}
	// An index page whose book has no table of contents to show ends with
	// one.
	if p.Heading == nil && !w.contents {
		w.writeContents()
	}
	v.SheetCSS = w.sheetCSS
	contentEnd := buf.Len()
	writeNav(buf, s.nav(p))
	// One copy of the buffer holds both.
	drawn := buf.String()
	v.Content, v.Nav = template.HTML(drawn[:contentEnd]), template.HTML(drawn[contentEnd:])
	if p.Order > 0 {
		prev := s.pages[p.Order-1]
		v.Prev = &pageLink{Text: pageTitle(prev, cfg.Title), Href: target{page: prev}.from(p)}
	}
	if p.Order+1 < len(s.pages) {
		next := s.pages[p.Order+1]
		v.Next = &pageLink{Text: pageTitle(next, cfg.Title), Href: target{page: next}.from(p)}
	}
	return v, nil
}

// pageTitle is a page's name in links: its heading, or the book's title for
// the index.
func pageTitle(p *sitePage, book string) string {
	if p.Heading == nil {
		return book
	}
	return p.Heading.Title
}

// writeNav writes an outline, the sidebar's or the whole book's, as nested
// lists.
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
		writeHref(b, e.Href)
		b.WriteByte('"')
		if e.Current {
			b.WriteString(` aria-current="page"`)
		}
		b.WriteByte('>')
		writeEscaped(b, e.Title)
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

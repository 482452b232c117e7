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

// nav builds the sidebar's outline as seen from page cur: every chapter and
// its sections, the current page's chapter open, and under the current page
// its own headings one level down, to jump within it.
func (s *site) nav(cur *sitePage) []navEntry {
	var entries []navEntry
	var walk func(p *sitePage) navEntry
	walk = func(p *sitePage) navEntry {
		e := navEntry{Title: pageTitle(p, s.doc.Config.Title), Href: target{page: p}.from(cur), Current: p == cur}
		for _, child := range p.Children {
			e.Children = append(e.Children, walk(child))
			e.Open = e.Open || child == cur
		}
		e.Open = e.Open || p == cur
		if p == cur {
			e.Children = append(e.Children, s.inPage(cur)...)
		}
		return e
	}
	for _, p := range s.pages[0].Children {
		entries = append(entries, walk(p))
	}
	return entries
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

package html

import (
	"path"

	"github.com/galleyhq/galley/parser/ast"
)

// sitePage is one HTML file of the site. The book is cut at its outline's first
// two levels: the index page holds what comes before the first chapter
// (the cover, the front matter and the generated table of contents), each
// chapter (an outline entry of depth 1) has a landing page with what comes
// before its first section, and each section (depth 2) a page of its own
// with everything under it. Deeper headings are anchors within their page.
type sitePage struct {
	// Path is the file's path in the site: "index.html",
	// "CHAPTER/index.html" or "CHAPTER/SECTION.html", from the headings'
	// anchors, which are unique and stable across builds.
	Path string
	// Heading is the chapter's or section's heading; nil on the index.
	Heading *ast.Heading
	// Blocks are the page's content, its own heading left out.
	Blocks []ast.Block
	// Parent is a section's chapter, or the index for a chapter or for a
	// section written before any chapter; nil for the index.
	Parent   *sitePage
	Children []*sitePage
	// Order is the page's place in reading order, from 0 for the index.
	Order int
	// BookIndex marks the page of the book's index, the last, whose
	// heading the tree does not hold (see addIndexPage).
	BookIndex bool
}

// Depth returns 0 for the index, 1 for a chapter, 2 for a section.
func (p *sitePage) Depth() int {
	if p.Heading == nil {
		return 0
	}
	return p.Heading.Depth
}

// Root returns the relative address of the site's root from the page:
// "" or "../".
func (p *sitePage) Root() string {
	if path.Dir(p.Path) == "." {
		return ""
	}
	return "../"
}

// reservedDirs are the site's own directories, which no chapter may take.
var reservedDirs = []string{"assets", "sheets", "_galley"}

// splitPages cuts the book into pages in reading order, the index first.
// anchors gives each heading's anchor (see newAnchors).
func splitPages(doc *ast.Document, anchors map[*ast.Heading]string) []*sitePage {
	index := &sitePage{Path: "index.html"}
	pages := []*sitePage{index}
	paths := ast.NewNames()
	paths.Reserve(index.Path)
	dirs := ast.NewNames()
	for _, dir := range reservedDirs {
		dirs.Reserve(dir)
	}
	var chapter *sitePage
	cur := index
	for _, b := range doc.Blocks {
		h, ok := b.(*ast.Heading)
		if !ok || h.Depth > 2 {
			cur.Blocks = append(cur.Blocks, b)
			continue
		}
		p := &sitePage{Heading: h, Order: len(pages)}
		slug := ast.FileStem(anchors[h])
		switch {
		case h.Depth == 1:
			p.Path = dirs.Unique(slug) + "/index.html"
			paths.Reserve(p.Path)
			p.Parent = index
			chapter = p
		case chapter != nil:
			p.Path = paths.UniqueWith(path.Dir(chapter.Path)+"/"+slug, ".html")
			p.Parent = chapter
		default:
			p.Path = paths.UniqueWith(slug, ".html")
			p.Parent = index
		}
		p.Parent.Children = append(p.Parent.Children, p)
		pages = append(pages, p)
		cur = p
	}
	return pages
}

// indexTitle is the title of the book index's page.
const indexTitle = "Index"

// addIndexPage adds the page of the book's index after the last chapter,
// a chapter of its own in the site's outline, under a heading of its own
// and at an address no chapter takes.
func addIndexPage(pages []*sitePage, anchors map[*ast.Heading]string) []*sitePage {
	taken := map[string]bool{}
	for _, p := range pages {
		taken[path.Dir(p.Path)] = true
	}
	for _, a := range anchors {
		taken[a] = true
	}
	slug := ast.NewNames()
	for name := range taken {
		slug.Reserve(name)
	}
	name := slug.Unique("book-index")
	h := &ast.Heading{Level: 1, Depth: 1, Title: indexTitle, ID: name}
	anchors[h] = name
	p := &sitePage{Path: name + "/index.html", Heading: h, Parent: pages[0], Order: len(pages), BookIndex: true}
	pages[0].Children = append(pages[0].Children, p)
	return append(pages, p)
}

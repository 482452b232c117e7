package ascii

import (
	"bufio"
	"io"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/paginate"
)

// WriteBook writes the whole book as ASCII pages, each ended by a newline,
// and reports its pagination: the page of every heading, which galley
// check compares with the author's outline. See Book.
func WriteBook(w io.Writer, doc *parser.Document) (*paginate.Pagination, error) {
	pages, pagination := Book(doc)
	bw := bufio.NewWriter(w)
	for _, page := range pages {
		for _, line := range page {
			bw.WriteString(line)
			bw.WriteByte('\n')
		}
	}
	return pagination, bw.Flush()
}

// Book lays the book out in the seed's page frame and returns its pages,
// each of PageLines lines, and its pagination.
//
// The first page is the cover: the book's coverpage art as it stands, or a
// title page when it has none. The table of contents stands where the
// author's outline does, or after the cover when there is none. Every
// other block is laid out in reading order in the 89 columns of text, a
// blank line between two blocks: prose reflowed, tables laid out in
// columns, boxes framed, figures and verbatim art as drawn. \newpage starts
// a page; a character sheet, or verbatim art that draws a whole page, is a
// page of its own.
//
// The layout is a pure function of the tree, since every line is one line
// high, so the page numbers it prints are exact: the book is laid out
// again with the pages of the previous pass until they settle (see
// paginate.MaxPasses).
func Book(doc *parser.Document) ([][]string, *paginate.Pagination) {
	l := &layouter{doc: doc, targets: parser.NewTargets(doc)}
	l.sheets, _ = doc.CharacterSheets()
	var f *flow
	var pages []paginate.Page
	for range paginate.MaxPasses {
		f = l.flow()
		pages = paginate.Paginate(f.items, BodyLines, 0)
		next := pagination(f, pages)
		settled := next.Same(l.pages)
		l.pages = next
		if settled {
			break
		}
	}
	return drawPages(doc, f, pages), l.pages
}

// flow lays out the whole book: cover, contents and blocks.
func (l *layouter) flow() *flow {
	f := &flow{}
	f.whole(l.cover(), false)
	toc := l.doc.TOC()
	if toc == nil {
		f.newPage()
		l.toc(f, nil)
		f.newPage()
	}
	f.add(l.blocks(l.doc.Blocks, TextWidth), func(_ int, s string) string { return s })
	return f
}

// pagination finds the page of every heading.
func pagination(f *flow, pages []paginate.Page) *paginate.Pagination {
	p := &paginate.Pagination{Pages: len(pages), Headings: map[string]int{}}
	for n, page := range pages {
		for i := page.Start; i < page.End; i++ {
			if id := f.marks[i].anchor; id != "" {
				p.Headings[id] = n + 1
			}
		}
	}
	return p
}

// drawPages draws each page in its frame: the heads of the groups it
// continues, its lines, the tails of the groups it breaks; the running
// head is the chapter in force at the page's first line, or the one that
// opens on it.
func drawPages(doc *parser.Document, f *flow, pages []paginate.Page) [][]string {
	out := make([][]string, 0, len(pages))
	running := ""
	for n, page := range pages {
		number := n + 1
		if m := f.marks[page.Start]; m.page != nil {
			lines := m.page
			if m.numbered {
				lines = numberPage(lines, number)
			}
			out = append(out, lines)
			continue
		}
		pageRunning := ""
		var body []string
		for _, g := range page.Continued {
			body = append(body, f.art[g].head...)
		}
		for i := page.Start; i < page.End; i++ {
			if f.items[i].NewPage {
				continue
			}
			if r := f.marks[i].running; r != "" {
				running = r
				if pageRunning == "" {
					pageRunning = r
				}
			}
			body = append(body, f.lines[i])
		}
		for _, g := range page.Broken {
			body = append(body, f.art[g].tail...)
		}
		if pageRunning == "" {
			pageRunning = running
		}
		out = append(out, framePage(doc.Config.Title, pageRunning, number, body))
	}
	return out
}

package ascii

import (
	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// drawer draws the pages of a book laid out, each in its frame: the heads
// of the groups it continues, its lines, the tails of the groups it
// breaks.
type drawer struct {
	title string
	flow  *flow
	pages []paginate.Page
	// wholes holds, page by page, the mark of a page drawn whole, or nil.
	wholes []*mark
	// heads are the pages' running heads: the chapter in force at the
	// page's first line, or the one that opens on it.
	heads []string
}

// newDrawer finds what each page of b draws beyond its lines. A chapter
// may have opened pages before, so the running heads are found in order,
// which leaves the pages to be drawn in any.
func newDrawer(doc *ast.Document, b laidOut) *drawer {
	d := &drawer{
		title:  doc.Config.Title,
		flow:   b.flow,
		pages:  b.pages,
		wholes: make([]*mark, len(b.pages)),
		heads:  make([]string, len(b.pages)),
	}
	marks := b.flow.marks
	running := ""
	for n, page := range b.pages {
		for len(marks) > 0 && marks[0].at < page.Start {
			marks = marks[1:]
		}
		if len(marks) > 0 && marks[0].at == page.Start && marks[0].page != nil {
			d.wholes[n] = &marks[0]
			continue
		}
		for ; len(marks) > 0 && marks[0].at < page.End; marks = marks[1:] {
			if r := marks[0].running; r != "" {
				running = r
				if d.heads[n] == "" {
					d.heads[n] = r
				}
			}
		}
		if d.heads[n] == "" {
			d.heads[n] = running
		}
	}
	return d
}

// draw draws the pages from index from up to to, at once.
func (d *drawer) draw(from, to int) [][]string {
	out := make([][]string, to-from)
	parallel.For(len(out), func(i int) {
		out[i] = d.page(from + i)
	})
	return out
}

// page draws the page at index n.
func (d *drawer) page(n int) []string {
	if m := d.wholes[n]; m != nil {
		if m.numbered {
			return numberPage(m.page, n+1)
		}
		return m.page
	}
	f, page := d.flow, d.pages[n]
	body := make([]string, 0, BodyLines)
	for _, g := range page.Continued {
		body = append(body, f.art[g].head...)
	}
	for i := page.Start; i < page.End; i++ {
		if !f.items[i].NewPage {
			body = append(body, f.lines[i])
		}
	}
	for _, g := range page.Broken {
		body = append(body, f.art[g].tail...)
	}
	return framePage(d.title, d.heads[n], n+1, body)
}

package ascii

import (
	"bufio"
	"context"
	"io"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/paginate"
)

// WriteBook writes the whole book as ASCII pages, each ended by a newline,
// with the character sheets of sheets (nil for none), and reports its
// pagination: the page of every heading, which galley check compares with
// the author's outline. See Book.
//
// It draws the pages a batch at a time, so that a long book is not held
// drawn whole while it is written. Once ctx is cancelled the layout stops
// at its next block and the drawing at its next batch, and WriteBook
// returns ctx's error.
func WriteBook(ctx context.Context, w io.Writer, doc *ast.Document, sheets *sheet.Book) (*paginate.Pagination, error) {
	b := layOut(ctx, doc, sheets, false)
	d := newDrawer(doc, b)
	bw := bufio.NewWriter(w)
	for from := 0; from < len(b.pages); from += pageBatch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, page := range d.draw(from, min(from+pageBatch, len(b.pages))) {
			for _, line := range page {
				bw.WriteString(line)
				bw.WriteByte('\n')
			}
		}
	}
	return b.pagination, bw.Flush()
}

// pageBatch is how many pages WriteBook draws at a time: enough to keep
// every core busy, a megabyte or two of text.
const pageBatch = 256

// Book lays the book out in the seed's page frame, with the character
// sheets of sheets (nil for none), and returns its pages, each of
// PageLines lines, and its pagination.
//
// The first page is the cover: the book's coverpage art as it stands, or a
// title page when it has none. The table of contents stands where the
// author's outline does (the first, when there are several: the others
// print nothing), or after the cover when there is none. Every
// other block is laid out in reading order in the 89 columns of text, a
// blank line between two blocks: prose reflowed, tables laid out in
// columns, boxes framed, figures and verbatim art as drawn. \newpage starts
// a page; a character sheet, or verbatim art that draws a whole page, is a
// page of its own.
//
// The layout is a pure function of the tree, since every line is one line
// high, so the page numbers it prints are exact: the book is laid out
// again with the pages of the previous pass until they settle (see
// paginate.MaxPasses). Once ctx is cancelled the layout stops at its next
// block, and the pages are the unfinished book's.
func Book(ctx context.Context, doc *ast.Document, sheets *sheet.Book) ([][]string, *paginate.Pagination) {
	b := layOut(ctx, doc, sheets, false)
	return newDrawer(doc, b).draw(0, len(b.pages)), b.pagination
}

// Pagination returns the pagination of the book Book lays out, the page of
// every heading, without drawing the pages: what galley check compares
// with the author's outline. Once ctx is cancelled the layout stops at its
// next block, and the pagination is the unfinished book's.
func Pagination(ctx context.Context, doc *ast.Document, sheets *sheet.Book) *paginate.Pagination {
	return layOut(ctx, doc, sheets, true).pagination
}

// laidOut is the book laid out and cut into pages.
type laidOut struct {
	flow       *flow
	pages      []paginate.Page
	pagination *paginate.Pagination
	// index is the pages of the index's places, nil for a book without
	// an index.
	index *indexState
}

// layOut lays the book out, pass after pass, until its pages settle. A pass
// after the first lays out again only the blocks that print a page that
// has moved; see blockCache. A measuring layout finds the pages without
// the lines' text, which only drawing the pages needs. Once ctx is
// cancelled it stops, with the book unfinished, at the next block.
func layOut(ctx context.Context, doc *ast.Document, sheets *sheet.Book, measuring bool) laidOut {
	l := &layouter{doc: doc, targets: doc.Targets(), measuring: measuring, outline: doc.TOC(), sheets: sheets, index: newIndexState(doc)}
	l.ctx = ctx
	blocks := newBlockCache(doc.Blocks)
	b := laidOut{flow: l.newFlow(), index: l.index}
	for range paginate.MaxPasses {
		blocks.update(l)
		if ctx.Err() != nil {
			break
		}
		// The book's flow is as long as the last pass's, or nearly: the
		// pass writes over it rather than allocate it again.
		b.flow.reset()
		l.front(b.flow)
		starts := b.flow.addBlocks(blocks.flows())
		l.indexChapter(b.flow)
		b.pages = paginate.Paginate(b.flow.items, BodyLines, 0)
		b.pagination = headingPages(b.flow, b.pages)
		if l.index != nil {
			l.index.paginate(b.flow, b.pages, starts)
		}
		settled := b.pagination.Same(l.pages)
		l.pages = b.pagination
		if settled {
			break
		}
	}
	return b
}

// front lays out what comes before the manuscript's blocks: the cover, if
// it has one, and, for a book without an outline, the contents on pages of
// their own.
func (l *layouter) front(f *flow) {
	if l.hasCover() {
		f.whole(l.cover, false)
	}
	if l.outline == nil && len(l.contentsHeadings()) > 0 {
		// The contents are short and laid out again on every pass, so
		// the record of the pages they print is not kept: a copy of l
		// takes it.
		w := *l
		f.newPage()
		w.toc(f, nil)
		f.newPage()
	}
}

// headingPages finds the page of every heading.
func headingPages(f *flow, pages []paginate.Page) *paginate.Pagination {
	p := &paginate.Pagination{Pages: len(pages), Headings: map[string]int{}}
	n := 0
	for _, m := range f.marks {
		if m.anchor == "" {
			continue
		}
		for n < len(pages) && pages[n].End <= m.at {
			n++
		}
		if n < len(pages) && pages[n].Start <= m.at {
			p.Headings[m.anchor] = n + 1
		}
	}
	return p
}

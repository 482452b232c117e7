package pdf

import (
	"slices"
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// drawPages draws the paginated flow, page by page. A page's pieces are
// dropped once it is drawn: fpdf holds every page drawn until the PDF is
// written, and what is left to draw shrinks as that grows.
func (l *layouter) drawPages(f *flow, pages []paginate.Page) {
	d := &pageDrawer{l: l, f: f, level: -1}
	for n, page := range pages {
		if l.stopped() {
			return
		}
		if page.Start == page.End {
			// The page left blank before a chapter that opens on the
			// right, as a printed book leaves it: no head, no number.
			l.pdf.AddPage()
			continue
		}
		if p := f.pieces[page.Start]; p.marked().page != nil {
			l.drawing(page.Start)
			// The page is added by its drawing, and marked from its
			// start.
			l.pdf.SetPageStartMark(p.tag)
			p.marks.page()
			l.pdf.SetPageStartMark(nil)
			l.tag.end()
			if p.marks.sheet != "" {
				// A sheet stands beside the heading it follows.
				d.bookmark(p.marks.sheet, d.level, 0)
			}
			// A page drawn whole sets fonts of its own.
			l.set.current = font{}
		} else {
			d.page(n+1, page)
		}
		for i := page.Start; i < page.End; i++ {
			// A page of its own among a page's items is drawn after it.
			if !f.items[i].Whole || page.End == i+1 {
				f.pieces[i] = piece{}
			}
		}
	}
}

// pageDrawer draws the pages of text, carrying the running head and the
// outline's depth from page to page.
type pageDrawer struct {
	l *layouter
	f *flow
	// chapter is the running head in force.
	chapter string
	// level is the depth of the last bookmark, from 0; fpdf's outline
	// needs each bookmark at most one deeper than the one before.
	level int
}

// page draws one page: its columns, its footnotes, its running head and
// its number.
//
// Every item was laid out in the first column; the page is drawn shifted
// a column's step to the right for the items of the second. The shift is
// a change of coordinates inside the page's saved graphics state, closed
// as the page ends, so that fonts and colours set in one column hold in
// the next.
func (d *pageDrawer) page(number int, page paginate.Page) {
	l := d.l
	l.pdf.AddPage()
	l.pdf.TransformBegin()
	if number%2 == 0 {
		l.shift(l.mirror())
	}
	opens := false
	for _, col := range page.Columns {
		shift := 0.0
		if col.Index > 0 {
			shift = float64(col.Index) * l.columnStep()
		}
		l.shift(shift)
		opens = d.column(col) || opens
		l.shift(-shift)
	}
	// The notes and the page's furniture are no one block's.
	l.drawing(-1)
	l.drawNotes(page.Notes)
	l.tag.artifact("Pagination")
	if !opens {
		d.runningHead(number)
	}
	d.folio(number)
	l.tag.end()
	l.pdf.TransformEnd()
	l.set.dx = l.bleed
}

// shift moves what is drawn next dx to the right, links included, which
// are annotations on the page, outside its drawing.
func (l *layouter) shift(dx float64) {
	if dx != 0 {
		l.pdf.TransformTranslateX(dx)
		l.set.dx += dx
	}
}

// drawing tells beforeDraw, when it is set, that items[item] is drawn
// next; -1 for what no item draws.
func (l *layouter) drawing(item int) {
	if l.beforeDraw != nil {
		l.beforeDraw(item)
	}
}

// setLink points link at y on the current page, a place in its drawing.
func (l *layouter) setLink(link int, y float64) {
	l.pdf.SetLink(link, l.set.dy+y, l.pdf.PageNo())
}

// column draws one column of a page: the frames of the boxes in it, the
// heads of the groups it continues, its items and the tails of the groups
// it breaks. It reports whether a chapter opens in it.
func (d *pageDrawer) column(col paginate.Column) bool {
	l, f := d.l, d.f
	y := l.margins.top + col.Top
	spans := map[*paginate.Group]*[2]float64{}
	var order []*paginate.Group
	cover := func(g *paginate.Group, y0, y1 float64) {
		for ; g != nil; g = g.Parent {
			if art := f.art[g]; art == nil || art.frame == nil {
				continue
			}
			if s, ok := spans[g]; ok {
				s[0], s[1] = min(s[0], y0), max(s[1], y1)
				continue
			}
			spans[g] = &[2]float64{y0, y1}
			order = append(order, g)
		}
	}
	heads := make([]float64, len(col.Continued))
	for i, g := range col.Continued {
		heads[i] = y
		cover(g, y, y+g.Head)
		y += g.Head
	}
	tops := make([]float64, col.End-col.Start)
	for i := col.Start; i < col.End; i++ {
		tops[i-col.Start] = y
		it := f.items[i]
		height := it.Height
		if it.Space {
			height += col.Stretch * it.Height
		}
		if !it.NewPage {
			cover(it.Group, y, y+height)
		}
		y += height
	}
	tails := make([]float64, len(col.Broken))
	for i, g := range col.Broken {
		tails[i] = y
		cover(g, y, y+g.Tail)
		y += g.Tail
	}

	slices.SortStableFunc(order, func(a, b *paginate.Group) int { return f.art[a].depth - f.art[b].depth })
	// Frames, and the heads a group repeats on the pages it continues
	// on, are no part of the text: it has them once. With none, the
	// element drawn last in the column before goes on in this one, in
	// the same marked content.
	if len(order) > 0 || len(col.Continued) > 0 {
		l.tag.artifact("Layout")
	}
	for _, g := range order {
		f.art[g].frame(spans[g][0], spans[g][1])
	}
	for i, g := range col.Continued {
		if art := f.art[g]; art != nil && art.head != nil {
			art.head(heads[i])
		}
	}
	opens := false
	for i := col.Start; i < col.End; i++ {
		p, top := f.pieces[i], tops[i-col.Start]
		switch m := p.marked(); {
		case m.heading != nil:
			// The bookmarks go a level deeper than the contents,
			// which are a page to read, not a tree to open.
			if m.heading.Depth <= l.doc.Config.TOCDepth+1 {
				d.bookmark(typo.String(m.heading.Title), m.heading.Depth-1, top)
			}
			l.setLink(l.links[m.heading], top)
			if m.heading.Depth == 1 {
				d.chapter, opens = typo.String(m.heading.Title), true
			}
		case m.contents != "":
			d.bookmark(m.contents, 0, top)
			d.chapter, opens = m.contents, true
		case m.target != nil:
			l.setLink(l.links[m.target], top)
		case m.sheet != "" && m.page == nil:
			// A sheet set in the text stands beside the heading it
			// follows, as one on a page of its own does.
			d.bookmark(m.sheet, d.level, top)
		}
		if p.draw != nil {
			l.drawing(i)
			l.tag.mark(p.tag)
			p.draw(top)
		}
	}
	if len(col.Broken) > 0 {
		l.tag.artifact("Layout")
	}
	for i, g := range col.Broken {
		if art := f.art[g]; art != nil && art.tail != nil {
			art.tail(tails[i])
		}
	}
	return opens
}

// bookmark adds an outline entry for the current page at y, in a book
// that has bookmarks.
func (d *pageDrawer) bookmark(title string, level int, y float64) {
	if p := d.l.press; p != nil && !p.outline {
		return
	}
	level = min(max(level, 0), d.level+1)
	d.l.pdf.Bookmark(ast.WithoutControls(title), level, d.l.set.dy+y)
	d.level = level
}

// runningHead draws, over a hairline, the book's title at the outer edge
// of a left-hand page and the chapter at the outer edge of a right-hand
// one, as a printed book's spreads carry them, on every page of text but
// those a chapter opens. A head with no text (an untitled book's left-hand
// page) is left out, hairline and all, rather than underline nothing.
func (d *pageDrawer) runningHead(number int) {
	l := d.l
	body := l.body()
	base := l.margins.top - headAbove
	text, x := typo.String(l.doc.Config.Title), body.x
	if number%2 != 0 {
		text, x = d.chapter, body.x+body.width-l.set.width(d.chapter, runningFont)
	}
	if text == "" {
		return
	}
	l.set.draw(x, base, text, runningFont, inkMuted)
	l.pdf.SetDrawColor(inkHair.r, inkHair.g, inkHair.b)
	l.pdf.SetLineWidth(0.2)
	l.pdf.Line(body.x, base+1.8, body.x+body.width, base+1.8)
}

// folio draws the page number at the foot, on the outer edge: where a
// reader leafing through the book sees it.
func (d *pageDrawer) folio(number int) {
	l := d.l
	text := strconv.Itoa(number)
	body := l.body()
	x := body.x + body.width - l.set.width(text, runningFont)
	if number%2 == 0 {
		x = body.x
	}
	l.set.draw(x, l.pageHeight-footBase, text, runningFont, inkMuted)
}

package pdf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// The index chapter: the book's index (see ast.Index) set at its end, in
// the book's columns, under letter groups. Each entry is its term and its
// pages, ranges of consecutive pages joined ("31–33"), the page that
// defines the term in bold, each number a link to its page; sub-entries
// are indented under their entry, and a continued line hangs further.
//
// The pages are the layout's own: each place the index lists is found on
// the line of its block that holds its words (see indexLine), or else at
// the block's start. The chapter opens a page of its own after the book,
// whose pages it cannot move, so each pass lays it out and cuts it into
// pages after the book's, with the pages that pass found: its numbers are
// always the pass's own, and the index costs the book no pass of its own.

// indexTitle is the index chapter's title.
const indexTitle = "Index"

// Index geometry: a sub-entry's indent, and how far a continued line of an
// entry hangs, twice as far, so that it is not read as a sub-entry.
const (
	indexSubIndent = 3.5
	indexHang      = 7.0
	indexLetterGap = 2.6
)

var (
	indexFont          = font{fontSerif, "", 9}
	indexLeading       = 11 * ptMM
	indexLetter        = font{fontSerif, "B", 11}
	indexLetterLeading = 14 * ptMM
)

// indexPlace is one place an entry lists, and the page the last pass
// found it on (0 before the first).
type indexPlace struct {
	// words is the place's text as printed, folded for search (see
	// paginate.FoldIndexText).
	words string
	page  int
	// matched is set once a line of the place's block is found to hold
	// its words. A place of a block whose lines were searched (see
	// indexState.searched) and never held them is on its block's first
	// page, which may not hold them, and galley check warns of it
	// (index/locator).
	matched bool
}

// indexLine marks the item of a line that holds places of the index.
type indexLine struct {
	places []*indexPlace
}

// indexState is what the layouter keeps of the index from pass to pass.
type indexState struct {
	index *ast.Index
	// byBlock lists each block's places; places all of them, in the
	// order the entries list them.
	byBlock map[ast.Block][]*indexPlace
	places  map[*ast.Locator]*indexPlace
	// heading is the index chapter's heading, which has no place in the
	// tree: its bookmark, its running head.
	heading *ast.Heading
	// pageLinks are the links to the pages the index points at, made
	// once a page.
	pageLinks map[int]int
	// searched are the paragraphs and tables whose lines or rows were
	// looked through for their places' words: all of their text is in
	// them, where a box's title is set otherwise, and a heading's places
	// stand at its start.
	searched map[ast.Block]bool
}

// newIndexState returns the index's state, nil for a book without an
// index.
func (l *layouter) newIndexState() *indexState {
	idx := l.doc.Index
	if idx == nil || len(idx.Entries) == 0 {
		return nil
	}
	s := &indexState{
		index: idx, byBlock: map[ast.Block][]*indexPlace{}, places: map[*ast.Locator]*indexPlace{},
		heading:   &ast.Heading{Level: 1, Depth: 1, Title: indexTitle, ID: "galley-index"},
		pageLinks: map[int]int{}, searched: map[ast.Block]bool{},
	}
	var add func(entries []*ast.IndexEntry)
	add = func(entries []*ast.IndexEntry) {
		for _, e := range entries {
			for i := range e.Locators {
				loc := &e.Locators[i]
				p := &indexPlace{words: paginate.FoldIndexText(typo.String(loc.Text))}
				s.places[loc] = p
				s.byBlock[loc.Block] = append(s.byBlock[loc.Block], p)
			}
			add(e.Sub)
		}
	}
	add(idx.Entries)
	l.links[s.heading] = l.pdf.AddLink()
	return s
}

// contentsHeadings are the headings the contents list: the book's, and
// the index's last.
func (l *layouter) contentsHeadings() []*ast.Heading {
	headings := l.doc.Headings()
	if l.index != nil {
		headings = append(headings, l.index.heading)
	}
	return headings
}

// hasContents reports whether the contents galley sets for a book without
// an outline list anything: a book without headings, a leaflet or a
// handout, has no contents page.
func (l *layouter) hasContents() bool {
	for _, h := range l.contentsHeadings() {
		if h.Depth <= l.doc.Config.TOCDepth {
			return true
		}
	}
	return false
}

// markLines marks, among the lines of the paragraph being laid out (the
// items from first on), those that hold its places' words: a place is on
// the line its words start on, though they run on to the next.
func (l *layouter) markLines(f *flow, first int, lines []textLine) {
	if !l.hasPlaces() || len(lines) == 0 {
		return
	}
	texts := make([]string, len(lines))
	for i, line := range lines {
		texts[i] = lineText(line)
	}
	l.markItems(f, first, texts, func(i int) bool { return lines[i].broken })
}

// markRows marks, among the rows of the table being laid out (the items
// from first on, one a row, its header first), those that hold its
// places' words: a table too long to be kept whole breaks between its
// rows.
func (l *layouter) markRows(f *flow, first int, rows [][][]span) {
	if !l.hasPlaces() || len(rows) == 0 {
		return
	}
	texts := make([]string, len(rows))
	for i, row := range rows {
		var b strings.Builder
		for _, cell := range row {
			for _, s := range cell {
				b.WriteString(s.text)
			}
			b.WriteByte(' ')
		}
		texts[i] = b.String()
	}
	l.markItems(f, first, texts, nil)
}

// hasPlaces reports whether the block being laid out holds places of
// the index.
func (l *layouter) hasPlaces() bool {
	return l.index != nil && len(l.index.byBlock[l.source]) > 0
}

// markItems marks the items from first on, whose texts are given, with the
// places of the block being laid out that they hold (see
// paginate.LineHolding; broken tells a line that ends inside a word).
func (l *layouter) markItems(f *flow, first int, texts []string, broken func(i int) bool) {
	switch l.source.(type) {
	case *ast.Paragraph, *ast.Table:
		// All of their text is in what is marked (see indexState.searched);
		// a chapter's heading lays out the list of its sections, not its
		// title.
		l.index.searched[l.source] = true
	}
	for i, text := range texts {
		texts[i] = paginate.FoldIndexText(text)
	}
	for _, p := range l.index.byBlock[l.source] {
		if i := paginate.LineHolding(texts, p.words, broken); i >= 0 {
			p.matched = true
			m := f.pieces[first+i].mark()
			if m.index == nil {
				m.index = &indexLine{}
			}
			m.index.places = append(m.index.places, p)
		}
	}
}

// lineText is a line's words as printed, without the hyphen of a word
// broken at its end.
func lineText(line textLine) string {
	var b strings.Builder
	for i, w := range line.words {
		if i > 0 {
			b.WriteByte(' ')
		}
		for _, sp := range w.spans {
			if !sp.hyphen {
				b.WriteString(sp.text)
			}
		}
	}
	return b.String()
}

// appendIndex lays out the index chapter after the book's flow f, cut into
// pages, with the pages of its places in them, and appends its items to f
// and its pages to pages; it returns pages as they are for a book without
// an index. A book whose chapters open on the right leaves a page blank
// before it when the book ends on one.
func (l *layouter) appendIndex(f *flow, pages []paginate.Page) []paginate.Page {
	if l.index == nil || l.stopped() {
		return pages
	}
	l.index.paginate(f, pages)
	g := &flow{}
	l.indexChapter(g)
	own, order := paginate.Optimal(g.items, l.frame())
	g.reorder(order)
	// The break before the chapter stands between the book's pages and
	// the index's, on neither: the book's last page ends its chapter.
	// The book's flow, a long book's millions of items, grows once for
	// both.
	f.items = slices.Grow(f.items, 1+len(g.items))
	f.pieces = slices.Grow(f.pieces, 1+len(g.pieces))
	f.newPage(false)
	offset := len(f.items)
	f.add(g)
	if l.doc.Config.Chapters == ast.ChaptersRight && len(pages)%2 == 1 {
		pages = append(pages, paginate.Page{Start: offset, End: offset})
	}
	for _, p := range own {
		p.Start += offset
		p.End += offset
		columns := make([]paginate.Column, len(p.Columns))
		for i, c := range p.Columns {
			c.Start += offset
			c.End += offset
			columns[i] = c
		}
		p.Columns = columns
		pages = append(pages, p)
	}
	return pages
}

// paginate finds the page of every place in the pass's pages: the page of
// the first line marked with it, or else of its block's start.
func (s *indexState) paginate(f *flow, pages []paginate.Page) {
	found := make(map[*indexPlace]int, len(s.places))
	for n, page := range pages {
		for i := page.Start; i < page.End; i++ {
			if line := f.pieces[i].marked().index; line != nil {
				for _, p := range line.places {
					if found[p] == 0 {
						found[p] = n + 1
					}
				}
			}
		}
	}
	// The starts of the blocks with places, in item order. A page's items
	// are a range, but the ranges are not in order: a page of its own,
	// a sheet, is cut from the range of the page it stands in.
	var starts []source
	for _, src := range f.sources {
		if len(s.byBlock[src.block]) > 0 {
			starts = append(starts, src)
		}
	}
	slices.SortStableFunc(starts, func(a, b source) int { return a.at - b.at })
	for n, page := range pages {
		i, _ := slices.BinarySearchFunc(starts, page.Start, func(src source, at int) int { return src.at - at })
		for ; i < len(starts) && starts[i].at < page.End; i++ {
			for _, p := range s.byBlock[starts[i].block] {
				if found[p] == 0 {
					found[p] = n + 1
				}
			}
		}
	}
	for _, p := range s.places {
		p.page = found[p]
	}
}

// indexChapter sets the index, a chapter of its own that opens a page
// (see appendIndex), its entries under letter groups in the book's
// columns.
func (l *layouter) indexChapter(f *flow) {
	if l.index == nil {
		return
	}
	outer := l.source
	l.source = nil
	defer func() { l.source = outer }()
	_, parentTag := l.tag.open("Index")
	defer l.tag.leave(parentTag)
	chapter := l.heading(l.index.heading, l.body())
	chapter.across()
	chapter.tagAs(l.headingElement(1))
	f.add(chapter)
	f.space(chapter.after)
	letter := ""
	for _, e := range l.index.index.Entries {
		if l.stopped() {
			return
		}
		if group := e.Letter(); group != letter {
			letter = group
			if len(f.items) > 0 && !f.items[len(f.items)-1].Space {
				f.space(indexLetterGap)
			}
			g := &flow{}
			x := l.column().x
			g.item(indexLetterLeading, true, func(y float64) {
				l.set.draw(x, y+baseline(indexLetter, indexLetterLeading), group, indexLetter, inkHeading)
			})
			g.tagAs(l.headingElement(2))
			f.add(g)
		}
		l.indexEntry(f, e, 0)
	}
}

// headingElement adds the element of a heading at depth of the index, nil
// in an untagged book.
func (l *layouter) headingElement(depth int) *fpdf.StructElem {
	if l.tag == nil {
		return nil
	}
	return l.tag.add(l.tag.headingTag(depth))
}

// indexEntry sets an entry and its sub-entries, depth deep.
func (l *layouter) indexEntry(f *flow, e *ast.IndexEntry, depth int) {
	spans := []span{{text: typo.String(e.Term), font: indexFont, color: inkText}}
	spans = append(spans, l.indexPages(e)...)
	italic := font{indexFont.family, "I", indexFont.size}
	if e.See != "" {
		spans = append(spans, span{text: ", ", font: indexFont, color: inkText},
			span{text: "see ", font: italic, color: inkText},
			span{text: typo.String(e.See), font: indexFont, color: inkText})
	}
	if len(e.SeeAlso) > 0 {
		spans = append(spans, span{text: ". ", font: indexFont, color: inkText},
			span{text: "See also ", font: italic, color: inkText},
			span{text: typo.String(strings.Join(e.SeeAlso, "; ")), font: indexFont, color: inkText})
	}
	col := l.column().inset(float64(depth)*indexSubIndent, 0)
	g := &flow{}
	space := l.set.width(" ", indexFont)
	lines := l.set.wrap(l.set.words(spans, nil), col.width-indexHang, space)
	for i, line := range lines {
		line.last = true
		x := col.x
		if i > 0 {
			x += indexHang
		}
		// An entry's lines keep together: a term is not left at a
		// column's foot without its first pages.
		g.item(indexLeading, i < len(lines)-1, func(y float64) {
			l.set.drawLine(line, x, y+baseline(indexFont, indexLeading), col.width, space, indexLeading)
		})
	}
	// An entry with sub-entries keeps with the first of them.
	if len(e.Sub) > 0 && len(g.items) > 0 {
		g.items[len(g.items)-1].Keep = true
	}
	g.tagAs(l.tag.add("P"))
	f.add(g)
	for _, sub := range e.Sub {
		l.indexEntry(f, sub, depth+1)
	}
}

// indexPages returns the spans of an entry's pages after its term: ", 12,
// 31–33, 40", each a link to its page, the defining page's in bold.
func (l *layouter) indexPages(e *ast.IndexEntry) []span {
	runs := e.PageRuns(func(loc *ast.Locator) int {
		if p := l.index.places[loc]; p != nil && p.page > 0 {
			return p.page
		}
		return 100 // a stand-in as wide as most, for a place a cancelled layout did not reach
	})
	var out []span
	bold := font{indexFont.family, "B", indexFont.size}
	for _, run := range runs {
		out = append(out, span{text: ", ", font: indexFont, color: inkText})
		f := indexFont
		if run.Defines {
			f = bold
		}
		out = append(out, span{text: strconv.Itoa(run.First), font: f, color: inkText, link: l.pageLink(run.First)})
		if run.Last > run.First {
			out = append(out, span{text: "–" + strconv.Itoa(run.Last), font: f, color: inkText, link: l.pageLink(run.Last)})
		}
	}
	return out
}

// pageLink returns the link to the top of a page, made on first use; 0
// in a book without links.
func (l *layouter) pageLink(page int) int {
	if l.press != nil && !l.press.links() {
		return 0
	}
	link, ok := l.index.pageLinks[page]
	if !ok {
		link = l.pdf.AddLink()
		l.pdf.SetLink(link, 0, page)
		l.index.pageLinks[page] = link
	}
	return link
}

// warnings warns of each place that no line of its block holds the words
// of (index/locator), at the block: the index points at the block's first
// page, which may not hold the term, and a reader sent there finds no such
// word. It is the checker's half of what
// TestIndexLocators reads back from the PDF.
func (s *indexState) warnings(diags *ast.DiagnosticList) {
	// A place a group's entry and its own both list is warned of once.
	type place struct {
		block ast.Block
		text  string
	}
	warned := map[place]bool{}
	var walk func(entries []*ast.IndexEntry)
	walk = func(entries []*ast.IndexEntry) {
		for _, e := range entries {
			for i := range e.Locators {
				loc := &e.Locators[i]
				p := s.places[loc]
				if p == nil || p.page == 0 || p.matched || !s.searched[loc.Block] || warned[place{loc.Block, loc.Text}] {
					continue
				}
				warned[place{loc.Block, loc.Text}] = true
				diags.Warnf(loc.Block.Position(), "index/locator", fmt.Sprintf(
					"the index lists %q on PDF page %d, where this %s starts, but no line of it holds %q: a reader sent there may not find the term; write it as the index names it, or move the \\index mark to where it stands",
					e.Term, p.page, loc.Block.Kind(), loc.Text))
			}
			walk(e.Sub)
		}
	}
	walk(s.index.Entries)
}

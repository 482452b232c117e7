package ascii

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/paginate"
)

// flow is laid-out text on its way to the pages: the paginator's items and,
// index for index, the line each prints. A block is laid out into a flow of
// its own at the width it has, and its container (a box, a list item)
// then draws around each line, the way the box's │ … │ borders go around
// whatever the box holds.
type flow struct {
	items []paginate.Item
	// lines are the items' text, index for index, unless the flow is
	// measuring: laid out for its pages alone, as Pagination does, it
	// keeps no text, and its containers draw nothing around it.
	lines     []string
	measuring bool
	// marks are the few items that tell the pages more than their line,
	// in the order of the items they mark.
	marks []mark
	// art is what a group draws when it breaks across pages: a box's
	// continued title bar and its bottom border, a table's header.
	art map[*paginate.Group]*groupArt
}

// mark is what an item tells the pages beyond its line.
type mark struct {
	// at is the index of the item.
	at int
	// anchor is the ID of the heading that starts at the item.
	anchor string
	// running is the running head from the item on: a chapter's title.
	running string
	// page is a page of its own, drawn whole: the cover, a sheet.
	page []string
	// numbered says whether the page gets its page number.
	numbered bool
}

// groupArt holds the lines a broken group draws at the top of the page it
// continues on and at the foot of the page it breaks on.
type groupArt struct {
	head, tail []string
}

// line adds a line of text. keep forbids a page break after it.
func (f *flow) line(text string, keep bool) {
	f.items = append(f.items, paginate.Item{Height: 1, Keep: keep})
	f.text(text)
}

// text records the text of the item just added.
func (f *flow) text(s string) {
	if !f.measuring {
		f.lines = append(f.lines, s)
	}
}

// space adds a blank line between blocks, which a page does not start
// with; it keeps with the next block when the line before it keeps.
func (f *flow) space() {
	keep := len(f.items) > 0 && f.items[len(f.items)-1].Keep
	f.items = append(f.items, paginate.Item{Height: 1, Space: true, Keep: keep})
	f.text("")
}

// newPage adds \newpage.
func (f *flow) newPage() {
	f.items = append(f.items, paginate.Item{NewPage: true})
	f.text("")
}

// whole adds a page drawn as it stands, by draw unless the flow is
// measuring.
func (f *flow) whole(draw func() []string, numbered bool) {
	m := mark{at: len(f.items), numbered: numbered}
	if !f.measuring {
		m.page = draw()
	}
	f.marks = append(f.marks, m)
	f.items = append(f.items, paginate.Item{Height: BodyLines, Whole: true})
	f.text("")
}

// paragraph adds the lines of a paragraph, keeping its first line with the
// second and its last with the one before, so that no page starts or ends
// on a paragraph's lone line.
func (f *flow) paragraph(lines []string) {
	f.grow(len(lines))
	for i, l := range lines {
		f.line(l, i == 0 && len(lines) > 1 || i == len(lines)-2 && len(lines) > 2)
	}
}

// keepAll adds lines that must stay on one page: a figure, a heading.
func (f *flow) keepAll(lines []string, keepLast bool) {
	f.grow(len(lines))
	for i, l := range lines {
		f.line(l, i < len(lines)-1 || keepLast)
	}
}

// grow makes room for n more lines.
func (f *flow) grow(n int) {
	f.items = slices.Grow(f.items, n)
	if !f.measuring {
		f.lines = slices.Grow(f.lines, n)
	}
}

// add appends another flow, its lines drawn through draw, or as they stand
// when draw is nil.
func (f *flow) add(g *flow, draw func(i int, line string) string) {
	offset := len(f.items)
	if f.measuring {
		draw = nil
	} else if draw == nil {
		f.lines = append(f.lines, g.lines...)
	} else {
		for i, l := range g.lines {
			if !g.items[i].Whole && !g.items[i].NewPage {
				l = draw(i, l)
			}
			f.lines = append(f.lines, l)
		}
	}
	f.items = append(f.items, g.items...)
	for _, m := range g.marks {
		m.at += offset
		f.marks = append(f.marks, m)
	}
	for group, art := range g.art {
		if f.art == nil {
			f.art = map[*paginate.Group]*groupArt{}
		}
		if draw != nil {
			art = &groupArt{head: drawAll(art.head, draw), tail: drawAll(art.tail, draw)}
		}
		f.art[group] = art
	}
}

// addBlocks appends the flows of blocks laid out one by one, a blank line
// between each two; a nil flow is a block that prints nothing. It makes
// room for all of them at once, since the book's flow is long. It returns
// the item each block starts at, -1 for one that prints nothing.
func (f *flow) addBlocks(blocks []*flow) []int {
	items, marks := 0, 0
	for _, g := range blocks {
		if g != nil {
			items += len(g.items) + 1
			marks += len(g.marks)
		}
	}
	f.grow(items)
	f.marks = slices.Grow(f.marks, marks)
	first := true
	starts := make([]int, len(blocks))
	for i, g := range blocks {
		starts[i] = -1
		if g == nil {
			continue
		}
		if !first && !g.items[0].NewPage && !g.items[0].Whole {
			f.space()
		}
		starts[i] = len(f.items)
		f.add(g, nil)
		first = false
	}
	return starts
}

// reset empties the flow, keeping its room.
func (f *flow) reset() {
	f.items, f.lines, f.marks = f.items[:0], f.lines[:0], f.marks[:0]
	clear(f.art)
}

// drawAll draws lines that belong to no item, such as a group's head.
func drawAll(lines []string, draw func(int, string) string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = draw(-1, l)
	}
	return out
}

// nest makes the items of a flow that sit in no group, and the groups
// that sit in none, part of group.
func (f *flow) nest(group *paginate.Group) {
	for i := range f.items {
		if f.items[i].Group == nil {
			f.items[i].Group = group
		}
	}
	for g := range f.art {
		if g.Parent == nil && g != group {
			g.Parent = group
		}
	}
}

// group records what a group draws when it breaks.
func (f *flow) group(g *paginate.Group, art *groupArt) {
	if f.art == nil {
		f.art = map[*paginate.Group]*groupArt{}
	}
	g.Head, g.Tail = float64(len(art.head)), float64(len(art.tail))
	f.art[g] = art
}

// layouter lays the book's blocks out; see Book. Blocks are laid out at
// once, each by its own copy of the layouter.
type layouter struct {
	doc     *ast.Document
	targets *ast.Targets
	// ctx stops the layout, block by block, when the build is cancelled.
	ctx context.Context
	// measuring lays the blocks out for their pages alone (see flow).
	measuring bool
	// pages is the previous pass's pagination, for the "p. N" after a
	// section reference; nil on the first pass.
	pages  *paginate.Pagination
	sheets *sheet.Book
	// outline is the book's outline, where its contents stand; nil when
	// the contents stand after the cover.
	outline *ast.TOC
	// printed are the IDs of the headings whose pages the layout has
	// printed, which make it out of date when they move.
	printed []string
	// index is the book's index and the pages of its places, nil for a
	// book without one.
	index *indexState
}

// newFlow returns an empty flow, measuring when the layouter is.
func (l *layouter) newFlow() *flow { return &flow{measuring: l.measuring} }

// wrap is wrap for the layouter: a measuring one, which keeps no text,
// only counts the lines (see unwritten).
func (l *layouter) wrap(text, first, rest string, columns int) []string {
	if l.measuring {
		return unwritten(wrapCount(text, first, rest, columns))
	}
	return wrap(text, first, rest, columns)
}

// unwritten returns n lines of no text, which a measuring flow takes for
// lines it counts but does not keep. They are cut from one shared slice,
// capped so that appending to them cannot write into it.
func unwritten(n int) []string {
	if n > len(noLines) {
		return make([]string, n)
	}
	return noLines[:n:n]
}

// noLines is what unwritten cuts from: more lines than most blocks have.
var noLines = make([]string, 256)

// blocks lays out blocks at the given width, a blank line between each two.
func (l *layouter) blocks(blocks []ast.Block, columns int) *flow {
	flows := make([]*flow, len(blocks))
	afterFootnote := false
	for i, b := range blocks {
		if l.ctx.Err() != nil {
			break
		}
		flows[i] = l.block(b, afterFootnote, columns)
		if flows[i] != nil {
			_, afterFootnote = b.(*ast.Footnote)
		}
	}
	f := l.newFlow()
	f.addBlocks(flows)
	return f
}

// block lays out one block; nil for a block the book does not print.
// afterFootnote says whether the block printed before it is a footnote.
func (l *layouter) block(b ast.Block, afterFootnote bool, columns int) *flow {
	f := l.newFlow()
	switch b := b.(type) {
	case *ast.Heading:
		l.heading(f, b, columns)
	case *ast.Paragraph:
		f.paragraph(l.wrap(l.text(b.Inlines), "", "", columns))
	case *ast.List:
		l.list(f, b, columns)
	case *ast.Box:
		l.box(f, b, columns)
	case *ast.StatBlock:
		l.statBlock(f, b, columns)
	case *ast.Table:
		l.table(f, b, columns)
	case *ast.Figure:
		l.figure(f, b, columns)
	case *ast.Image:
		l.image(f, b, columns)
	case *ast.Formula:
		formula(f, b, columns)
	case *ast.Footnote:
		l.footnote(f, b, !afterFootnote, columns)
	case *ast.PageBreak:
		f.newPage()
	case *ast.CharSheet:
		if l.sheets != nil {
			if s := l.sheets.Sheet(b.Class); s != nil {
				f.whole(s.Lines, true)
			}
		}
	case *ast.Verbatim:
		verbatim(f, b, columns)
	case *ast.TOC:
		// The book has one table of contents, where its outline stands:
		// an outline after the first prints nothing, or each would add the
		// whole book's headings again.
		if b == l.outline {
			l.toc(f, b)
		}
	case *ast.OddsChart:
		l.odds(f, b, columns)
	default:
		// The cover is the first page whatever its place; class data
		// fills the sheets and prints nothing of its own.
		return nil
	}
	if len(f.items) == 0 {
		return nil
	}
	return f
}

// heading lays out a title: a chapter's centred over "=", a section's over
// "-", as the manuscript writes them. It keeps with what follows.
func (l *layouter) heading(f *flow, h *ast.Heading, columns int) {
	m := mark{at: len(f.items), anchor: h.ID}
	if h.Depth == 1 {
		m.running = h.Title
	}
	f.marks = append(f.marks, m)
	if l.measuring {
		// The title's lines and its underline.
		f.keepAll(unwritten(wrapCount(h.Title, "", "", columns)+1), true)
		return
	}
	title := wrap(h.Title, "", "", columns)
	rule := "-"
	if h.Level == 1 {
		rule = "="
	}
	var lines []string
	longest := 0
	for _, t := range title {
		longest = max(longest, width(t))
	}
	for _, t := range title {
		if h.Level == 1 {
			t = centre(t, columns)
		}
		lines = append(lines, t)
	}
	underline := repeat(rule, longest)
	if h.Level == 1 {
		underline = centre(underline, columns)
	}
	f.keepAll(append(lines, underline), true)
}

// text writes a paragraph's inlines as the manuscript does: *emphasis*, a
// _Label_ run-in, superscript footnote numbers; a reference to a section
// or chapter is followed by its page, "(p. 12)".
func (l *layouter) text(inlines []ast.Inline) string {
	// Most paragraphs are plain text, which is written as it stands.
	if len(inlines) == 1 {
		if t, ok := inlines[0].(*ast.Text); ok {
			return t.Text
		}
	}
	var b strings.Builder
	b.Grow(textSize(inlines))
	l.writeInlines(&b, inlines)
	return b.String()
}

// textSize is about the length of the text writeInlines writes, so that
// the text is allocated once: a few bytes short for a reference's page
// or emphasis's stars, which a paragraph seldom has many of.
func textSize(inlines []ast.Inline) int {
	n := 0
	for _, in := range inlines {
		switch in := in.(type) {
		case *ast.Text:
			n += len(in.Text)
		case *ast.Emphasis:
			n += textSize(in.Inlines) + 2*in.Level
		case *ast.RunIn:
			n += len(in.Label) + 3
		case *ast.Dice:
			n += len(in.Expr)
		case *ast.Ref:
			n += len(in.Text) + len(" (p.\u00a0000)")
		default:
			n += len("¹²")
		}
	}
	return n
}

func (l *layouter) writeInlines(b *strings.Builder, inlines []ast.Inline) {
	for i, in := range inlines {
		switch in := in.(type) {
		case *ast.Text:
			b.WriteString(in.Text)
		case *ast.Emphasis:
			stars := strings.Repeat("*", in.Level)
			b.WriteString(stars)
			l.writeInlines(b, in.Inlines)
			b.WriteString(stars)
		case *ast.RunIn:
			b.WriteString("_" + in.Label + "_")
			if paginate.SpacedRunIn(inlines[i+1:]) {
				b.WriteByte(' ')
			}
		case *ast.FootnoteRef:
			b.WriteString(paginate.Superscript(in.Number))
		case *ast.Dice:
			b.WriteString(in.Expr)
		case *ast.Ref:
			b.WriteString(in.Text)
			if page := l.refPage(in); page > 0 {
				// A no-break space keeps "p. 12" on one line.
				b.WriteString(" (p.\u00a0" + strconv.Itoa(page) + ")")
			}
		}
	}
}

// refPage is the page a section or chapter reference points at, or 0. On
// the first pass, before any page is known, it is a stand-in of the same
// width as most page numbers, so that the second pass seldom moves a line.
func (l *layouter) refPage(ref *ast.Ref) int {
	h := l.targets.Heading(ref)
	if h == nil {
		return 0
	}
	page, known := l.page(h)
	if !known {
		return 10
	}
	return page
}

// page returns the previous pass's page of a heading the layout prints,
// and records that it does; known is false on the first pass.
func (l *layouter) page(h *ast.Heading) (page int, known bool) {
	l.printed = append(l.printed, h.ID)
	if l.pages == nil {
		return 0, false
	}
	return l.pages.Page(h.ID), true
}

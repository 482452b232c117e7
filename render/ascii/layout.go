package ascii

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/paginate"
)

// flow is laid-out text on its way to the pages: the paginator's items and,
// index for index, the line each prints. A block is laid out into a flow of
// its own at the width it has, and its container (a box, a list item)
// then draws around each line, the way the box's │ … │ borders go around
// whatever the box holds.
type flow struct {
	items []paginate.Item
	lines []string
	marks []mark
	// art is what a group draws when it breaks across pages: a box's
	// continued title bar and its bottom border, a table's header.
	art map[*paginate.Group]*groupArt
}

// mark is what an item tells the pages beyond its line.
type mark struct {
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
	f.lines = append(f.lines, text)
	f.marks = append(f.marks, mark{})
}

// space adds a blank line between blocks, which a page does not start
// with; it keeps with the next block when the line before it keeps.
func (f *flow) space() {
	keep := len(f.items) > 0 && f.items[len(f.items)-1].Keep
	f.items = append(f.items, paginate.Item{Height: 1, Space: true, Keep: keep})
	f.lines = append(f.lines, "")
	f.marks = append(f.marks, mark{})
}

// newPage adds \newpage.
func (f *flow) newPage() {
	f.items = append(f.items, paginate.Item{NewPage: true})
	f.lines = append(f.lines, "")
	f.marks = append(f.marks, mark{})
}

// whole adds a page drawn as it stands.
func (f *flow) whole(page []string, numbered bool) {
	f.items = append(f.items, paginate.Item{Height: BodyLines, Whole: true})
	f.lines = append(f.lines, "")
	f.marks = append(f.marks, mark{page: page, numbered: numbered})
}

// paragraph adds the lines of a paragraph, keeping its first line with the
// second and its last with the one before, so that no page starts or ends
// on a paragraph's lone line.
func (f *flow) paragraph(lines []string) {
	for i, l := range lines {
		f.line(l, i == 0 && len(lines) > 1 || i == len(lines)-2 && len(lines) > 2)
	}
}

// keepAll adds lines that must stay on one page: a figure, a heading.
func (f *flow) keepAll(lines []string, keepLast bool) {
	for i, l := range lines {
		f.line(l, i < len(lines)-1 || keepLast)
	}
}

// add appends another flow, its lines drawn through draw.
func (f *flow) add(g *flow, draw func(i int, line string) string) {
	for i, l := range g.lines {
		if g.marks[i].page == nil && !g.items[i].NewPage {
			l = draw(i, l)
		}
		f.lines = append(f.lines, l)
	}
	f.items = append(f.items, g.items...)
	f.marks = append(f.marks, g.marks...)
	for group, art := range g.art {
		if f.art == nil {
			f.art = map[*paginate.Group]*groupArt{}
		}
		f.art[group] = &groupArt{head: drawAll(art.head, draw), tail: drawAll(art.tail, draw)}
	}
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

// layouter lays the book's blocks out; see Book.
type layouter struct {
	doc     *parser.Document
	targets *parser.Targets
	// pages is the previous pass's pagination, for the "p. N" after a
	// section reference; nil on the first pass.
	pages  *paginate.Pagination
	sheets *parser.BookSheets
}

// blocks lays out blocks at the given width, a blank line between each two.
func (l *layouter) blocks(blocks []parser.Block, columns int) *flow {
	f := &flow{}
	var prev parser.Block
	for _, b := range blocks {
		g := l.block(b, prev, columns)
		if g == nil {
			continue
		}
		if len(f.items) > 0 && len(g.items) > 0 && !g.items[0].NewPage && !g.items[0].Whole {
			f.space()
		}
		f.add(g, func(_ int, s string) string { return s })
		prev = b
	}
	return f
}

// block lays out one block; nil for a block the book does not print.
func (l *layouter) block(b parser.Block, prev parser.Block, columns int) *flow {
	f := &flow{}
	switch b := b.(type) {
	case *parser.Heading:
		l.heading(f, b, columns)
	case *parser.Paragraph:
		f.paragraph(wrap(l.text(b.Inlines), "", "", columns))
	case *parser.List:
		l.list(f, b, columns)
	case *parser.Box:
		l.box(f, b, columns)
	case *parser.Table:
		l.table(f, b, columns)
	case *parser.Figure:
		l.figure(f, b, columns)
	case *parser.Formula:
		formula(f, b, columns)
	case *parser.Footnote:
		_, after := prev.(*parser.Footnote)
		l.footnote(f, b, !after, columns)
	case *parser.PageBreak:
		f.newPage()
	case *parser.CharSheet:
		if l.sheets != nil {
			if s := l.sheets.Sheet(b.Class); s != nil {
				f.whole(Sheet(s), true)
			}
		}
	case *parser.Verbatim:
		verbatim(f, b, columns)
	case *parser.TOC:
		l.toc(f, b)
	case *parser.OddsChart:
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
func (l *layouter) heading(f *flow, h *parser.Heading, columns int) {
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
	underline := strings.Repeat(rule, longest)
	if h.Level == 1 {
		underline = centre(underline, columns)
	}
	start := len(f.items)
	f.keepAll(append(lines, underline), true)
	f.marks[start].anchor = h.ID
	if h.Depth == 1 {
		f.marks[start].running = h.Title
	}
}

// text writes a paragraph's inlines as the manuscript does: *emphasis*, a
// _Label_ run-in, superscript footnote numbers; a reference to a section
// or chapter is followed by its page, "(p. 12)".
func (l *layouter) text(inlines []parser.Inline) string {
	var b strings.Builder
	l.writeInlines(&b, inlines)
	return b.String()
}

func (l *layouter) writeInlines(b *strings.Builder, inlines []parser.Inline) {
	for i, in := range inlines {
		switch in := in.(type) {
		case *parser.Text:
			b.WriteString(in.Text)
		case *parser.Emphasis:
			stars := strings.Repeat("*", in.Level)
			b.WriteString(stars)
			l.writeInlines(b, in.Inlines)
			b.WriteString(stars)
		case *parser.RunIn:
			b.WriteString("_" + in.Label + "_")
			if paginate.SpacedRunIn(inlines[i+1:]) {
				b.WriteByte(' ')
			}
		case *parser.FootnoteRef:
			b.WriteString(paginate.Superscript(in.Number))
		case *parser.Dice:
			b.WriteString(in.Expr)
		case *parser.Ref:
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
func (l *layouter) refPage(ref *parser.Ref) int {
	h := l.targets.Heading(ref)
	if h == nil {
		return 0
	}
	if l.pages == nil {
		return 10
	}
	return l.pages.Page(h.ID)
}

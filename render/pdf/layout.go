package pdf

import (
	"slices"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// flow is laid-out content on its way to the pages: the paginator's items
// and, index for index, the pieces that draw them. Positions across the
// page are fixed when a block is laid out, since a block knows the region
// it is set in; positions down the page come from the pagination.
type flow struct {
	items  []paginate.Item
	pieces []piece
	// art is what a group draws around its items: a box's frame and
	// title bar, a table's repeated header.
	art map[*paginate.Group]*groupArt
	// before and after are the space the flow's block wants above and
	// below it; two blocks stand the larger of the two apart.
	before, after float64
	// sources mark where each block of the manuscript starts, in item
	// order, so that what the pagination did badly is reported at the
	// line that caused it (see layouter.warnings). Marks, not a field of
	// every piece: a flow has an item a line and a block many lines.
	sources []source
	// wide marks a flow that does not fit its region as a reader would
	// want it: a table whose columns would wrap their figures, art set
	// smaller than the book's art. Set in a column, it is set again
	// across the measure (see layouter.blocks).
	wide bool
}

// source marks the first item of a block of the manuscript.
type source struct {
	at    int
	block ast.Block
}

// piece draws one item of a flow. A flow has a piece a line of the book,
// and few lines start anything else: what does is kept apart, in marks,
// so that a piece is three words, not eleven.
type piece struct {
	// draw draws the item with its top at y; nil for space.
	draw func(y float64)
	// tag is the element of the structure tree the item is drawn for, in
	// a tagged book (see tagger); artifactTag for none.
	tag *fpdf.StructElem
	// marks is what else starts at the item, nil for nothing.
	marks *pieceMarks
}

// pieceMarks is what starts at an item besides what it draws.
type pieceMarks struct {
	// heading is the heading that starts at the item: a bookmark, a link
	// target, maybe the running head.
	heading *ast.Heading
	// target is the numbered table, figure or box that starts at the
	// item, which references link to.
	target ast.Block
	// contents marks the table of contents' title, for its bookmark.
	contents string
	// page draws a page of its own, adding it: the cover, a sheet.
	page func()
	// sheet is the bookmark of a character sheet's page.
	sheet string
	// index marks a line that holds places the book's index lists (see
	// indexState).
	index *indexLine
}

// mark returns what starts at p, to set.
func (p *piece) mark() *pieceMarks {
	if p.marks == nil {
		p.marks = &pieceMarks{}
	}
	return p.marks
}

// marked returns what starts at p: nothing, for most.
func (p *piece) marked() pieceMarks {
	if p.marks == nil {
		return pieceMarks{}
	}
	return *p.marks
}

// groupArt draws what a group adds to the page around its items.
type groupArt struct {
	// head draws, at the top of a page the group continues on, what the
	// group repeats there; tail, at the foot of a page it breaks on, what
	// closes it. Either may be nil.
	head, tail func(y float64)
	// frame draws the group's frame behind its items on one page, from y0
	// to y1. Nil for a group with no frame.
	frame func(y0, y1 float64)
	// depth is how deep the group is nested, for drawing frames outermost
	// first.
	depth int
	// block is the table or box the group sets, which a page break
	// through it is reported at.
	block ast.Block
}

// region is where a block is set across the page.
type region struct {
	x, width float64
}

// inset returns the region indented by left and right.
func (r region) inset(left, right float64) region {
	return region{r.x + left, r.width - left - right}
}

// item adds an item drawn by draw.
func (f *flow) item(height float64, keep bool, draw func(y float64)) *piece {
	f.items = append(f.items, paginate.Item{Height: height, Keep: keep})
	f.pieces = append(f.pieces, piece{draw: draw})
	return &f.pieces[len(f.pieces)-1]
}

// space adds room between blocks, which a page does not start with; it
// keeps with the next block when the item before it keeps.
func (f *flow) space(height float64) {
	keep := len(f.items) > 0 && f.items[len(f.items)-1].Keep
	f.items = append(f.items, paginate.Item{Height: height, Space: true, Keep: keep})
	f.pieces = append(f.pieces, piece{})
}

// newPage adds a page break; recto makes the next page a right-hand one.
func (f *flow) newPage(recto bool) {
	f.items = append(f.items, paginate.Item{NewPage: true, Recto: recto})
	f.pieces = append(f.pieces, piece{})
}

// whole adds a page of its own.
func (f *flow) whole(draw func()) {
	f.items = append(f.items, paginate.Item{Whole: true})
	f.pieces = append(f.pieces, piece{marks: &pieceMarks{page: draw}})
}

// add appends another flow.
func (f *flow) add(g *flow) {
	for _, s := range g.sources {
		f.sources = append(f.sources, source{s.at + len(f.items), s.block})
	}
	f.items = append(f.items, g.items...)
	f.pieces = append(f.pieces, g.pieces...)
	for group, art := range g.art {
		f.group(group, art)
	}
}

// group records a group's art.
func (f *flow) group(g *paginate.Group, art *groupArt) {
	if f.art == nil {
		f.art = map[*paginate.Group]*groupArt{}
	}
	f.art[g] = art
}

// nest makes the items and groups of f that sit in no group part of group.
func (f *flow) nest(group *paginate.Group) {
	for i := range f.items {
		if f.items[i].Group == nil {
			f.items[i].Group = group
		}
	}
	for g, art := range f.art {
		art.depth++
		if g.Parent == nil {
			g.Parent = group
		}
	}
}

// across sets the flow's items across the measure, on a page of columns.
func (f *flow) across() {
	for i := range f.items {
		f.items[i].Across = true
	}
}

// mayFloat marks the flow of a table, box, figure, art, sheet or odds chart
// of the book's text as a float (see paginate.Optimal) when it is kept
// whole, in a column or across the measure: one that does not fit where its text falls opens
// the next column or page, and the text after it fills the room it
// leaves.
func (f *flow) mayFloat(b ast.Block) {
	kind := floatKind(b)
	if kind == 0 {
		return
	}
	for i, it := range f.items {
		if it.NewPage || it.Whole || !it.Keep && i < len(f.items)-1 {
			return
		}
	}
	for i := range f.items {
		f.items[i].Float, f.items[i].Kind = true, kind
	}
}

// The sequences floats keep their order in (paginate.Item.Kind): the
// book numbers its tables, its figures, its rules summaries, its examples
// and its notes apart, and a float of one may pass a float of another.
// Its other boxes and its stat blocks, unnumbered, keep the order they are
// written in, as its art and its sheets do.
const (
	tableFloat uint8 = 1 + iota
	boxFloat
	figureFloat
	artFloat
	sheetFloat
	rulesSummaryFloat
	exampleFloat
	noteFloat
)

// floatKind returns the sequence a block that may float keeps its order
// in, 0 for a block that may not float.
func floatKind(b ast.Block) uint8 {
	switch b := b.(type) {
	case *ast.Table:
		return tableFloat
	case *ast.Box:
		switch b.BoxKind {
		case ast.BoxRulesSummary:
			return rulesSummaryFloat
		case ast.BoxExample:
			return exampleFloat
		case ast.BoxNote:
			return noteFloat
		}
		return boxFloat
	case *ast.StatBlock:
		return boxFloat
	case *ast.Figure, *ast.Image, *ast.OddsChart:
		return figureFloat
	case *ast.Verbatim:
		return artFloat
	case *ast.CharSheet:
		return sheetFloat
	}
	return 0
}

// reorder puts the flow's pieces, and the marks of where its blocks
// start, in the order paginate.Optimal set its items in (see there); nil
// keeps them as they are. A block that a float moved into the middle of
// is marked again after it, where its items go on.
func (f *flow) reorder(order []int) {
	if order == nil {
		return
	}
	pieces := make([]piece, len(order))
	at := make([]int, len(order)) // each item's new index, by its old
	for i, old := range order {
		pieces[i] = f.pieces[old]
		at[old] = i
	}
	f.pieces = pieces
	blocks := make([]ast.Block, len(order)) // each item's block, by its old index
	cursor := sourceCursor{marks: f.sources}
	for i := range blocks {
		blocks[i] = cursor.at(i)
	}
	marks := make([]source, 0, len(f.sources))
	marked := map[int]bool{}
	for _, s := range f.sources {
		marks = append(marks, source{at[s.at], s.block})
		marked[at[s.at]] = true
	}
	for i := 1; i < len(order); i++ {
		if b := blocks[order[i]]; b != nil && b != blocks[order[i-1]] && !marked[i] {
			marks = append(marks, source{i, b})
		}
	}
	slices.SortStableFunc(marks, func(a, b source) int { return a.at - b.at })
	f.sources = marks
}

// height is the room the flow takes on the page unbroken.
func height(f *flow) float64 {
	h := 0.0
	for _, it := range f.items {
		h += it.Height
	}
	return h
}

// keepLast forbids a page break after the flow's last item.
func (f *flow) keepLast() {
	if n := len(f.items); n > 0 {
		f.items[n-1].Keep = true
	}
}

// blocks lays out blocks in a region, each two apart by the larger of the
// space the first wants after it and the second before it. A block too
// wide for a column of the page is set across the measure.
func (l *layouter) blocks(blocks []ast.Block, r region) *flow {
	f := &flow{}
	l.appendBlocks(f, blocks, r)
	return f
}

// appendBlocks lays out blocks as blocks does, appending them to f: the
// book's body goes straight into its flow, rather than into one of its own
// copied after the front matter, an item a line.
func (l *layouter) appendBlocks(f *flow, blocks []ast.Block, r region) {
	var prev *flow
	var prevBlock ast.Block
	for _, b := range blocks {
		if l.stopped() {
			break
		}
		outer := l.source
		l.source = b
		bad := len(l.badLines)
		tag, parent := l.tag.enter(b)
		g := l.block(b, prevBlock, r)
		if g != nil && g.wide && l.columns > 1 && r == l.column() {
			l.badLines = l.badLines[:bad]
			// The block is tagged again, as it is set again: the first
			// element holds nothing drawn and is left out of the tree.
			l.tag.leave(parent)
			tag, parent = l.tag.enter(b)
			g = l.block(b, prevBlock, l.body())
			g.across()
		}
		l.tag.leave(parent)
		l.source = outer
		if g != nil {
			g.tagAs(tag)
		}
		if g == nil || len(g.items) == 0 {
			continue
		}
		f.wide = f.wide || g.wide
		// A numbered outline's section with no text of its own, one
		// still to be written, need not keep with the heading of the
		// next: a draft's run of them would else be one block pages tall.
		if h, ok := b.(*ast.Heading); ok && h.Number != "" && len(f.items) > 0 {
			if ph, ok := prevBlock.(*ast.Heading); ok && ph.Number != "" && h.Depth <= ph.Depth {
				f.items[len(f.items)-1].Keep = false
			}
		}
		if prev == nil {
			f.before = g.before
		} else if !g.items[0].NewPage && !g.items[0].Whole {
			f.space(max(prev.after, g.before))
		}
		// A chapter's block starts after the page break it opens with.
		first := 0
		for first < len(g.items)-1 && g.items[first].NewPage {
			first++
		}
		f.sources = append(f.sources, source{len(f.items) + first, b})
		if outer == nil {
			g.mayFloat(b)
		}
		f.add(g)
		prev, prevBlock = g, b
	}
	if prev != nil {
		f.after = prev.after
	}
}

// block lays out one block; nil for a block the book does not print here.
func (l *layouter) block(b ast.Block, prev ast.Block, r region) *flow {
	switch b := b.(type) {
	case *ast.Heading:
		if b.Depth > 1 {
			return l.heading(b, r)
		}
		// A chapter opens a page, a right-hand one if the book asks, or
		// runs on after the one before if it asks that (see
		// Config.Chapters), under its title and the list of its sections
		// across the measure.
		h := l.heading(b, l.body())
		l.sections(h, b)
		h.across()
		f := &flow{before: h.before, after: h.after}
		if l.doc.Config.Chapters != ast.ChaptersContinue {
			f.newPage(l.doc.Config.Chapters == ast.ChaptersRight)
		}
		f.add(h)
		return f
	case *ast.Paragraph:
		return l.paragraph(b.Inlines, r)
	case *ast.List:
		return l.list(b, r)
	case *ast.Box:
		return l.box(b, r)
	case *ast.StatBlock:
		return l.statBlock(b, r)
	case *ast.Table:
		return l.table(b, r)
	case *ast.Figure:
		return l.figure(b, r)
	case *ast.Image:
		return l.image(b, r)
	case *ast.Formula:
		return l.formula(b, r)
	case *ast.Footnote:
		_, after := prev.(*ast.Footnote)
		return l.footnoteInFlow(b, !after, r)
	case *ast.PageBreak:
		// \newpage is the ASCII book's, placed for its page; the PDF
		// breaks only where the author asks for both.
		if b.All {
			f := &flow{}
			f.newPage(false)
			return f
		}
	case *ast.CharSheet:
		return l.sheet(b)
	case *ast.Verbatim:
		return l.verbatim(b, r)
	case *ast.TOC:
		// The book has one table of contents, where its outline stands:
		// an outline after the first prints nothing, or each would add the
		// whole book's headings again.
		if b == l.outline {
			return l.toc(b)
		}
	case *ast.OddsChart:
		return l.odds(b, r)
	}
	// The cover is the first page whatever its place; class data fills
	// the sheets and prints nothing of its own.
	return nil
}

// sectionsFont sets the list of a chapter's sections under its title.
var sectionsFont = font{fontSerif, "I", 10.5}

// sections adds to a chapter's title, f, the list of the chapter's
// sections, "The Setting · The Game · The System", as a chapter opener
// shows what the chapter holds; nothing for a chapter without sections.
func (l *layouter) sections(f *flow, chapter *ast.Heading) {
	if l.sectionTitles == nil {
		// The book's headings are walked once, not once a chapter.
		l.sectionTitles = map[*ast.Heading][]string{}
		var in *ast.Heading
		for _, h := range l.doc.Headings() {
			switch {
			case h.Depth == 1:
				in = h
				l.sectionTitles[h] = nil
			case in != nil && h.Depth == 2:
				l.sectionTitles[in] = append(l.sectionTitles[in], typo.String(h.Title))
			}
		}
	}
	titles := l.sectionTitles[chapter]
	if len(titles) == 0 {
		return
	}
	f.keepLast()
	r := l.body()
	start := len(f.items)
	l.prose(f, []span{{text: strings.Join(titles, " · "), font: sectionsFont, color: inkMuted}}, r, sectionsFont, sectionsFont.size*ptMM*1.35, true)
	f.keepLast()
	// The list is read after the title, not as part of it.
	tag := l.tag.addAfter("P")
	for i := start; i < len(f.items); i++ {
		f.pieces[i].tag = tag
	}
}
func (l *layouter) paragraph(inlines []ast.Inline, r region) *flow {
	f := &flow{before: paraSkip, after: paraSkip}
	l.prose(f, l.spans(inlines, bodyFont, inkText), r, bodyFont, bodyLeading, false)
	return f
}

// prose adds set text, a line an item, justified unless ragged (see
// setter.justify): its first line keeps with its second and its last with
// the one before, so that no page starts or ends on a paragraph's lone
// line, and each line carries the footnotes it cites to the foot of its
// page.
//
// An item keeps the line's place in the paragraph, not its words: a long
// book's words, each with its spans, were most of its layout, all held
// until the last page was drawn. The paragraph is set again when a line
// of it is drawn (see proseLines), which gives the same lines.
func (l *layouter) prose(f *flow, spans []span, r region, base font, leading float64, ragged bool) {
	space := l.set.width(" ", base)
	set := func(into *paragraphBuffers) []textLine {
		return l.set.justify(l.set.words(spans, into), r.width, space, base, ragged, into)
	}
	lines := &proseLines{setter: l.set, set: set}
	// Laid out, the lines are only counted and read here, and so are set
	// in the setter's buffers; drawn, they are kept until their last line
	// is, and so are set in arrays of their own.
	laid := set(&l.set.measuring)
	n := len(laid)
	l.noteBadLines(laid)
	first := len(f.items)
	// A line's drawing holds the paragraph's and its number, no more: a
	// flow has an item a line, and held until the book is drawn.
	draw := func(i int, y float64) {
		l.set.drawLine(lines.line(i), r.x, y+baseline(base, leading), r.width, space, leading)
	}
	for i, line := range laid {
		if l.stopped() {
			break
		}
		keep := i == 0 && n > 1 || i == n-2 && n > 2
		f.item(leading, keep, func(y float64) { draw(i, y) })
		if notes := cited(line); notes != nil {
			f.items[len(f.items)-1].Notes = &notes
		}
	}
	l.markLines(f, first, laid[:len(f.items)-first])
}

// proseLines are a paragraph's lines for drawing: set when the first is
// drawn and dropped after the last, so that a book holds the words of the
// few paragraphs on the page being drawn, not of all of them.
type proseLines struct {
	setter *setter
	set    func(into *paragraphBuffers) []textLine
	lines  []textLine
	// buffers hold lines, taken from the setter's spares when the
	// paragraph is set and given back when its last line is drawn.
	buffers *paragraphBuffers
}

// line returns line i, setting the paragraph if it is not set. A line
// drawn again, as a footnote's is on each page that cites it, sets it
// again. Line i is valid until the next line of any paragraph is asked
// for: the buffers of a paragraph whose last line it is are set in again.
func (p *proseLines) line(i int) textLine {
	if p.lines == nil {
		spares := &p.setter.drawing
		if n := len(*spares); n > 0 {
			p.buffers = (*spares)[n-1]
			*spares = (*spares)[:n-1]
		} else {
			p.buffers = new(paragraphBuffers)
		}
		p.lines = p.set(p.buffers)
	}
	if i >= len(p.lines) {
		// The build was cancelled as the paragraph was set again, and
		// the breaker stopped short of it: nothing drawn now is written.
		return textLine{}
	}
	line := p.lines[i]
	if i == len(p.lines)-1 {
		p.lines = nil
		p.setter.drawing = append(p.setter.drawing, p.buffers)
		p.buffers = nil
	}
	return line
}

// baseline is where text in f sits in a line leading high: the line's
// spare room split above and below the font's height.
func baseline(f font, leading float64) float64 {
	em := f.size * ptMM
	return (leading-fontHeight*em)/2 + fontAscent*em
}

// spans turns inlines into spans of text in the base font and colour:
// emphasis in italic (bold when doubled), a run-in label in bold, a
// footnote mark in superscript, references as links in the link colour;
// a reference to a section or chapter is followed by its page, "(p. 12)".
func (l *layouter) spans(inlines []ast.Inline, base font, color rgb) []span {
	return l.appendSpans(nil, inlines, base, color)
}

// appendSpans appends the spans of inlines to out. Emphasis appends to the
// same slice, so that emphasis nested n deep costs n, not n² copies; and it
// is read with a stack of its own, not by recursion, since a manuscript may
// nest it a hundred thousand deep.
func (l *layouter) appendSpans(out []span, inlines []ast.Inline, base font, color rgb) []span {
	// open are the levels of emphasis being read, outermost first: the
	// inlines left to read at each, and its font.
	type level struct {
		inlines []ast.Inline
		font    font
	}
	open := []level{{inlines, base}}
	// after is what the open levels print next, the text a piece of prose
	// is set against as it follows (see typo.Prose).
	after := func() string {
		for i := len(open) - 1; i >= 0; i-- {
			if next := typo.After(open[i].inlines, ""); next != "" {
				return next
			}
		}
		return ""
	}
	var prose typo.Prose
	for len(open) > 0 {
		top := &open[len(open)-1]
		if len(top.inlines) == 0 {
			open = open[:len(open)-1]
			continue
		}
		in, rest, f := top.inlines[0], top.inlines[1:], top.font
		top.inlines = rest
		switch in := in.(type) {
		case *ast.Text:
			out = append(out, span{text: prose.Text(in.Text, after()), font: f, color: color})
		case *ast.Emphasis:
			styled := f
			styled.style = "I"
			if in.Level > 1 || f.style == "B" {
				styled.style = "B"
			}
			open = append(open, level{in.Inlines, styled})
		case *ast.RunIn:
			bold := f
			bold.style = "B"
			label := in.Label
			if paginate.SpacedRunIn(rest) {
				label += " "
			}
			out = append(out, span{text: prose.Text(label, after()), font: bold, color: color})
		case *ast.FootnoteRef:
			sup := paginate.Superscript(in.Number)
			prose.Pass(sup)
			out = append(out, span{text: sup, font: f, color: color, note: l.notes[in]})
		case *ast.Dice:
			prose.Pass(in.Expr)
			out = append(out, span{text: in.Expr, font: f, color: color})
		case *ast.Ref:
			out = append(out, l.ref(in, prose.Text(in.Text, after()), f, color)...)
		}
	}
	return out
}

// ref sets a reference, its text as typo set it: a link to its target
// when it has one, and the page of a heading it names.
func (l *layouter) ref(ref *ast.Ref, text string, base font, color rgb) []span {
	sp := span{text: text, font: base, color: color}
	var target any
	if h := l.targets.Heading(ref); h != nil {
		target = h
	} else if b := l.targets.Block(ref.RefKind, ref.From); b != nil {
		target = b
	}
	if _, ok := l.links[target]; !ok {
		return []span{sp}
	}
	link := l.linkOf(target)
	sp.link, sp.color = link, inkLink
	out := []span{sp}
	if h, ok := target.(*ast.Heading); ok {
		page := 100 // a stand-in as wide as most, before the pages are known
		if l.pages != nil {
			page = l.pages.Page(h.ID)
		}
		// A no-break space keeps "p. 12" on one line.
		out = append(out, span{text: " (p.\u00a0" + strconv.Itoa(page) + ")", font: base, color: inkLink, link: link})
	}
	return out
}

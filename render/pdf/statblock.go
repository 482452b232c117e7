package pdf

import (
	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// A stat block is set as RPG books set one: on a parchment tint between
// two heavy rules in the stat block's red, its title in small bold sans,
// its ratings in a grid of names over values between rules, its attacks
// and features as run-in paragraphs, kept whole in a column.
var (
	statInk       = rgb{122, 46, 31}
	statTint      = rgb{251, 246, 234}
	statTitleFont = font{fontSans, "B", 11}
	statNameFont  = font{fontSans, "B", 7}
	statValueFont = font{fontSerif, "", 9}
)

// Stat block geometry, in mm: the padding inside the frame, the weight of
// its rules at top and foot and of those around a grid of ratings, the
// room between the grid's columns and around its rules.
const (
	statPad       = 2.8
	statFrameRule = 0.8
	statGridRule  = 0.35
	statColumnGap = 2.4
	statRuleGap   = 1.4
	// statMaxColumns is the most ratings a grid sets abreast: the six
	// ability scores of a d20 monster.
	statMaxColumns = 6
)

var (
	statTitleLead = statTitleFont.size * ptMM * 1.25
	statNameLead  = statNameFont.size * ptMM * 1.2
	statValueLead = statValueFont.size * ptMM * 1.25
)

// statBlock lays out a stat block in its frame. One that fits on a page is
// kept whole, as a reader looks it up at a glance (and, at the book's top
// level, floats to the next column when it does not fit where its text
// falls); a longer one breaks between its blocks, framed on each page.
func (l *layouter) statBlock(s *ast.StatBlock, r region) *flow {
	inner := r.inset(statPad, statPad)
	body := &flow{}
	if title := typo.String(s.Title); title != "" {
		tag := l.tag.add("P")
		words := l.set.words([]span{{text: title, font: statTitleFont, color: statInk}}, nil)
		space := l.set.width(" ", statTitleFont)
		lines := l.set.wrap(words, inner.width, space)
		l.noteBadLines(lines)
		for _, line := range lines {
			line.last = true
			body.item(statTitleLead, true, func(y float64) {
				l.set.drawLine(line, inner.x, y+baseline(statTitleFont, statTitleLead), inner.width, space, statTitleLead)
			}).tag = tag
		}
		body.after = paraSkip
	}
	var prev ast.Block
	for _, b := range s.Blocks {
		g := l.statPart(b, prev, inner)
		prev = b
		if g == nil || len(g.items) == 0 {
			continue
		}
		if len(body.items) > 0 {
			body.space(max(body.after, g.before))
		}
		body.add(g)
		body.after = g.after
	}
	f := &flow{before: blockSkip, after: blockSkip, wide: body.wide}
	f.item(statPad, true, nil)
	f.add(body)
	f.keepLast()
	f.item(statPad, false, nil)
	whole := height(f) <= l.bodyHeight()
	for i := range f.items[:len(f.items)-1] {
		if whole || !f.items[i+1].Space {
			f.items[i].Keep = true
		}
	}
	group := &paginate.Group{Head: statPad, Tail: statPad}
	f.nest(group)
	f.group(group, &groupArt{
		frame: func(y0, y1 float64) {
			l.pdf.SetFillColor(statTint.r, statTint.g, statTint.b)
			l.pdf.Rect(r.x, y0, r.width, y1-y0, "F")
			l.pdf.SetDrawColor(statInk.r, statInk.g, statInk.b)
			l.pdf.SetLineWidth(statFrameRule)
			l.pdf.Line(r.x, y0, r.x+r.width, y0)
			l.pdf.Line(r.x, y1, r.x+r.width, y1)
		},
		block: s,
	})
	return f
}

// statPart lays out one block of a stat block, which follows prev: ratings
// as a grid, a figure of attack boxes as run-in paragraphs, anything else
// as the text sets it.
func (l *layouter) statPart(b, prev ast.Block, r region) *flow {
	if ratings, ok := ast.Ratings(b); ok {
		// Two grids in a row share the rule between them.
		_, afterGrid := ast.Ratings(prev)
		return l.statRatings(b, ratings, !afterGrid, r)
	}
	if fig, ok := b.(*ast.Figure); ok {
		if attacks, ok := fig.Attacks(); ok {
			return l.statAttacks(fig, attacks, r)
		}
	}
	return l.blocks([]ast.Block{b}, r)
}

// statCell is one rating set in its cell: its name over its value.
type statCell struct {
	name, value []textLine
}

// height is the cell's height.
func (c statCell) height() float64 {
	return float64(len(c.name))*statNameLead + float64(len(c.value))*statValueLead
}

// statRatings sets ratings as a grid between two rules (the first left
// out unless ruleAbove), as many abreast as
// fit with no name or value wrapped (at most statMaxColumns), a row of
// the grid an item. The grid is tagged as a list: each rating an item,
// its name the label and its value the body. A table's caption, which
// the book's references cite, follows the grid.
func (l *layouter) statRatings(b ast.Block, ratings []*ast.StatRating, ruleAbove bool, r region) *flow {
	f := &flow{before: paraSkip, after: paraSkip}
	if len(ratings) == 0 {
		return f
	}
	columns, cells := l.statGrid(ratings, r)
	width := (r.width - statColumnGap*float64(columns-1)) / float64(columns)
	list, outer := l.tag.open("L")
	labels := make([]struct{ name, value *fpdf.StructElem }, len(ratings))
	for i := range ratings {
		labels[i].name, labels[i].value = l.tag.listItem(true)
	}
	l.tag.leave(outer)
	rule := func(y float64) {
		l.tag.artifact("Layout")
		l.pdf.SetDrawColor(statInk.r, statInk.g, statInk.b)
		l.pdf.SetLineWidth(statGridRule)
		l.pdf.Line(r.x, y+statRuleGap/2, r.x+r.width, y+statRuleGap/2)
	}
	if ruleAbove {
		f.item(statRuleGap, true, rule).tag = artifactTag
	}
	first := len(f.items)
	nameSpace, valueSpace := l.set.width(" ", statNameFont), l.set.width(" ", statValueFont)
	for start := 0; start < len(cells); start += columns {
		row := cells[start:min(start+columns, len(cells))]
		tall := 0.0
		for _, c := range row {
			tall = max(tall, c.height())
		}
		f.item(tall, true, func(y float64) {
			for i, c := range row {
				x := r.x + float64(i)*(width+statColumnGap)
				at := y
				l.tag.mark(labels[start+i].name)
				for _, line := range c.name {
					line.last = true
					l.set.drawLine(line, x, at+baseline(statNameFont, statNameLead), width, nameSpace, statNameLead)
					at += statNameLead
				}
				l.tag.mark(labels[start+i].value)
				for _, line := range c.value {
					line.last = true
					l.set.drawLine(line, x, at+baseline(statValueFont, statValueLead), width, valueSpace, statValueLead)
					at += statValueLead
				}
			}
		}).tag = list
	}
	f.item(statRuleGap, false, rule).tag = artifactTag
	// A reference to the table leads to the grid's top.
	f.pieces[first].mark().target = b
	if t, ok := b.(*ast.Table); ok && t.Caption != nil {
		f.keepLast()
		l.caption(f, t.Caption, r)
	}
	return f
}

// statGrid chooses how many ratings stand abreast and sets each in its
// cell: of the counts that set every name and value in at most
// statCellLines lines without breaking a word, the one whose grid is
// shortest, and of those the most abreast; one a row, wrapped as it must
// be, when no count does.
func (l *layouter) statGrid(ratings []*ast.StatRating, r region) (columns int, cells []statCell) {
	words := make([]struct{ name, value []word }, len(ratings))
	for i, rt := range ratings {
		words[i].name = l.set.words([]span{{text: typo.String(rt.Name), font: statNameFont, color: statInk}}, nil)
		words[i].value = l.set.words(l.spans(rt.Value, statValueFont, inkText), nil)
	}
	nameSpace, valueSpace := l.set.width(" ", statNameFont), l.set.width(" ", statValueFont)
	set := func(columns int) (cells []statCell, tall float64, ok bool) {
		width := (r.width - statColumnGap*float64(columns-1)) / float64(columns)
		ok = true
		rowTall := 0.0
		for i, w := range words {
			c := statCell{name: l.set.wrap(w.name, width, nameSpace), value: l.set.wrap(w.value, width, valueSpace)}
			ok = ok && wellSet(c.name) && wellSet(c.value)
			cells = append(cells, c)
			rowTall = max(rowTall, c.height())
			if (i+1)%columns == 0 || i == len(words)-1 {
				tall, rowTall = tall+rowTall, 0
			}
		}
		return cells, tall, ok
	}
	best := -1.0
	for n := min(statMaxColumns, len(ratings)); n >= 1; n-- {
		c, tall, ok := set(n)
		if ok && (best < 0 || tall < best-0.01) {
			columns, cells, best = n, c, tall
		}
	}
	if best < 0 {
		columns = 1
		cells, _, _ = set(1)
	}
	l.noteStatCells(cells)
	return columns, cells
}

// statCellLines is the most lines a rating's name or value takes in a
// grid of more than one column.
const statCellLines = 2

// wellSet reports whether lines set a cell's name or value well enough
// for a grid: in at most statCellLines lines, no word broken.
func wellSet(lines []textLine) bool {
	if len(lines) > statCellLines {
		return false
	}
	for _, line := range lines {
		if line.broken || line.overfull {
			return false
		}
	}
	return true
}

// noteStatCells reports the cells' lines that could not be set well.
func (l *layouter) noteStatCells(cells []statCell) {
	for _, c := range cells {
		l.noteBadLines(c.name)
		l.noteBadLines(c.value)
	}
}

// statAttacks sets the attacks a figure's art boxes give as run-in
// paragraphs in the ratings' type, then the figure's caption, which the book's references
// cite.
func (l *layouter) statAttacks(fig *ast.Figure, attacks []*ast.Paragraph, r region) *flow {
	f := &flow{before: paraSkip, after: paraSkip}
	div, outer := l.tag.open("Div")
	for i, p := range attacks {
		// Set ragged, as the many long names of an attack would stretch
		// a justified line of a narrow frame.
		g := &flow{}
		l.prose(g, l.spans(p.Inlines, statValueFont, inkText), r, statValueFont, statValueLead, true)
		g.tagAs(l.tag.add("P"))
		if i > 0 {
			f.space(paraSkip)
		}
		if i == 0 && len(g.pieces) > 0 {
			g.pieces[0].mark().target = fig
		}
		f.add(g)
	}
	if fig.Caption != nil {
		f.keepLast()
		l.caption(f, fig.Caption, r)
	}
	l.tag.leave(outer)
	f.tagAs(div)
	return f
}

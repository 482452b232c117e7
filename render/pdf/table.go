package pdf

import (
	"slices"
	"strconv"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/paginate"
)

// Table geometry: the padding around a cell's text and the rules.
const (
	cellPadX    = 1.8
	cellPadY    = 0.9
	ruleHeavy   = 0.45
	ruleLight   = 0.2
	captionGap  = 1.6
	tableBottom = 1.0 // the room of the closing rule
)

var tableHeadFont = font{fontSans, "B", 9}

// tableCell is a cell's text, set in its column.
type tableCell struct {
	lines []textLine
	space float64
}

// table sets a table between a heavy rule over its header and one under
// its last row, a light rule under the header and every other row tinted;
// its caption is under it. Each column is as wide as its widest cell; when
// the table is wider than the measure, the widest columns give way, down
// to their longest word, and their cells wrap. A table that breaks across
// pages is closed by a rule and repeats its header row on the next page.
func (l *layouter) table(t *parser.Table, r region) *flow {
	if len(t.Header) == 0 {
		// A table without rows is an error galley check reports.
		return nil
	}
	header := l.cellSpans(t.Header, tableHeadFont)
	rows := make([][][]span, len(t.Rows))
	for i, row := range t.Rows {
		rows[i] = l.cellSpans(row, tableFont)
		for len(rows[i]) < len(header) {
			rows[i] = append(rows[i], nil)
		}
		rows[i] = rows[i][:len(header)]
	}
	widths := l.columnWidths(header, rows, r.width)
	total := 0.0
	for _, w := range widths {
		total += w
	}
	f := &flow{before: blockSkip, after: blockSkip}
	group := &paginate.Group{}
	headCells, headHeight := l.tableRow(header, widths)
	drawHead := func(y float64) {
		l.rule(r.x, y, total, ruleHeavy)
		l.drawRow(headCells, widths, r.x, y, false)
		l.rule(r.x, y+headHeight, total, ruleLight)
	}
	group.Head, group.Tail = headHeight, tableBottom
	f.group(group, &groupArt{head: drawHead, tail: func(y float64) { l.rule(r.x, y, total, ruleHeavy) }})
	head := f.item(headHeight, true, drawHead)
	head.target = t
	for i, row := range rows {
		if l.ctx.Err() != nil {
			break
		}
		cells, height := l.tableRow(row, widths)
		tinted := i%2 == 1
		// The header keeps with the first row; the last two rows keep
		// together and with the caption, so that no page holds a lone row.
		f.item(height, i == 0 || i >= len(rows)-2, func(y float64) {
			l.drawRow(cells, widths, r.x, y, tinted)
		})
	}
	for i := range f.items {
		f.items[i].Group = group
	}
	f.item(tableBottom, t.Caption != nil, func(y float64) { l.rule(r.x, y, total, ruleHeavy) })
	if t.Caption != nil {
		l.caption(f, t.Caption, r)
	}
	l.checkedMark(f, t, r)
	return f
}

// checkedMark sets "✓ checked NAME" under a table the rules engine checked,
// in a proof (see layouter.checks), kept with the table above it: it tells
// the author which tables the build vouches for.
func (l *layouter) checkedMark(f *flow, t *parser.Table, r region) {
	if l.checks == nil {
		return
	}
	name := l.checks.CheckOf(t)
	if name == "" {
		return
	}
	f.items[len(f.items)-1].Keep = true
	f.item(captionGap, true, nil)
	f.item(smallLead, false, func(y float64) {
		l.set.draw(r.x, y+baseline(smallFont, smallLead), "✓ checked "+name, smallFont, inkChecked)
	})
}

// cellSpans sets each cell's text as prose in the font.
func (l *layouter) cellSpans(cells []*parser.Cell, f font) [][]span {
	out := make([][]span, len(cells))
	for i, c := range cells {
		out[i] = l.spans(c.Inlines(), f, inkText)
	}
	return out
}

// columnWidths returns each column's width, padding included: its widest
// cell's, unless the table is then wider than width. Then the widest
// columns are cut down to one width, the largest that lets the table fit,
// as water finds its level, but never below their longest word.
func (l *layouter) columnWidths(header [][]span, rows [][][]span, width float64) []float64 {
	natural := make([]float64, len(header))
	least := make([]float64, len(header))
	measure := func(row [][]span) {
		for i, c := range row {
			words := l.set.words(c)
			line := 0.0
			for j, w := range words {
				if j > 0 {
					line += l.set.width(" ", w.spans[0].font)
				}
				line += w.width
				least[i] = max(least[i], w.width+2*cellPadX)
			}
			natural[i] = max(natural[i], line+2*cellPadX)
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	fit := func(level float64) ([]float64, float64) {
		out := make([]float64, len(natural))
		sum := 0.0
		for i := range natural {
			out[i] = min(natural[i], max(level, least[i]))
			sum += out[i]
		}
		return out, sum
	}
	widths, sum := fit(slices.Max(natural))
	if sum <= width {
		return widths
	}
	lo, hi := 0.0, slices.Max(natural)
	for range 40 {
		mid := (lo + hi) / 2
		if _, s := fit(mid); s > width {
			hi = mid
		} else {
			lo = mid
		}
	}
	widths, _ = fit(lo)
	return widths
}

// tableRow wraps each cell of a row in its column and returns the cells
// and the row's height, its tallest cell's.
func (l *layouter) tableRow(cells [][]span, widths []float64) ([]tableCell, float64) {
	out := make([]tableCell, len(cells))
	lines := 1
	for i, c := range cells {
		f := tableFont
		if len(c) > 0 {
			f = c[0].font
		}
		space := l.set.width(" ", f)
		out[i] = tableCell{lines: l.set.wrap(l.set.words(c), widths[i]-2*cellPadX, space), space: space}
		for j := range out[i].lines {
			out[i].lines[j].last = true
		}
		lines = max(lines, len(out[i].lines))
	}
	return out, float64(lines)*tableLead + 2*cellPadY
}

// drawRow draws a row's cells from (x, y), over a tint when tinted.
func (l *layouter) drawRow(cells []tableCell, widths []float64, x, y float64, tinted bool) {
	height := 0.0
	for _, c := range cells {
		height = max(height, float64(len(c.lines))*tableLead+2*cellPadY)
	}
	if tinted {
		total := 0.0
		for _, w := range widths {
			total += w
		}
		l.pdf.SetFillColor(inkZebra.r, inkZebra.g, inkZebra.b)
		l.pdf.Rect(x, y, total, height, "F")
	}
	for i, c := range cells {
		for j, line := range c.lines {
			top := y + cellPadY + float64(j)*tableLead
			l.set.drawLine(line, x+cellPadX, top+baseline(tableFont, tableLead), widths[i]-2*cellPadX, c.space, tableLead)
		}
		x += widths[i]
	}
}

// rule draws a horizontal rule of the given weight from (x, y).
func (l *layouter) rule(x, y, width, weight float64) {
	l.pdf.SetDrawColor(inkRule.r, inkRule.g, inkRule.b)
	l.pdf.SetLineWidth(weight)
	l.pdf.Line(x, y, x+width, y)
}

// caption sets "Table 2: …" or "Figure 7: …" under a table or figure in
// the small font, its label in bold, its lines kept together.
func (l *layouter) caption(f *flow, c *parser.Caption, r region) {
	label := smallFont
	label.style = "B"
	spans := l.appendSpans([]span{{text: c.Label + " " + strconv.Itoa(c.Number) + ": ", font: label, color: inkText}},
		c.Inlines, smallFont, inkText)
	f.item(captionGap, true, nil)
	start := len(f.items)
	l.prose(f, spans, r, smallFont, smallLead, true)
	for i := start; i < len(f.items)-1; i++ {
		f.items[i].Keep = true
	}
}

package pdf

import (
	"slices"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
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

// tableSizes are the sizes a table's text is set at, in points, largest
// first: a table too wide for its region at one is set at the next before
// any of its words is cut (see layouter.table), down to smallestType, the
// least a reader reads without a glass. Its lines are spaced in
// proportion, as tableLead spaces tableFont's.
var tableSizes = []float64{tableFont.size, 8, 7.5, 7, smallestType}

// zebraColumns is how many columns a table has, across more than half the
// measure, before every other row is tinted: across a table that wide the
// eye needs help to keep its row, and the rows of such a table are figures
// alike enough to lose it in. Other tables stay untinted, their rows told
// apart by their spacing.
const zebraColumns = 4

// tableCell is a cell's text, set in its column: its lines, in font on
// lines lead apart, and its word space.
type tableCell struct {
	lines []textLine
	font  font
	lead  float64
	space float64
	// tag is the cell's element, a TH or TD; artifactTag in a header
	// repeated.
	tag *fpdf.StructElem
}

// table sets a table as booktabs does: a heavy rule over its header and
// under its last row, a light one under the header, no rules between rows;
// its caption is under it. Its columns are as wide as their content (see
// tableColumns), so a header wraps only when the table fills the measure.
// A table no longer than keptWhole allows stays whole, with its caption; a
// longer one breaks between rows, closed by a rule, and repeats its header
// row at the top of the next column under "Table N (continued)".
func (l *layouter) table(t *ast.Table, r region) *flow {
	if len(t.Header) == 0 {
		// A table without rows is an error galley check reports.
		return nil
	}
	// In a column of a page of two, a table too wide for it is set
	// across the page at the first size; elsewhere it has no wider
	// region to go to, and is set smaller.
	sizes := tableSizes
	if l.columns > 1 && r.width <= l.column().width {
		sizes = sizes[:1]
	}
	var header [][]span
	var rows [][][]span
	var cols []tableColumn
	var fits bool
	for _, size := range sizes {
		header, rows = l.tableSpans(t, size)
		if cols, fits = l.tableColumns(header, rows, r.width); fits {
			break
		}
	}
	total := tableWidth(cols)
	tinted := len(cols) >= zebraColumns && total > r.width/2
	f := &flow{before: blockSkip, after: blockSkip, wide: !fits}
	group := &paginate.Group{}
	headCells, headHeight := l.tableRow(header, cols)
	l.tagRow(headCells, "TH")
	// The header repeated on the pages a table continues on is no part
	// of the text: the table has it once.
	repeated := slices.Clone(headCells)
	for i := range repeated {
		repeated[i].tag = artifactTag
	}
	// The header's two rules are drawn before its cells, in one
	// artifact: drawn after them, the light one was an artifact of its
	// own between the header's cells and the first row's.
	drawHead := func(y float64, cells []tableCell) {
		l.rule(r.x, y, total, ruleHeavy)
		l.rule(r.x, y+headHeight, total, ruleLight)
		l.drawRow(cells, cols, r.x, y, false)
	}
	continued := "(continued)"
	if t.Caption != nil {
		continued = t.Caption.Label + " " + strconv.Itoa(t.Caption.Number) + " " + continued
	}
	group.Head, group.Tail = smallLead+headHeight, tableBottom
	f.group(group, &groupArt{
		head: func(y float64) {
			l.set.draw(r.x, y+baseline(smallFont, smallLead), continued, smallFont, inkMuted)
			drawHead(y+smallLead, repeated)
		},
		tail:  func(y float64) { l.rule(r.x, y, total, ruleHeavy) },
		block: t,
	})
	head := f.item(headHeight, true, func(y float64) { drawHead(y, headCells) })
	head.mark().target = t
	for i, row := range rows {
		if l.stopped() {
			break
		}
		cells, height := l.tableRow(row, cols)
		l.tagRow(cells, "TD")
		tint := tinted && i%2 == 1
		// The header keeps with the first row; the last two rows keep
		// together and with the caption, so that no page holds a lone row.
		f.item(height, i == 0 || i >= len(rows)-2, func(y float64) {
			l.drawRow(cells, cols, r.x, y, tint)
		})
	}
	l.markRows(f, 0, append([][][]span{header}, rows[:len(f.items)-1]...))
	for i := range f.items {
		f.items[i].Group = group
	}
	f.item(tableBottom, t.Caption != nil, func(y float64) { l.rule(r.x, y, total, ruleHeavy) }).tag = artifactTag
	if t.Caption != nil {
		l.caption(f, t.Caption, r)
	}
	l.checkedMark(f, t, r)
	if l.keptWhole(height(f)) {
		for i := range f.items[:len(f.items)-1] {
			f.items[i].Keep = true
		}
	}
	return f
}

// checkedMark sets "✓ checked NAME" under a table the rules engine checked,
// in a proof (see layouter.proof), kept with the table above it: it tells
// the author which tables the build vouches for.
func (l *layouter) checkedMark(f *flow, t *ast.Table, r region) {
	if l.proof == nil {
		return
	}
	name := l.proof(t)
	if name == "" {
		return
	}
	f.items[len(f.items)-1].Keep = true
	f.item(captionGap, true, nil)
	// The mark is the build's note to the author, no part of the book.
	f.item(smallLead, false, func(y float64) {
		l.tag.artifact("Layout")
		l.set.draw(r.x, y+baseline(smallFont, smallLead), "✓ checked "+name, smallFont, inkChecked)
	})
}

// tableSpans sets the text of a table's header, in bold, and of its rows,
// each row as many cells as the header, at size points.
func (l *layouter) tableSpans(t *ast.Table, size float64) (header [][]span, rows [][][]span) {
	body := font{tableFont.family, tableFont.style, size}
	head := body
	head.style = "B"
	header = l.cellSpans(t.Header, head)
	rows = make([][][]span, len(t.Rows))
	for i, row := range t.Rows {
		rows[i] = l.cellSpans(row, body)
		for len(rows[i]) < len(header) {
			rows[i] = append(rows[i], nil)
		}
		rows[i] = rows[i][:len(header)]
	}
	return header, rows
}

// cellSpans sets each cell's text as prose in the font, a named roll's in
// its words alone (ast.Cell.InlinesInWords): a reader of the book has no
// roller to copy its expression into.
func (l *layouter) cellSpans(cells []*ast.Cell, f font) [][]span {
	out := make([][]span, len(cells))
	for i, c := range cells {
		out[i] = l.spans(c.InlinesInWords(), f, inkText)
	}
	return out
}

// tableColumn is a column as it is set: its width, padding included, and
// whether its cells stand flush right.
type tableColumn struct {
	width float64
	right bool
}

// tableColumns sizes the columns of a table set in width (see autoWidths)
// and sets flush right those whose body cells are all figures (see
// ast.FigureColumn), so that their units, tens and percent signs line up. It
// reports whether the table fits width as a reader would have it: no word
// cut, and, unless it has two columns, a label and its prose, no more
// than a little of its text wrapped (see wrapAllowance).
func (l *layouter) tableColumns(header [][]span, rows [][][]span, width float64) ([]tableColumn, bool) {
	natural, least, pieces := l.measureColumns(header, rows)
	fits := sum(least) <= width && (len(header) <= 2 || sum(natural) <= wrapAllowance*width)
	if sum(least) > width && sum(pieces) <= width {
		// Its words do not fit whole, but hyphenated they do: a
		// header such as "Remarkable" wraps at a legal break rather
		// than being cut.
		least = pieces
	}
	widths := autoWidths(natural, least, width)
	if sum(natural) > width {
		widths = l.tighten(header, rows, widths, width)
	}
	cols := make([]tableColumn, len(header))
	for i := range cols {
		cols[i].width = widths[i]
		cells := make([]string, len(rows))
		for j, r := range rows {
			cells[j] = spanText(r[i])
		}
		cols[i].right = ast.FigureColumn(cells)
	}
	return cols, fits
}

// measureColumns returns each column's natural width, its widest cell
// set on one line, its least, its widest word, and its pieces, the widest
// piece of its words hyphenated at every legal break: padding included.
func (l *layouter) measureColumns(header [][]span, rows [][][]span) (natural, least, pieces []float64) {
	natural = make([]float64, len(header))
	least = make([]float64, len(header))
	pieces = make([]float64, len(header))
	measure := func(row [][]span) {
		for i, c := range row {
			words := l.set.words(c, &l.set.measuring)
			line := 0.0
			for j, w := range words {
				if j > 0 {
					line += l.set.width(" ", w.spans[0].font)
				}
				line += w.width
				least[i] = max(least[i], w.width+2*cellPadX)
				pieces[i] = max(pieces[i], l.set.widestPiece(w)+2*cellPadX)
			}
			natural[i] = max(natural[i], line+2*cellPadX)
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	return natural, least, pieces
}

// autoWidths shares width among columns of the given natural widths (their
// widest cell unbroken) and least widths (their widest word), as HTML's
// automatic table layout does. Columns that fit take their natural width.
// When they do not, each column gives up the same share of what it has
// above its least width, so a column of long prose wraps before one of
// short labels. A word wider than the whole measure is cut, so it asks for
// no more than the measure; and when even the least widths do not fit,
// every column narrows in proportion and its longest words are cut: a
// table never runs into the margin.
//
// A table narrower than width keeps its natural width, its columns a
// cell's padding apart, rather than stretching: spread across the measure
// a short table's columns drift apart and the eye loses the row. Only a
// table that comes within stretchWithin of the measure is stretched to it,
// its columns sharing the rest alike, since rules that stop just short of
// the margin look like a mistake rather than a choice.
func autoWidths(natural, least []float64, width float64) []float64 {
	natural, least = slices.Clone(natural), slices.Clone(least)
	sumNatural, sumLeast := 0.0, 0.0
	for i := range natural {
		least[i] = min(least[i], width)
		natural[i] = max(natural[i], least[i])
		sumNatural += natural[i]
		sumLeast += least[i]
	}
	out := make([]float64, len(natural))
	switch {
	case sumNatural <= width:
		extra := 0.0
		if width-sumNatural < stretchWithin*width {
			extra = (width - sumNatural) / float64(len(natural))
		}
		for i := range out {
			out[i] = natural[i] + extra
		}
	case sumLeast <= width:
		share := (width - sumLeast) / (sumNatural - sumLeast)
		for i := range out {
			out[i] = least[i] + (natural[i]-least[i])*share
		}
	default:
		for i := range out {
			out[i] = least[i] * width / sumLeast
		}
	}
	return out
}

// tighten narrows each column of a table too wide for its natural widths
// to its longest line once its cells wrap in widths, then shares what that
// frees among the columns alike. Wrapping a header such as "Complete
// Success" frees far more than the column had to give up; handed back in
// proportion, it would leave wide gaps beside the wrapped columns and
// narrow ones beside the rest, where a typesetter spaces columns evenly.
func (l *layouter) tighten(header [][]span, rows [][][]span, widths []float64, width float64) []float64 {
	tight := make([]float64, len(widths))
	measure := func(row [][]span) {
		for i, c := range row {
			space := l.set.width(" ", tableFont)
			if len(c) > 0 {
				space = l.set.width(" ", c[0].font)
			}
			for _, line := range l.set.wrap(l.set.words(c, &l.set.measuring), widths[i]-2*cellPadX+fitSlack, space) {
				tight[i] = max(tight[i], min(line.natural+2*cellPadX, widths[i]))
			}
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	extra := (width - sum(tight)) / float64(len(tight))
	for i := range tight {
		tight[i] += extra
	}
	return tight
}

// sum returns the sum of xs.
func sum(xs []float64) float64 {
	total := 0.0
	for _, x := range xs {
		total += x
	}
	return total
}

// wrapAllowance is how much wider than a column a table of three or more
// columns may be on its natural widths and still be set in the column,
// wrapping a few of its cells: set across the page instead, a table a
// little wider than a column would leave most of a column's width empty
// beside it.
const wrapAllowance = 1.3

// stretchWithin is how near the measure, as a share of it, a table's
// natural width must come for the table to be stretched to it.
const stretchWithin = 0.1

// spanText returns the text of spans.
func spanText(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.text)
	}
	return b.String()
}

// tableRow wraps each cell of a row in its column and returns the cells
// and the row's height, its tallest cell's.
func (l *layouter) tableRow(cells [][]span, cols []tableColumn) ([]tableCell, float64) {
	out := make([]tableCell, len(cells))
	lines, lead := 1, 0.0
	for i, c := range cells {
		f := tableFont
		if len(c) > 0 {
			f = c[0].font
		}
		space := l.set.width(" ", f)
		lead = max(lead, tableLeading(f))
		// The slack lets a cell as wide as its column fit on one line
		// though the sums of its words' widths, added up in another order,
		// differ in their last bits.
		out[i] = tableCell{lines: l.set.wrap(l.set.words(c, nil), cols[i].width-2*cellPadX+fitSlack, space), space: space, font: f}
		l.noteBadLines(out[i].lines)
		for j := range out[i].lines {
			out[i].lines[j].last = true
		}
		lines = max(lines, len(out[i].lines))
	}
	for i := range out {
		out[i].lead = lead
	}
	return out, float64(lines)*lead + 2*cellPadY
}

// tagRow adds a row of the table being laid out to its structure tree, a
// TR of cells of type typ: TH, each the header of its column, or TD.
func (l *layouter) tagRow(cells []tableCell, typ string) {
	row := l.tag.add("TR")
	if row == nil {
		return
	}
	for i := range cells {
		cells[i].tag = row.Add(typ)
		if typ == "TH" {
			cells[i].tag.SetAttributes("/O/Table/Scope/Column")
		}
	}
}

// tableLeading is the leading of a table's lines in f, in proportion to
// tableLead for tableFont.
func tableLeading(f font) float64 { return tableLead * f.size / tableFont.size }

// fitSlack is a millionth of a millimetre, far below what a page shows.
const fitSlack = 1e-6

// drawRow draws a row's cells from (x, y), over a tint when tinted.
func (l *layouter) drawRow(cells []tableCell, cols []tableColumn, x, y float64, tinted bool) {
	height := 0.0
	for _, c := range cells {
		height = max(height, float64(len(c.lines))*c.lead+2*cellPadY)
	}
	if tinted {
		l.tag.artifact("Layout")
		l.pdf.SetFillColor(inkZebra.r, inkZebra.g, inkZebra.b)
		l.pdf.Rect(x, y, tableWidth(cols), height, "F")
	}
	for i, c := range cells {
		l.tag.mark(c.tag)
		for j, line := range c.lines {
			top := y + cellPadY + float64(j)*c.lead
			l.set.drawLine(line, cellLineX(cols[i], x, line), top+baseline(c.font, c.lead), cols[i].width-2*cellPadX, c.space, c.lead)
		}
		x += cols[i].width
	}
}

// cellLineX returns where a cell's line starts in its column, which starts
// at x: after the padding, or flush right before it.
func cellLineX(col tableColumn, x float64, line textLine) float64 {
	if col.right {
		return x + col.width - cellPadX - line.natural
	}
	return x + cellPadX
}

// tableWidth returns the width of a table of cols.
func tableWidth(cols []tableColumn) float64 {
	total := 0.0
	for _, c := range cols {
		total += c.width
	}
	return total
}

// rule draws a horizontal rule of the given weight from (x, y).
func (l *layouter) rule(x, y, width, weight float64) {
	l.tag.artifact("Layout")
	l.pdf.SetDrawColor(inkRule.r, inkRule.g, inkRule.b)
	l.pdf.SetLineWidth(weight)
	l.pdf.Line(x, y, x+width, y)
}

// caption sets "Table 2: …" or "Figure 7: …" under a table or figure in
// the small font, its label in bold, its lines kept together.
func (l *layouter) caption(f *flow, c *ast.Caption, r region) {
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
	tag := l.tag.add("Caption")
	for i := start; i < len(f.items); i++ {
		f.pieces[i].tag = tag
	}
}

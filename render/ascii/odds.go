package ascii

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/chart"
	"github.com/galleyhq/galley/rules"
)

// maxOddsRows is the most outcomes an odds chart draws one a line; more are
// drawn as columns over the outcomes.
const maxOddsRows = 24

// oddsChartHeight is the height of a chart drawn as columns, in lines.
const oddsChartHeight = 10

// eighths are the block elements that draw a bar to an eighth of a column
// (left to right) or of a line (bottom to top).
var (
	rowEighths    = []rune(" ▏▎▍▌▋▊▉█")
	columnEighths = []rune(" ▁▂▃▄▅▆▇█")
)

// odds draws \odds{EXPR}, the exact distribution the rules engine computes
// in the book's system, as a bar chart of block elements under a rule and
// a caption, like a figure: a bar a line, labelled, with its percentage,
// or, for many outcomes, a column an outcome over the number line. An
// expression the engine cannot compute (galley check reports it) draws
// nothing.
func (l *layouter) odds(f *flow, o *ast.OddsChart, columns int) {
	table, err := rules.Odds(o.Expr, l.doc.Config.System)
	if err != nil || len(table.Rows) == 0 {
		return
	}
	bars := chart.Bars(table)
	var lines []string
	if len(bars) <= maxOddsRows {
		lines = oddsRows(bars, columns)
	} else {
		lines = oddsColumns(bars, columns)
	}
	widest := 0
	for _, line := range lines {
		widest = max(widest, width(line))
	}
	lines = append(lines, repeat("─", widest))
	lines = append(lines, wrap(chart.Title(o.Expr, l.doc.Config.System), "", "", columns)...)
	f.keepAll(lines, false)
}

// oddsRows draws a bar a line: the outcome, a bar as long as its chance
// against the likeliest outcome's, and the chance.
func oddsRows(bars []chart.Bar, columns int) []string {
	labels, top := 0, 0.0
	for _, b := range bars {
		labels = max(labels, width(b.Label))
		top = max(top, b.P)
	}
	room := columns - labels - 3 - len("100.00%")
	lines := make([]string, len(bars))
	for i, b := range bars {
		bar := ""
		if top > 0 {
			bar = blocks(b.P/top*float64(room), rowEighths)
		}
		lines[i] = repeat(" ", labels-width(b.Label)) + b.Label + " │" + pad(bar, room) + " " + chart.Percent(b.P)
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return lines
}

// blocks draws a bar cells long, in whole cells and the eighth that ends
// it.
func blocks(cells float64, eighths []rune) string {
	whole := int(cells)
	rest := int((cells - float64(whole)) * 8)
	bar := strings.Repeat(string(eighths[8]), whole)
	if rest > 0 {
		bar += string(eighths[rest])
	}
	return bar
}

// oddsColumns draws a column an outcome, or a group of neighbouring
// outcomes when there are more than the line has room for, over an axis
// scaled to the likeliest, with the outcomes at both ends and the middle
// under it.
func oddsColumns(bars []chart.Bar, columns int) []string {
	const axis = len("100.00%") + 1
	group := (len(bars) + columns - axis - 2) / (columns - axis - 1)
	var heights []float64
	var labels []string
	scale := 0.0
	for i := 0; i < len(bars); i += group {
		p := 0.0
		for _, b := range bars[i:min(i+group, len(bars))] {
			p += b.P
		}
		heights = append(heights, p)
		labels = append(labels, bars[i].Label)
		if i+group >= len(bars) {
			// The last column names the last outcome, so that the axis
			// ends where the outcomes do.
			labels[len(labels)-1] = bars[len(bars)-1].Label
		}
		scale = max(scale, p)
	}
	lines := make([]string, 0, oddsChartHeight+2)
	for row := oddsChartHeight - 1; row >= 0; row-- {
		label := ""
		switch row {
		case oddsChartHeight - 1:
			label = chart.Percent(scale)
		case 0:
			label = "0%"
		}
		var b strings.Builder
		b.WriteString(repeat(" ", axis-1-len(label)) + label + " │")
		for _, h := range heights {
			fill := 0.0
			if scale > 0 {
				fill = h/scale*oddsChartHeight - float64(row)
			}
			b.WriteRune(columnEighths[int(min(max(fill, 0), 1)*8)])
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	lines = append(lines, repeat(" ", axis)+"└"+repeat("─", len(heights)))
	under := []rune(repeat(" ", axis+1+len(heights)))
	last := len(labels) - 1
	for _, at := range []struct {
		i   int
		col int
	}{
		{0, 0},
		{last / 2, last/2 - width(labels[last/2])/2},
		{last, last - width(labels[last]) + 1},
	} {
		copy(under[axis+1+max(at.col, 0):], []rune(labels[at.i]))
	}
	return append(lines, strings.TrimRight(string(under), " "))
}

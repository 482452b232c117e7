package pdf

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/chart"
	"github.com/galleyhq/galley/rules"
)

// oddsScale sets render/chart's geometry, laid out for 12-point labels,
// at the size of the book's small text.
const oddsScale = 0.75

// Odds chart inks: the bars, the likeliest in the headings' colour.
var (
	inkBar  = rgb{120, 140, 170}
	inkMode = inkHeading
)

// odds draws \odds{EXPR}, the exact distribution the rules engine computes
// in the book's system, as vector bars: the geometry the site's SVG chart
// is drawn from (render/chart), scaled to the measure, with its caption
// under it, on one page. An expression the engine cannot compute (galley
// check reports it) draws nothing.
func (l *layouter) odds(o *ast.OddsChart, r region) *flow {
	table, err := rules.Odds(o.Expr, l.doc.Config.System)
	if err != nil || len(table.Rows) == 0 {
		return nil
	}
	title := chart.Title(o.Expr, l.doc.Config.System)
	unit := ptMM * oddsScale // a chart point, in millimetres
	g := chart.Layout(chart.Bars(table), chart.Options{Title: title, Width: r.width / unit})
	labels := font{fontSans, "", chart.FontSize * oddsScale}
	f := &flow{before: blockSkip, after: blockSkip}
	l.tag.describe(oddsAlt(title, table))
	f.item(g.Height*unit, true, func(y float64) {
		x := func(v float64) float64 { return r.x + v*unit }
		at := func(v float64) float64 { return y + v*unit }
		l.pdf.SetDrawColor(inkHair.r, inkHair.g, inkHair.b)
		l.pdf.SetLineWidth(ruleLight)
		for _, line := range g.Lines {
			l.pdf.Line(x(line.X1), at(line.Y1), x(line.X2), at(line.Y2))
		}
		for _, bar := range g.Rects {
			ink := inkBar
			if bar.Mode {
				ink = inkMode
			}
			l.pdf.SetFillColor(ink.r, ink.g, ink.b)
			l.pdf.Rect(x(bar.X), at(bar.Y), bar.W*unit, bar.H*unit, "F")
		}
		for _, t := range g.Texts {
			tx := x(t.X)
			switch t.Anchor {
			case "end":
				tx -= l.set.width(t.Text, labels)
			case "middle":
				tx -= l.set.width(t.Text, labels) / 2
			}
			l.set.draw(tx, at(t.Y), t.Text, labels, inkText)
		}
	})
	f.item(captionGap, true, nil)
	start := len(f.items)
	l.prose(f, []span{{text: title, font: font{fontSerif, "I", smallFont.size}, color: inkText}}, r, smallFont, smallLead, true)
	caption := l.tag.add("Caption")
	for i := start; i < len(f.items); i++ {
		f.pieces[i].tag = caption
	}
	return f
}

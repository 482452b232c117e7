package pdf

import (
	"github.com/galleyhq/galley/parser/ast"
)

// figureRuleGap is the room between a figure's art and the rule under it.
const figureRuleGap = 1.2

// figure sets a figure's art as drawn, centred in the region, over a
// hairline as wide as the art, and its caption; all on one page. Art
// wider than the region is wide (see flow.wide).
func (l *layouter) figure(fig *ast.Figure, r region) *flow {
	a, wide := l.artIn(fig.Art, r)
	f := &flow{before: blockSkip, after: blockSkip, wide: wide}
	alt := fig.Alt
	if alt == "" {
		alt = l.captionAlt(fig.Caption, textArt)
	}
	tag := l.tag.figure(alt)
	for i := range a.lines {
		p := f.item(a.leading, true, func(y float64) { l.drawArtLine(a, i, l.artX(a, r), y, inkText) })
		p.tag = tag
		if i == 0 {
			p.target = fig
		}
	}
	if fig.Caption == nil {
		f.items[len(f.items)-1].Keep = false
		return f
	}
	f.item(figureRuleGap, true, func(y float64) {
		x := l.artX(a, r)
		l.pdf.SetDrawColor(inkHair.r, inkHair.g, inkHair.b)
		l.pdf.SetLineWidth(ruleLight)
		l.pdf.Line(x, y+figureRuleGap/2, x+a.width(), y+figureRuleGap/2)
	}).tag = artifactTag
	l.caption(f, fig.Caption, r)
	return f
}

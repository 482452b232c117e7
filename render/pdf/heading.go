package pdf

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// headingStyle is how a heading of one depth is set: its font, its line,
// the space above and below it, and whether a rule underlines it.
type headingStyle struct {
	font          font
	leading       float64
	before, after float64
	rule          bool
}

// headingStyles are by depth, from 1; deeper headings take the last.
var headingStyles = []headingStyle{
	{font{fontSerif, "B", 20}, 24 * ptMM, 6, 5, true},
	{font{fontSerif, "B", 14}, 17 * ptMM, 6, 2.2, false},
	{font{fontSerif, "B", 11.5}, 14.5 * ptMM, 4.5, 1.6, false},
	{font{fontSerif, "B", 10}, 13 * ptMM, 3.5, 1.2, false},
}

// heading sets a heading by its depth in the outline, not its underline:
// "Fuzzy d100", underlined like a chapter, is set as the section of
// "System" it is. A chapter's title has a rule under it. The heading keeps
// with what follows, and is where its bookmark and links point.
func (l *layouter) heading(h *ast.Heading, r region) *flow {
	st := headingStyles[min(h.Depth, len(headingStyles))-1]
	f := &flow{before: st.before, after: st.after}
	space := l.set.width(" ", st.font)
	lines := l.set.wrap(l.set.words([]span{{text: typo.String(h.Title), font: st.font, color: inkHeading}}, nil), r.width, space)
	l.noteBadLines(lines)
	for i, line := range lines {
		line.last = true
		last := i == len(lines)-1
		height := st.leading
		if last && st.rule {
			height += 2.2
		}
		p := f.item(height, true, func(y float64) {
			l.set.drawLine(line, r.x, y+baseline(st.font, st.leading), r.width, space, st.leading)
			if last && st.rule {
				l.tag.artifact("Layout")
				l.pdf.SetDrawColor(inkHeading.r, inkHeading.g, inkHeading.b)
				l.pdf.SetLineWidth(0.5)
				l.pdf.Line(r.x, y+st.leading+1.2, r.x+r.width, y+st.leading+1.2)
			}
		})
		if i == 0 {
			p.mark().heading = h
		}
	}
	return f
}

package pdf

import (
	"math"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// formulaGap is the least room the dot leader takes between the longest
// label and the values' column.
const formulaGap = 10.0

// formula sets "Label ....... Value" lines with the values in one column
// and a dot leader from each label to it; a long value wraps in its
// column, and a label longer than its column wraps in it, its last line
// leading to the value, so that no word of it is lost. The block stays on
// one page.
func (l *layouter) formula(b *ast.Formula, r region) *flow {
	f := &flow{before: blockSkip, after: blockSkip}
	labels := 0.0
	for _, e := range b.Entries {
		labels = max(labels, l.set.width(e.Label, bodyFont))
	}
	at := min(labels+formulaGap, r.width*0.45)
	values := region{r.x + at, r.width - at}
	space := l.set.width(" ", bodyFont)
	for _, e := range b.Entries {
		labelLines := l.set.wrap(l.set.words([]span{{text: e.Label, font: bodyFont, color: inkText}}, nil), at-formulaGap/2, space)
		l.noteBadLines(labelLines)
		if len(labelLines) == 0 {
			labelLines = []textLine{{}}
		}
		for _, line := range labelLines[:len(labelLines)-1] {
			line.last = true
			f.item(bodyLeading, true, func(y float64) {
				l.set.drawLine(line, r.x, y+baseline(bodyFont, bodyLeading), at, space, bodyLeading)
			})
		}
		label := labelLines[len(labelLines)-1]
		label.last = true
		lines := l.set.wrap(l.set.words([]span{{text: e.Value, font: bodyFont, color: inkText}}, nil), values.width, space)
		l.noteBadLines(lines)
		for i, line := range lines {
			line.last = true
			first := i == 0
			f.item(bodyLeading, true, func(y float64) {
				base := y + baseline(bodyFont, bodyLeading)
				if first {
					l.set.drawLine(label, r.x, base, at, space, bodyLeading)
					l.leader(r.x+label.natural, values.x, base, bodyFont)
				}
				l.set.drawLine(line, values.x, base, values.width, space, bodyLeading)
			})
		}
	}
	f.items[len(f.items)-1].Keep = false
	return f
}

// leader draws a dot leader on the baseline from after x0 to before x1,
// its dots on a grid of the page so that leaders line up under each
// other.
func (l *layouter) leader(x0, x1, base float64, f font) {
	const room = 1.5
	step := l.set.width(". ", f)
	first := math.Ceil((x0+room)/step) * step
	n := int((x1 - room - first) / step)
	if n > 0 {
		l.tag.artifact("Layout")
		l.set.draw(first, base, strings.TrimSuffix(strings.Repeat(". ", n), " "), f, inkMuted)
		l.tag.resume()
	}
}

package pdf

import (
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// boxStyle colours a box by its kind: the title bar, and the tint behind
// the box's text.
type boxStyle struct {
	band, tint rgb
}

// boxStyles tell the kinds apart at a glance, as a rulebook's sidebars do:
// rules summaries in the headings' blue, examples in ochre, notes in grey,
// special rules in red.
var boxStyles = map[ast.BoxKind]boxStyle{
	ast.BoxRulesSummary: {rgb{25, 45, 80}, rgb{236, 241, 248}},
	ast.BoxExample:      {rgb{140, 95, 20}, rgb{250, 245, 233}},
	ast.BoxNote:         {rgb{85, 85, 85}, rgb{243, 243, 243}},
	ast.BoxSpecialRule:  {rgb{140, 35, 35}, rgb{250, 238, 236}},
	ast.BoxOther:        {rgb{60, 80, 70}, rgb{241, 245, 242}},
}

// Box geometry: the title bar's height for one line of title and the
// height of each more, and the padding inside the frame.
const (
	bandHeight  = 6.2
	bandLeading = 4.2
	boxPad      = 3.2
	// untitledBand is the stripe that stands for the title bar of a box
	// without a title, so that its kind's colour still tells it apart.
	untitledBand = 1.4
)

var bandFont = font{fontSans, "B", 9.5}

// box draws a box as a tinted frame under a title bar in its kind's
// colour, its blocks set inside. A box no longer than keptWhole allows
// stays whole, as a sidebar does; a longer one breaks between its blocks,
// not inside a paragraph: it is framed on each page, and its title bar is repeated,
// marked "(continued)", at the top of the next.
func (l *layouter) box(b *ast.Box, r region) *flow {
	st, ok := boxStyles[b.BoxKind]
	if !ok {
		st = boxStyles[ast.BoxOther]
	}
	title := typo.String(b.Title)
	// The title is read before the box's blocks; a box without one has a
	// stripe, an artifact.
	titleTag := artifactTag
	if title != "" {
		if tag := l.tag.add("P"); tag != nil {
			titleTag = tag
		}
	}
	body := l.blocks(b.Blocks, r.inset(boxPad, boxPad))
	band, continued := l.bandLines(title, r), l.bandLines(strings.TrimSpace(title+" (continued)"), r)
	group := &paginate.Group{Head: bandTall(continued) + boxPad, Tail: boxPad}
	body.nest(group)
	f := &flow{before: blockSkip, after: blockSkip, wide: body.wide}
	bar := f.item(bandTall(band), true, func(y float64) { l.band(band, st, r, y, titleTag) })
	bar.target = b
	f.item(boxPad, true, nil)
	f.add(body)
	f.keepLast()
	f.item(boxPad, false, nil)
	whole := l.keptWhole(height(f))
	for i := range f.items[:len(f.items)-1] {
		// A block ends where a space follows it.
		if whole || !f.items[i+1].Space {
			f.items[i].Keep = true
		}
	}
	for i := len(f.items) - 1; i >= 0; i-- {
		if f.items[i].Group == nil {
			f.items[i].Group = group
		}
	}
	f.group(group, &groupArt{
		head: func(y float64) { l.band(continued, st, r, y, artifactTag) },
		frame: func(y0, y1 float64) {
			l.pdf.SetFillColor(st.tint.r, st.tint.g, st.tint.b)
			l.pdf.SetDrawColor(st.band.r, st.band.g, st.band.b)
			l.pdf.SetLineWidth(0.3)
			l.pdf.Rect(r.x, y0, r.width, y1-y0, "FD")
		},
		block: b,
	})
	return f
}

// bandLines wraps a box's title to the width of its title bar: in a
// column a title often takes two lines. A box without a title (a Markdown
// note, say) has none, and its bar is a stripe.
func (l *layouter) bandLines(title string, r region) []textLine {
	if title == "" {
		return nil
	}
	words := l.set.words([]span{{text: title, font: bandFont, color: rgb{255, 255, 255}}}, nil)
	lines := l.set.wrap(words, r.width-2*boxPad, l.set.width(" ", bandFont))
	l.noteBadLines(lines)
	return lines
}

// bandTall is the height of a title bar of lines.
func bandTall(lines []textLine) float64 {
	if len(lines) == 0 {
		return untitledBand
	}
	return bandHeight + bandLeading*float64(max(len(lines)-1, 0))
}

// band draws a box's title bar, its title marked for tag.
func (l *layouter) band(lines []textLine, st boxStyle, r region, y float64, tag *fpdf.StructElem) {
	l.tag.artifact("Layout")
	l.pdf.SetFillColor(st.band.r, st.band.g, st.band.b)
	l.pdf.Rect(r.x, y, r.width, bandTall(lines), "F")
	l.tag.mark(tag)
	space := l.set.width(" ", bandFont)
	for i, line := range lines {
		line.last = true
		top := y + bandLeading*float64(i)
		l.set.drawLine(line, r.x+boxPad, top+baseline(bandFont, bandHeight), r.width-2*boxPad, space, bandHeight)
	}
}

// fitText cuts text to width, ending it with "…" when it is cut.
func fitText(s *setter, text string, f font, width float64) string {
	if s.width(text, f) <= width {
		return text
	}
	n, _ := s.prefix(text, f, width-s.width("…", f))
	return text[:n] + "…"
}

package pdf

import (
	"strings"
	"unicode/utf8"
)

// art is box-drawing art set in the mono font, one rune a column, on
// lines as tall as the font so that its vertical strokes join.
type art struct {
	lines   []string
	columns int
	size    float64 // points
	cell    float64 // a column's width, in millimetres
	leading float64
	// breakout marks art wider than the measure, which stands out into
	// the margins, centred on the page (see layouter.artIn).
	breakout bool
}

// newArt sizes art so that artColumns columns fill measure, the book's
// measure across all its columns, or smaller when the art is wider, so
// that art is set at one size throughout the book wherever it fits.
func newArt(lines []string, measure float64) *art {
	a := &art{lines: make([]string, len(lines))}
	for i, l := range lines {
		a.lines[i] = strings.TrimRight(l, " ")
		a.columns = max(a.columns, utf8.RuneCountInString(a.lines[i]))
	}
	a.resize(measure / (float64(max(a.columns, artColumns)) * monoAdvance * ptMM))
	return a
}

// resize sets the art at size points.
func (a *art) resize(size float64) {
	a.size = size
	a.cell = a.size * ptMM * monoAdvance
	a.leading = a.size * ptMM * fontHeight
}

// artShrink is the least share of the book's art size art is set at to
// stand in a column rather than across the page: a box drawn a few
// columns wider than a column reads as well a little smaller, and moving
// it across the page would part it from the text around it.
const artShrink = 0.85

// smallestType is the least size, in points, text is set at: below it a
// reader needs a glass. Art too wide for the page at it is set smaller
// all the same, and said (see noteSmallType).
const smallestType = 6.5

// breakoutMargin is the least room art that stands out into the margins
// leaves between it and the trim: the safe zone, which a cut a little off
// true does not reach, and a millimetre for the glyphs' side bearings.
const breakoutMargin = safeZone + 1

// artIn sizes art for region r: at the book's art size, or smaller by as
// much as artShrink when that lets it fit r. On a measure so narrow that
// the book's art size is below smallestType, art is set at smallestType
// if r holds it so. Art set across the whole measure that the measure
// holds only smaller stands out into the margins instead, centred on the
// page, as a wide figure does in a printed book, as far as
// breakoutMargin from the trim: in a 6×9 book, the 89 columns of a
// character sheet's art at smallestType, where the measure holds 68. Art
// still below smallestType is said (see noteSmallType). It reports art
// wider than r as wide (see flow.wide).
func (l *layouter) artIn(lines []string, r region) (*art, bool) {
	measure := l.body().width
	a := newArt(lines, measure)
	if w := a.width(); w > r.width && w*artShrink <= r.width {
		a = newArt(lines, measure*r.width/w)
	}
	if a.size < smallestType && a.columns > 0 {
		width := r.width
		if r.width >= measure {
			width = max(width, l.breakoutWidth())
		}
		a.resize(min(smallestType, width/(float64(a.columns)*monoAdvance*ptMM)))
		a.breakout = a.width() > r.width*(1+1e-9)
		if a.size < smallestType {
			l.noteSmallType(a, width)
		}
	}
	return a, a.width() > r.width*(1+1e-9)
}

// breakoutWidth is the widest art stands out into the margins to (see
// artIn).
func (l *layouter) breakoutWidth() float64 {
	return l.pageWidth - 2*breakoutMargin
}

// artX returns the left edge of art set in region r, for the page being
// drawn: centred in r, or for art that stands out into the margins,
// centred on the page, wherever the page's text stands (see
// layouter.shift).
func (l *layouter) artX(a *art, r region) float64 {
	if a.breakout {
		return l.bleed + (l.pageWidth-a.width())/2 - l.set.dx
	}
	return r.x + (r.width-a.width())/2
}

// width is the art's width on the page.
func (a *art) width() float64 { return float64(a.columns) * a.cell }

// drawArtLine sets line i with its top at y, its first column at x.
func (l *layouter) drawArtLine(a *art, i int, x, y float64, color rgb) {
	l.drawArtText(a, a.lines[i], 0, x, y, color)
}

// drawArtText sets text on an art line whose top is at y and first column
// at x, from column col on, and returns the column after it. Runes the
// mono font has are set in runs, which its fixed advance keeps on the
// grid; a rune only the fallback font has is centred in its column.
func (l *layouter) drawArtText(a *art, text string, col int, x, y float64, color rgb) int {
	f := font{fontMono, "", a.size}
	base := y + fontAscent*a.size*ptMM
	for _, r := range runs(text, f) {
		n := utf8.RuneCountInString(r.text)
		if r.face.family == fontMono {
			l.set.draw(x+float64(col)*a.cell, base, r.text, f, color)
			col += n
			continue
		}
		for _, c := range r.text {
			w := l.set.width(string(c), f)
			l.set.draw(x+float64(col)*a.cell+(a.cell-w)/2, base, string(c), f, color)
			col++
		}
	}
	return col
}

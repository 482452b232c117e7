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
}

// newArt sizes art to fill artColumns columns across width, or smaller
// when the art is wider, so that art is set at one size throughout the
// book wherever it fits.
func newArt(lines []string, width float64) *art {
	a := &art{lines: make([]string, len(lines))}
	for i, l := range lines {
		a.lines[i] = strings.TrimRight(l, " ")
		a.columns = max(a.columns, utf8.RuneCountInString(a.lines[i]))
	}
	a.size = width / (float64(max(a.columns, artColumns)) * monoAdvance * ptMM)
	a.cell = a.size * ptMM * monoAdvance
	a.leading = a.size * ptMM * fontHeight
	return a
}

// width is the art's width on the page.
func (a *art) width() float64 { return float64(a.columns) * a.cell }

// drawLine sets line i with its top at y, its first column at x. Runes the
// mono font has are set in runs, which its fixed advance keeps on the
// grid; a rune only the fallback font has is centred in its column.
func (l *layouter) drawArtLine(a *art, i int, x, y float64, color rgb) {
	f := font{fontMono, "", a.size}
	base := y + fontAscent*a.size*ptMM
	col := 0
	for _, r := range runs(a.lines[i], f) {
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
}

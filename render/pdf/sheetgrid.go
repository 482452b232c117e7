package pdf

import (
	"strings"

	"github.com/galleyhq/galley/parser/sheet"
)

// A sheet is drawn on the grid of its art: a column a rune wide, a row a
// line tall. The grid is sized from the sheet's type, not from the page:
// a template of a few rows and columns is set at the size the bundled
// book's full-page sheet is, and stands centred in the room it is given,
// rather than being blown up to fill it, which set a starter book's
// labels at 50 points, wider than the art gave them.

// sheetType is the size of a sheet's labels and values at most, in
// points: the book's tables'.
var sheetType = tableFont.size

// A sheet's row is as tall as its labels need, a column as wide as a
// value's mono glyph. sheetAspect is a row's height over a column's width
// when the room allows both their natural sizes; the bundled template
// fills an A4 page at 2.97, a Letter page at 2.70.
const sheetAspect = 2.9

// maxSheetAspect is the tallest a row may be for its columns: taller, a
// value set at sizeValue of the row would be wider than the columns its
// slot has in the art. minSheetAspect is the least: shorter rows on
// columns of the same width would set labels small in wide, empty boxes.
const (
	maxSheetAspect = 0.95 / (sizeValue * monoAdvance)
	minSheetAspect = 2.6
)

// sheetGrid is where a sheet's grid stands on the page: its left edge,
// the width of a column and the height of a row of text, and the top of
// each row, all in millimetres.
type sheetGrid struct {
	left, cw, ch float64
	// rowTop is the top of each row, and the bottom of the last.
	rowTop []float64
}

// newSheetGrid sizes the grid of s for room: at the sheet's type, or
// smaller as room requires, centred across it and at its top, as a form
// is printed, the room under it left for notes.
func newSheetGrid(s *sheet.Sheet, room rect) *sheetGrid {
	// The grid runs from the header row to the ╚ row, and one column past
	// the frame for its shadow; the shadow row below needs no room of its
	// own, as the drawn shadow is less than a row deep.
	cols := float64(s.FrameRight + 2)
	shares, units := rowShares(s)
	naturalRow := sheetType / sizeLabel * ptMM
	ch := min(naturalRow, room.h/units)
	cw := min(naturalRow/sheetAspect, room.w/cols)
	ch = min(ch, cw*maxSheetAspect)
	cw = min(cw, ch/minSheetAspect)
	g := &sheetGrid{cw: cw, ch: ch, left: room.x + (room.w-cw*cols)/2}
	g.rowTop = make([]float64, len(shares)+1)
	g.rowTop[0] = room.y
	for row, share := range shares {
		g.rowTop[row+1] = g.rowTop[row] + share*ch
	}
	return g
}

// sheetSize returns the width and height a sheet takes in room.
func sheetSize(s *sheet.Sheet, room rect) (float64, float64) {
	g := newSheetGrid(s, room)
	return g.cw * float64(s.FrameRight+2), g.rowTop[len(g.rowTop)-1] - g.rowTop[0]
}

// typeSize is the size, in points, the grid sets labels and values at.
func (g *sheetGrid) typeSize() float64 { return sizeLabel * g.ch / ptMM }

// rowShares returns each row's height, from the header to the ╚ row, as a
// share of a row of text, and their sum: a row that draws only rules,
// such as the top border of a box without a title, is half as tall, so
// that the boxes hold no empty strip.
func rowShares(s *sheet.Sheet) ([]float64, float64) {
	shares := make([]float64, s.FrameBottom+1)
	total := 0.0
	for row := range shares {
		shares[row] = 1
		if row < len(s.Lines) && onlyRules(s.Lines[row]) {
			shares[row] = 0.5
		}
		total += shares[row]
	}
	return shares, total
}

// onlyRules reports whether a line of the art draws nothing but the
// frame, box borders and the shadow.
func onlyRules(line string) bool {
	return strings.Trim(line, " ║│┌┐└┘├┤─═╔╗╚╝╠╣▓▀") == ""
}

// x returns the left edge of a column; cx its middle.
func (g *sheetGrid) x(col int) float64  { return g.left + float64(col)*g.cw }
func (g *sheetGrid) cx(col int) float64 { return g.x(col) + g.cw/2 }

// cy returns the middle of a row, where its rules and its text's centre go.
func (g *sheetGrid) cy(row int) float64 { return (g.rowTop[row] + g.rowTop[row+1]) / 2 }

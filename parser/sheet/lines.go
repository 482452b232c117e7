package sheet

import (
	"strconv"
	"strings"
)

// The sheet as drawn is its template's art with the values written in: the
// ASCII sheet, and the sheet the EPUB and the ASCII book print on a page.

// Marks written into a filled sheet: a ticked XP box (✓, as the seed ticks
// one), a set radio button, and the Luck marker.
const (
	tickMark   = '✓'
	radioMark  = '●'
	luckMarker = '^'
)

// Lines returns the filled sheet as the lines of an ASCII page: the
// template's art line for line, every column kept, with the class's values
// written into the slots. The page has as many lines as the art, trailing
// blank lines included; the seed's template is 50 lines: the header (93
// columns), 46 body lines and the ╚ border (94 columns each, with the ▓
// shadow), the ▀ shadow line and a blank line.
//
// Values are written so that no column moves: a rating or a count is
// right-aligned into its slot with the slot's _ fill ([____%] with 70 is
// [__70%]), a text value right-aligns into its dots, an inventory item's name
// starts its underscores as a label starts its dot leader, CLASS is replaced
// by the class name centred in the header's dots, a set radio button ○ is ●,
// a ticked XP box □ is ✓, and the Luck marker ^ moves under the current cell.
// A value longer than its slot is cut short with "…" (galley check warns).
// The blank sheet is the template as drawn.
func (f *Filled) Lines() []string {
	s := f.Sheet
	p := make(page, len(s.Lines))
	for i, l := range s.Lines {
		p[i] = []rune(l)
	}
	if !f.IsBlank() && s.Header.ClassRow >= 0 {
		h := s.Header
		p.put(h.ClassRow, h.ClassFrom, centred(" "+f.Class+" ", h.ClassTo-h.ClassFrom+1, h.Fill))
	}
	for _, field := range s.Fields() {
		p.field(field, f.Value(field))
	}
	for _, t := range s.Tracks() {
		if t.IsLuck() {
			p.luck(t, f)
		}
	}
	lines := make([]string, len(p))
	for i, l := range p {
		lines[i] = string(l)
	}
	return lines
}

// page is the art as a grid of runes, one per column.
type page [][]rune

// put writes text at (row, col), within the row.
func (p page) put(row, col int, text []rune) {
	if row < 0 || row >= len(p) {
		return
	}
	for i, c := range text {
		if col+i >= 0 && col+i < len(p[row]) {
			p[row][col+i] = c
		}
	}
}

// field writes one field's value and marker.
func (p page) field(field *Field, v FieldValue) {
	if !v.Set {
		return
	}
	switch field.Kind {
	case FieldPercentile:
		p.put(field.Row, field.Col, rightAligned(rating(v), field.Width, '_'))
	case FieldCount:
		p.put(field.Row, field.Col, rightAligned(strconv.Itoa(v.Rating), field.SlashOffset, '_'))
		p.put(field.Row, field.Col+field.SlashOffset+1, rightAligned(strconv.Itoa(v.Max), field.Width-field.SlashOffset-1, '_'))
	case FieldText:
		p.put(field.Row, field.Col, rightAligned(v.Text, field.Width, '.'))
	case FieldInventory:
		p.put(field.Row, field.NameCol, leftAligned(v.Text, field.NameWidth, '_'))
		p.put(field.Row, field.Col, rightAligned(rating(v), field.Width, '_'))
	}
	if v.Marked && field.MarkerCol >= 0 {
		mark := radioMark
		if field.Marker == MarkerXPTick {
			mark = tickMark
		}
		p.put(field.Row, field.MarkerCol, []rune{mark})
	}
}

// luck moves the Luck marker from where the template draws it to under the
// current cell, at the same offset within the cell.
func (p page) luck(t *Track, f *Filled) {
	if t.MarkerRow < 0 {
		return
	}
	for _, cell := range t.Options {
		if f.Value(cell).Marked {
			p.put(t.MarkerRow, t.MarkerCol, []rune{'─'})
			p.put(t.MarkerRow, cell.Col+t.MarkerOffset, []rune{luckMarker})
		}
	}
}

// rating is a rating as a slot shows it: "70%", or "NONE".
func rating(v FieldValue) string {
	if v.NotRated {
		return "NONE"
	}
	return strconv.Itoa(v.Rating) + "%"
}

// rightAligned returns text in width columns, filled on the left with fill,
// or cut short with "…" when it does not fit.
func rightAligned(text string, width int, fill rune) []rune {
	r := fit([]rune(text), width)
	return append([]rune(strings.Repeat(string(fill), width-len(r))), r...)
}

// leftAligned returns text in width columns, filled on the right.
func leftAligned(text string, width int, fill rune) []rune {
	r := fit([]rune(text), width)
	return append(r, []rune(strings.Repeat(string(fill), width-len(r)))...)
}

// centred returns text centred in width columns, filled on both sides; an
// odd column left over goes to the right, as the seed's CLASS row does.
func centred(text string, width int, fill rune) []rune {
	r := fit([]rune(text), width)
	left := (width - len(r)) / 2
	out := []rune(strings.Repeat(string(fill), left))
	out = append(out, r...)
	return append(out, []rune(strings.Repeat(string(fill), width-left-len(r)))...)
}

// fit cuts text to width columns, ending it with "…" when it is cut.
func fit(text []rune, width int) []rune {
	if len(text) <= width {
		return text
	}
	if width <= 0 {
		return nil
	}
	return append(text[:width-1:width-1], '…')
}

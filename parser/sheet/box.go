package sheet

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// readBox reads the box whose ┌ is at (top, left): its top border
// ┌[Title]──<Tag>──┐, its rows down to └──┘ (no lower than lastRow, the end
// of its area), the ├─<Title>─┤ dividers that start sub-boxes, and the
// fields of every row. It returns nil, after an error, for a box that does
// not close.
func (r *sheetReader) readBox(top, left, lastRow int) *Box {
	box := &Box{Rounded: true, Pos: r.pos(top, left)}
	right, ok := r.readTopBorder(box, top, left)
	if !ok {
		r.diags.Errorf(r.pos(top, right), "sheet/unclosed-box", "this box's top border does not end in ┐ (the box starts at column "+strconv.Itoa(r.start.Col+left)+")")
		r.quietRows(top, r.sideEnd(top, left, lastRow))
		return nil
	}
	box.Rect = Rect{Top: top, Left: left, Bottom: -1, Right: right}
	sec := box
	for row := top + 1; row <= lastRow; row++ {
		if r.badRows[row] {
			continue
		}
		switch r.at(row, left) {
		case '│':
			if r.at(row, right) != '│' {
				r.diags.Errorf(r.pos(row, right), "sheet/box-wall", "expected │ here: the right side of the box that starts at "+lineCol(r.pos(top, left)))
				r.skipStray[row] = true
				continue
			}
			r.readRow(sec, row, left+1, right)
		case '├':
			sec.Rect.Bottom = row
			sec = r.readDivider(row, left, right)
			box.Sub = append(box.Sub, sec)
		case '└':
			sec.Rect.Bottom = row
			box.Rect.Bottom = row
			markerCol := r.readBottomBorder(sec, row, left, right)
			r.cover(box.Rect)
			for _, part := range append([]*Box{box}, box.Sub...) {
				if part == sec {
					r.finishSection(part, row, markerCol)
				} else {
					r.finishSection(part, -1, -1)
				}
			}
			return box
		default:
			r.diags.Errorf(r.pos(top, left), "sheet/unclosed-box",
				"this box is not closed: its left side breaks off at line "+strconv.Itoa(r.start.Line+row)+", where │, ├ or └ should be")
			r.quietRows(top, row-1)
			return nil
		}
	}
	r.diags.Errorf(r.pos(top, left), "sheet/unclosed-box", "this box is not closed with └──┘ before its area ends")
	r.quietRows(top, lastRow)
	return nil
}

// readTopBorder reads ┌[Title]──<Tag>──┐ from the ┌ at (row, left) and
// returns the column of ┐, or the column where the border went wrong.
func (r *sheetReader) readTopBorder(box *Box, row, left int) (int, bool) {
	col := left + 1
	for {
		switch r.at(row, col) {
		case '─':
			col++
		case '┐':
			return col, true
		case '[':
			text, end, ok := r.bracketed(row, col, ']')
			if !ok || box.Title != "" {
				return col, false
			}
			box.Title, col = text, end+1
		case '<':
			text, end, ok := r.bracketed(row, col, '>')
			if !ok || box.Tag != "" {
				return col, false
			}
			box.Tag, box.TagCol, col = text, col, end+1
		default:
			return col, false
		}
	}
}

// bracketed returns the text from (row, col), an opening bracket, to the
// closing rune on the same row, and the closing rune's column.
func (r *sheetReader) bracketed(row, col int, closing rune) (string, int, bool) {
	for end := col + 1; end < len(r.grid[row]); end++ {
		switch r.grid[row][end] {
		case closing:
			return r.text(row, col+1, end), end, true
		case '─', '│', '┐', '┘', '┤', '║':
			return "", end, false
		}
	}
	return "", col, false
}

// readDivider reads ├─<Title>──┤ and returns the sub-box it starts.
func (r *sheetReader) readDivider(row, left, right int) *Box {
	sub := &Box{Rect: Rect{Top: row, Left: left, Bottom: -1, Right: right}, Pos: r.pos(row, left)}
	for col := left + 1; col < right; col++ {
		switch c := r.at(row, col); c {
		case '─':
		case '<', '[':
			closing := map[rune]rune{'<': '>', '[': ']'}[c]
			text, end, ok := r.bracketed(row, col, closing)
			if !ok || sub.Title != "" {
				r.diags.Errorf(r.pos(row, col), "sheet/border", "expected ─ or one <Title> in the divider ├──┤")
				return sub
			}
			sub.Title, col = text, end
		default:
			r.diags.Errorf(r.pos(row, col), "sheet/border", "unexpected "+quoteRune(c)+" in the divider ├──┤")
			return sub
		}
	}
	if r.at(row, right) != '┤' {
		r.diags.Errorf(r.pos(row, right), "sheet/box-wall", "expected ┤ here: a divider ├──┤ runs to the box's right side")
	}
	return sub
}

// readBottomBorder reads └<^Label>──^──┘ into sec's bottom labels and
// returns the column of a bare ^ (the Luck marker), or -1.
func (r *sheetReader) readBottomBorder(sec *Box, row, left, right int) int {
	marker := -1
	for col := left + 1; col < right; col++ {
		switch c := r.at(row, col); c {
		case '─':
		case '^':
			if marker >= 0 {
				r.diags.Errorf(r.pos(row, col), "sheet/luck-marker", "a bottom border has at most one ^ marker")
			}
			marker = col
		case '<':
			text, end, ok := r.bracketed(row, col, '>')
			if !ok {
				r.diags.Errorf(r.pos(row, col), "sheet/border", "this < is not closed by > in the bottom border")
				return marker
			}
			label := &Label{Text: text, Col: col, Caret: -1, Pos: r.pos(row, col)}
			if rest, ok := cutCaret(text); ok {
				label.Text, label.Caret = rest, col+1
			}
			sec.BottomLabels = append(sec.BottomLabels, label)
			col = end
		default:
			r.diags.Errorf(r.pos(row, col), "sheet/border", "unexpected "+quoteRune(c)+" in the box's bottom border")
			return marker
		}
	}
	if r.at(row, right) != '┘' {
		r.diags.Errorf(r.pos(row, right), "sheet/box-wall", "expected ┘ here, the box's bottom right corner")
	}
	return marker
}

// cutCaret removes the ^ that starts a bottom label's text.
func cutCaret(text string) (string, bool) {
	if len(text) > 0 && text[0] == '^' {
		return text[1:], true
	}
	return text, false
}

// sideEnd returns the last row below top where the left side of a box at
// column left goes on.
func (r *sheetReader) sideEnd(top, left, lastRow int) int {
	row := top
	for row < lastRow && (r.at(row+1, left) == '│' || r.at(row+1, left) == '├' || r.at(row+1, left) == '└') {
		row++
	}
	return row
}

// quietRows stops the stray check on rows a broken box was on: its error
// says enough.
func (r *sheetReader) quietRows(from, to int) {
	for row := from; row <= to; row++ {
		r.skipStray[row] = true
	}
}

// cover marks a box's cells as read.
func (r *sheetReader) cover(rect Rect) {
	for row := rect.Top; row <= rect.Bottom; row++ {
		for col := rect.Left; col <= rect.Right; col++ {
			r.covered[[2]int{row, col}] = true
		}
	}
}

// lineCol formats a position as line:col, for messages that point at a
// second place in the same file.
func lineCol(p ast.Pos) string { return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col) }

package outline

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// A framed table is a header line over a rule of "─", its rows, and a
// closing rule, with its caption after:
//
//	║ Net Hits    Degree of Success        ║
//	║ ──────────────────────────────────── ║
//	║ +5 or more  Critical Success         ║
//	║ ──────────────────────────────────── ║
//	║ Table 1: Four Degrees of Success.    ║
//
// The header's words, separated by two spaces or more, name the columns,
// and each column starts where its name does. A row is cut at those
// columns; a column that starts inside a row's word moves left to the
// word's start, since the author lines the words of a column up, not
// always the header with them. Splitting rows at two spaces fails where a
// cell is empty or holds two spaces itself; cutting at the header alone
// fails where the header stands off its column.

// maxPaddedColumns bounds the empty cells a short row is given, so that a
// header a megabyte wide over many short rows costs no more than its text.
const maxPaddedColumns = 64

// isTableHeaderAt reports whether the frame's line i heads a table: a line
// of words, not of art, with a rule right under it.
func isTableHeaderAt(frame []frameLine, i int) bool {
	if i+1 >= len(frame) || !isRule(frame[i+1].inner.Text) {
		return false
	}
	t := frame[i].inner.Text
	return !isBlank(t) && !isRule(t) && !isUnderline(t) && !hasArt(t)
}

// table reads the table whose header is the frame's line i, and the
// caption after it, and returns the index after them.
func (r *reader) table(frame []frameLine, i int) (*ast.Table, int) {
	start := i
	header := frame[i].inner
	t := &ast.Table{BlockNode: ast.BlockNode{Pos: header.FirstTextPos()}, Gap: prose.DefaultTableGap, ParseCell: parseCell}
	t.OptionsPos = t.Pos
	cols := headerColumns(header.Text)
	t.Header = r.row(t, header, cols, nil)
	i += 2
	var misaligned []misalignment
	for ; i < len(frame) && !isRule(frame[i].inner.Text) && !isBlank(frame[i].inner.Text); i++ {
		t.Rows = append(t.Rows, r.row(t, frame[i].inner, cols, &misaligned))
	}
	r.warnMisaligned(t, misaligned)
	unfold(t, ruleSegments(frame[start+1].inner.Text))
	if i < len(frame) && isRule(frame[i].inner.Text) {
		i++
		t.Caption, i = r.caption(frame, i, prose.TableCaptionLabels)
	} else {
		last := frame[i-1].inner
		r.p.Diags.Warnf(last.FirstTextPos(), "table/unclosed", "this table has no closing rule of ─ under its last row, here")
	}
	return t, i
}

// ruleSegments returns how many pieces a rule is drawn in: "──── ────"
// is two.
func ruleSegments(rule string) int {
	return len(strings.Fields(rule))
}

// unfold reads a table set in halves side by side, its header's columns
// repeated and its rule drawn in as many pieces, as the one table it is:
// the rows of the first half, then those of the second, and so on.
//
//	d10   Food Type    d10   Food Type
//	─────────────────  ─────────────────
//	  1   Nectar         6   Aphid
func unfold(t *ast.Table, halves int) {
	n := len(t.Header)
	if halves < 2 || n%halves != 0 || n == halves {
		return
	}
	width := n / halves
	for h := 1; h < halves; h++ {
		for c := 0; c < width; c++ {
			if !strings.EqualFold(t.Header[c].Text, t.Header[h*width+c].Text) {
				return
			}
		}
	}
	rows := make([][]*ast.Cell, 0, len(t.Rows)*halves)
	for h := 0; h < halves; h++ {
		for _, row := range t.Rows {
			from, to := min(h*width, len(row)), min((h+1)*width, len(row))
			part := row[from:to:to]
			if !slices.ContainsFunc(part, func(c *ast.Cell) bool { return c.Text != "" }) {
				continue
			}
			rows = append(rows, part)
		}
	}
	t.Header = t.Header[:width:width]
	t.Rows = rows
}

// headerColumns returns where the columns a header's words name start, in
// characters: runs of words separated by single spaces, apart by two
// spaces or more. The first column starts at the line's start.
func headerColumns(text string) []int {
	var cols []int
	runes := []rune(text)
	for i := 0; i < len(runes); i++ {
		if runes[i] == ' ' || runes[i] == '\t' {
			continue
		}
		cols = append(cols, i)
		for i < len(runes) && !(isSpaceRune(runes[i]) && (i+1 == len(runes) || isSpaceRune(runes[i+1]))) {
			i++
		}
	}
	if len(cols) > 0 {
		cols[0] = 0
	}
	return cols
}

func isSpaceRune(r rune) bool { return r == ' ' || r == '\t' }

// misalignment is a row cell that starts inside a header column: the
// column's start fell inside the row's word, at bar, which starts at word.
type misalignment struct {
	column    int
	pos       ast.Pos
	bar, word int
}

// row cuts a row at the header's columns. A column whose start falls
// inside a word of the row starts at the word instead, and is noted in
// misaligned (nil for the header).
func (r *reader) row(t *ast.Table, l prose.Line, cols []int, misaligned *[]misalignment) []*ast.Cell {
	runes := []rune(l.Text)
	bounds := make([]int, 0, len(cols)+1)
	for i, b := range cols {
		if b >= len(runes) {
			if i >= maxPaddedColumns {
				break
			}
			bounds = append(bounds, len(runes))
			continue
		}
		if b > 0 && !isSpaceRune(runes[b]) && !isSpaceRune(runes[b-1]) {
			// The word's start is looked for back to the column before
			// only, so that a row of one long word costs its length once.
			prev := -1
			if len(bounds) > 0 {
				prev = bounds[len(bounds)-1]
			}
			word := b
			for word > prev+1 && !isSpaceRune(runes[word-1]) {
				word--
			}
			if word == 0 || isSpaceRune(runes[word-1]) {
				if misaligned != nil {
					m := misalignment{column: i, pos: l.Pos(), bar: b, word: word}
					m.pos.Col += b
					*misaligned = append(*misaligned, m)
				}
				b = word
			}
		}
		bounds = append(bounds, b)
	}
	cells := make([]ast.Cell, len(bounds))
	pointers := make([]*ast.Cell, len(bounds))
	for i, start := range bounds {
		end := len(runes)
		if i+1 < len(bounds) {
			end = max(bounds[i+1], start)
		}
		raw := runes[start:end]
		lead := 0
		for lead < len(raw) && isSpaceRune(raw[lead]) {
			lead++
		}
		cell := &cells[i]
		cell.Table = t
		cell.Pos = l.Pos()
		cell.Pos.Col += start + lead
		cell.Text = strings.TrimSpace(string(raw))
		if cell.Text == "" {
			cell.Pos.Col = int(l.Col) + start
		}
		pointers[i] = cell
	}
	return pointers
}

// warnMisaligned warns once of each column whose start falls inside its
// rows' words: the author lined the column's words up off the header's.
func (r *reader) warnMisaligned(t *ast.Table, found []misalignment) {
	byColumn := map[int][]misalignment{}
	var order []int
	for _, m := range found {
		if byColumn[m.column] == nil {
			order = append(order, m.column)
		}
		byColumn[m.column] = append(byColumn[m.column], m)
	}
	for _, c := range order {
		ms := byColumn[c]
		name := t.Header[c].Text
		msg := "column \"" + name + "\" starts inside the words of "
		if len(ms) == 1 {
			msg += "this row"
		} else {
			msg += strconv.Itoa(len(ms)) + " rows"
		}
		shift := ms[0].bar - ms[0].word
		msg += ": its cells start " + strconv.Itoa(shift) + " " + plural(shift, "column") + " left of its name; line the header and the rows up"
		r.p.Diags.Warnf(ms[0].pos, "table/misaligned", msg)
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// caption reads the caption that may follow a table or a figure's rule at
// the frame's line i: "Table 1: …" or "Figure 20: …", on as many lines as
// run on before a blank line, the frame's end or the header of the next
// table. It returns nil and i when there is none.
func (r *reader) caption(frame []frameLine, i int, labels []string) (*ast.Caption, int) {
	if i >= len(frame) || !isCaptionLine(frame[i].inner.Text) {
		return nil, i
	}
	start := i
	lines := []prose.Line{frame[i].inner}
	for i++; i < len(frame) && !isBlank(frame[i].inner.Text) && !isTableHeaderAt(frame, i) && classOf(frame[i].inner.Text) == textLine; i++ {
		lines = append(lines, frame[i].inner)
	}
	c := r.p.Caption(lines, labels)
	if c == nil {
		return nil, start
	}
	r.captions = append(r.captions, c)
	return c, i
}

// isCaptionLine reports whether s starts "Table N: " or "Figure N: ".
func isCaptionLine(s string) bool {
	for _, label := range prose.TableCaptionLabels {
		rest, ok := strings.CutPrefix(s, label+" ")
		if !ok {
			continue
		}
		d := digitsAt(rest)
		return d > 0 && strings.HasPrefix(rest[d:], ":")
	}
	return false
}

// tabTable reads the table of tab-separated rows starting at lines[i]: a
// header row and the rows under it, each line's cells apart by two tabs or
// more.
func (r *reader) tabTable(lines []prose.Line, i int) (*ast.Table, int) {
	t := &ast.Table{BlockNode: ast.BlockNode{Pos: lines[i].FirstTextPos()}, Gap: prose.DefaultTableGap, ParseCell: parseCell}
	t.OptionsPos = t.Pos
	for ; i < len(lines) && isTabRow(lines[i].Text); i++ {
		row := tabCells(t, lines[i])
		if t.Header == nil {
			t.Header = row
			continue
		}
		t.Rows = append(t.Rows, row)
	}
	return t, i
}

// isTabRow reports whether a line is a row of a tab-separated table: two
// words apart by two tabs or more.
func isTabRow(s string) bool {
	s = strings.Trim(s, " \t")
	for i := 1; i+2 < len(s); i++ {
		if s[i] == '\t' && s[i+1] == '\t' && s[i-1] != ' ' && s[i-1] != '\t' {
			j := i
			for j < len(s) && s[j] == '\t' {
				j++
			}
			if j < len(s) && s[j] != ' ' {
				return true
			}
			i = j
		}
	}
	return false
}

// tabCells splits a tab-separated row at its runs of tabs.
func tabCells(t *ast.Table, l prose.Line) []*ast.Cell {
	l = trimLine(l)
	var cells []*ast.Cell
	col := int(l.Col)
	for i := 0; i < len(l.Text); {
		end := strings.IndexByte(l.Text[i:], '\t')
		if end < 0 {
			end = len(l.Text)
		} else {
			end += i
		}
		text := l.Text[i:end]
		cells = append(cells, &ast.Cell{Pos: ast.Pos{File: *l.File, Line: int(l.Num), Col: col}, Text: strings.TrimSpace(text), Table: t})
		col += utf8.RuneCountInString(text)
		for end < len(l.Text) && l.Text[end] == '\t' {
			end++
			col++
		}
		i = end
	}
	return cells
}

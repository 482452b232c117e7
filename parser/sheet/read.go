package sheet

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// Read reads the character-sheet template drawn in v, a
// \begin{nolayout} block, into a Sheet (MARKUP.md, "Character sheets"). The
// art is read as a grid of runes: the frame ╔═╗ ║ ╚═╝ with its ▓ shadow, the
// header with CLASS, the ╠►Area◄╣ bands, the boxes inside them and the fields
// in the boxes' rows. Mistakes in the art are diagnostics positioned at the
// cell they concern; the sheet is nil only when the frame itself cannot be
// read, so that one bad box does not hide the rest of the sheet from the
// checks that use it.
//
// Row n of the art is line n after v.Start: the art has no line the parser
// drops (a line starting with % is a comment, even there).
func Read(v *ast.Verbatim) (*Sheet, ast.DiagnosticList) {
	r := &sheetReader{start: v.Start, badRows: map[int]bool{}, skipStray: map[int]bool{}}
	if r.start.Line == 0 {
		// An empty block has no first line: point at its \begin.
		r.start = v.Pos
	}
	for _, l := range v.Lines {
		r.grid = append(r.grid, []rune(l))
	}
	sheet := r.read(v.Lines)
	return sheet, r.diags
}

// sheetReader holds the state of one reading of the art.
type sheetReader struct {
	grid  [][]rune
	start ast.Pos
	diags ast.DiagnosticList
	// badRows are rows whose width or frame is wrong: already reported, so
	// the boxes crossing them do not report them again.
	badRows map[int]bool
	// covered marks the cells of the boxes read, so that what is left over
	// can be reported as stray.
	covered map[[2]int]bool
	// skipStray marks rows where a box could not be read: its error says
	// enough.
	skipStray map[int]bool
}

// pos returns the manuscript position of the art's cell (row, col).
func (r *sheetReader) pos(row, col int) ast.Pos {
	return ast.Pos{File: r.start.File, Line: r.start.Line + row, Col: r.start.Col + col}
}

// at returns the rune at (row, col), or 0 outside the art.
func (r *sheetReader) at(row, col int) rune {
	if row < 0 || row >= len(r.grid) || col < 0 || col >= len(r.grid[row]) {
		return 0
	}
	return r.grid[row][col]
}

// text returns the runes of row from column from up to (not including) to.
func (r *sheetReader) text(row, from, to int) string {
	line := r.grid[row]
	to = min(to, len(line))
	if from >= to {
		return ""
	}
	return string(line[from:to])
}

func (r *sheetReader) read(lines []string) *Sheet {
	top := 0
	for top < len(r.grid) && strings.TrimSpace(lines[top]) == "" {
		top++
	}
	s := &Sheet{Lines: lines, Start: r.start}
	if !r.readHeader(s, top) {
		return nil
	}
	s.FrameBottom = -1
	for row := top + 1; row < len(r.grid); row++ {
		if r.at(row, 0) == '╚' {
			s.FrameBottom = row
			break
		}
	}
	if s.FrameBottom < 0 {
		r.diags.Errorf(r.pos(top, 0), "sheet/frame", "the sheet's frame is never closed: no ╚═╝ row follows the header")
		return nil
	}
	r.checkFrame(s, top)
	r.covered = map[[2]int]bool{}
	r.readAreas(s, top)
	r.readClass(s, top)
	r.reportStray(s, top)
	checkSheetLabels(s, &r.diags)
	return s
}

// readHeader reads ╔►Game◄═…═►Title◄╗ on row top.
func (r *sheetReader) readHeader(s *Sheet, top int) bool {
	if top >= len(r.grid) {
		r.diags.Errorf(r.start, "sheet/header", "the sheet template is empty")
		return false
	}
	line := string(r.grid[top])
	game, title, ok := parseSheetHeader(line)
	if !ok {
		r.diags.Errorf(r.pos(top, 0), "sheet/header", `the sheet must start with its header, ╔►Game◄═…═►Character Sheet◄╗`)
		return false
	}
	s.Header = Header{Game: game, Title: title, ClassRow: -1}
	s.FrameRight = lastIndexRune(r.grid[top], '╗')
	return true
}

// parseSheetHeader splits a header line ╔►Game◄═…═►Title◄╗ into its game
// and title.
func parseSheetHeader(line string) (game, title string, ok bool) {
	line = strings.TrimRight(line, " ")
	rest, found := strings.CutPrefix(line, "╔►")
	if !found || !strings.HasSuffix(rest, "◄╗") {
		return "", "", false
	}
	game, rest, found = strings.Cut(rest, "◄")
	if !found {
		return "", "", false
	}
	open := strings.LastIndex(rest, "►")
	if open < 0 || strings.Trim(rest[:open], "═") != "" {
		return "", "", false
	}
	title = strings.TrimSuffix(rest[open+len("►"):], "◄╗")
	return strings.TrimSpace(game), strings.TrimSpace(title), game != "" && title != ""
}

// checkFrame checks that every row between the header and the bottom has
// the frame's left and right edges where the header put them, and no more
// columns than the frame and its shadow. A row of the wrong width is
// reported once, and the boxes crossing it do not report it again.
func (r *sheetReader) checkFrame(s *Sheet, top int) {
	width := s.FrameRight + 1
	for row := top + 1; row <= s.FrameBottom; row++ {
		line := r.grid[row]
		left, right := "║╠", "║╣"
		if row == s.FrameBottom {
			left, right = "╚", "╝"
		}
		switch {
		case len(line) > width+1 || len(line) == width+1 && line[width] != '▓':
			r.diags.Errorf(r.pos(row, width), "sheet/row-width",
				"this row is "+strconv.Itoa(len(line))+" columns wide: wider than the frame ("+strconv.Itoa(width)+" columns and the ▓ shadow)")
			r.badRows[row] = true
		case len(line) < width || !strings.ContainsRune(right, line[s.FrameRight]):
			r.diags.Errorf(r.pos(row, min(len(line), s.FrameRight)), "sheet/row-width",
				"this row does not end on the frame's right edge "+string([]rune(right)[0])+" at column "+strconv.Itoa(s.FrameRight+1))
			r.badRows[row] = true
		case !strings.ContainsRune(left, line[0]):
			r.diags.Errorf(r.pos(row, 0), "sheet/frame", "expected the frame's left edge "+string([]rune(left)[0])+" here")
			r.badRows[row] = true
		}
	}
	for col := 1; col < s.FrameRight && !r.badRows[s.FrameBottom]; col++ {
		if r.at(s.FrameBottom, col) != '═' {
			r.diags.Errorf(r.pos(s.FrameBottom, col), "sheet/frame", "expected ═ in the frame's bottom border")
			break
		}
	}
}

// readAreas reads the ╠►Area◄═╣ bands and the boxes under each.
func (r *sheetReader) readAreas(s *Sheet, top int) {
	for row := top + 1; row < s.FrameBottom; row++ {
		if r.at(row, 0) != '╠' || r.badRows[row] {
			continue
		}
		title, ok := parseAreaHeader(r.text(row, 0, s.FrameRight+1))
		if !ok {
			r.diags.Errorf(r.pos(row, 0), "sheet/area", "expected an area header, ╠►Title◄═…═╣")
		}
		if n := len(s.Areas); n > 0 {
			s.Areas[n-1].Bottom = row - 1
		}
		s.Areas = append(s.Areas, &Area{Title: title, Row: row, Bottom: s.FrameBottom - 1, Pos: r.pos(row, 2)})
		for col := 0; col <= s.FrameRight; col++ {
			r.covered[[2]int{row, col}] = true
		}
	}
	for _, a := range s.Areas {
		for row := a.Row + 1; row <= a.Bottom; row++ {
			for col := 1; col < s.FrameRight; col++ {
				if r.at(row, col) == '┌' && !r.covered[[2]int{row, col}] {
					if b := r.readBox(row, col, a.Bottom); b != nil {
						a.Boxes = append(a.Boxes, b)
					}
				}
			}
		}
	}
}

// parseAreaHeader returns the title of ╠►Title◄═…═╣.
func parseAreaHeader(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "╠►")
	if !ok {
		return "", false
	}
	title, rest, ok := strings.Cut(rest, "◄")
	if !ok || !strings.HasSuffix(rest, "╣") || strings.Trim(strings.TrimSuffix(rest, "╣"), "═") != "" {
		return strings.TrimSpace(title), false
	}
	return strings.TrimSpace(title), title != ""
}

// readClass finds the CLASS placeholder between the header and the first
// area, and the dotted run around it that the class name is centred in.
func (r *sheetReader) readClass(s *Sheet, top int) {
	end := s.FrameBottom
	if len(s.Areas) > 0 {
		end = s.Areas[0].Row
	}
	for row := top + 1; row < end; row++ {
		line := string(r.grid[row])
		i := strings.Index(line, "CLASS")
		if i < 0 || r.badRows[row] {
			continue
		}
		col := len([]rune(line[:i]))
		h := &s.Header
		h.ClassRow, h.ClassFrom, h.ClassTo = row, 1, s.FrameRight-1
		h.Fill = r.at(row, 1)
		h.ClassPos = r.pos(row, col)
		for c := h.ClassFrom; c <= h.ClassTo; c++ {
			r.covered[[2]int{row, c}] = true
		}
		return
	}
	r.diags.Errorf(r.pos(top, 0), "sheet/class", "the header has no CLASS placeholder for the class name: add a row ║…… CLASS ……║ under it")
}

// reportStray reports what is drawn inside the frame but belongs to no box,
// area header or the class row: one error per row, at its first stray rune.
func (r *sheetReader) reportStray(s *Sheet, top int) {
	for row := top + 1; row < s.FrameBottom; row++ {
		if r.badRows[row] || r.skipStray[row] {
			continue
		}
		for col := 1; col < s.FrameRight; col++ {
			c := r.at(row, col)
			if c != ' ' && !r.covered[[2]int{row, col}] {
				r.diags.Errorf(r.pos(row, col), "sheet/stray", "stray "+quoteRune(c)+": everything inside the frame belongs in a box (┌──┐ … └──┘) or an area header")
				break
			}
		}
	}
}

// lastIndexRune returns the index of the last c in line, or -1.
func lastIndexRune(line []rune, c rune) int {
	for i := len(line) - 1; i >= 0; i-- {
		if line[i] == c {
			return i
		}
	}
	return -1
}

// quoteRune returns "'c'".
func quoteRune(c rune) string { return "'" + string(c) + "'" }

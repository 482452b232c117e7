package ast

import (
	"strings"
	"unicode/utf8"
)

// ArtBox is one titled box drawn in a figure's art, ┌[Base Attack]──┐,
// with "Label:....value" rows, as a stat block's attacks are drawn: the
// checker reads its labels against the sheet template, and the writers
// set a stat block's attack boxes as run-in paragraphs.
type ArtBox struct {
	Title string
	// From and To are the rune columns of the box's left and right borders.
	From, To int
	// Top and Bottom are the indexes of the art lines of its borders;
	// Bottom is past the last line when the box is never closed.
	Top, Bottom int
	Rows        []ArtRow
}

// ArtRow is one "Label:....value" row of an art box.
type ArtRow struct {
	Label string
	Value string
	Line  int // index of the art line
	Col   int // rune column of the label
}

// ArtBoxes finds the titled boxes anywhere in art, side by side or not
// ("┐┌" joins them), and reads their rows down to the bottom border.
func ArtBoxes(art []string) []*ArtBox {
	var boxes []*ArtBox
	// Boxes drawn side by side read the same lines: each is put in runes
	// once, when a box first reads it.
	runes := make([][]rune, len(art))
	lineRunes := func(line int) []rune {
		if runes[line] == nil {
			runes[line] = []rune(art[line])
		}
		return runes[line]
	}
	for line, text := range art {
		if !strings.Contains(text, "┌[") {
			continue
		}
		top := lineRunes(line)
		for i := 0; i+1 < len(top); i++ {
			if top[i] != '┌' || top[i+1] != '[' {
				continue
			}
			end := i + 2
			for end < len(top) && top[end] != ']' {
				end++
			}
			right := end
			for right < len(top) && top[right] != '┐' {
				right++
			}
			if right >= len(top) {
				break
			}
			box := &ArtBox{Title: string(top[i+2 : end]), From: i, To: right, Top: line}
			box.readRows(len(art), line+1, lineRunes)
			boxes = append(boxes, box)
			i = right
		}
	}
	return boxes
}

// readRows reads the box's rows from the art's line first down to its
// bottom border, of the art's lines lines, each in runes from lineRunes.
func (b *ArtBox) readRows(lines, first int, lineRunes func(int) []rune) {
	b.Bottom = lines
	for line := first; line < lines; line++ {
		row := lineRunes(line)
		if b.To >= len(row) || row[b.From] != '│' {
			b.Bottom = line
			return
		}
		if r, ok := parseArtRow(row[b.From+1 : b.To]); ok {
			r.Line, r.Col = line, b.From+1+r.Col
			b.Rows = append(b.Rows, r)
		}
	}
}

// parseArtRow reads "Label:......value" or, as the seed sometimes has it,
// "Label......value" without the colon.
func parseArtRow(cells []rune) (ArtRow, bool) {
	s := string(cells)
	lead := len(s) - len(strings.TrimLeft(s, " "))
	s = strings.TrimSpace(s)
	dots := strings.Index(s, "..")
	if dots <= 0 {
		return ArtRow{}, false
	}
	label := strings.TrimSpace(strings.TrimSuffix(s[:dots], ":"))
	if label == "" {
		return ArtRow{}, false
	}
	value := strings.TrimSpace(strings.TrimLeft(s[dots:], "."))
	return ArtRow{Label: label, Value: value, Col: utf8.RuneCountInString(string(cells)[:lead])}, true
}

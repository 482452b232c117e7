package outline

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// lineClass is what a line inside a frame or a box is, by its text alone.
type lineClass uint8

const (
	blankLine lineClass = iota
	ruleLine
	underlineLine
	boxTopLine
	boxBottomLine
	boxSideLine
	tocLine
	formulaLine
	headingLine
	bulletLine
	numberedLine
	artLine
	textLine
)

// classOf classes an inner line, first match first. The contents line
// comes before the formula, whose dot leaders it has too, and the heading
// after both; a heading has no run of two spaces, which a table row
// starting with a section number has.
func classOf(t string) lineClass {
	s := strings.Trim(t, " \t")
	switch {
	case s == "":
		return blankLine
	case isRule(s):
		return ruleLine
	case isUnderline(s):
		return underlineLine
	case strings.HasPrefix(s, "┌"):
		return boxTopLine
	case isBoxBottom(s):
		return boxBottomLine
	case strings.HasPrefix(s, "│"):
		return boxSideLine
	}
	if _, _, ok := tocEntry(prose.Line{Text: t}); ok {
		return tocLine
	}
	if _, _, ok := prose.SplitFormulaLine(s); ok && !hasArt(s) {
		return formulaLine
	}
	if _, end, ok := readNumber(t); ok && end < len(t) && !strings.Contains(t, "  ") {
		return headingLine
	}
	if m := framedMarker(t); m.ok {
		if m.ordered {
			return numberedLine
		}
		return bulletLine
	}
	if hasArt(s) {
		return artLine
	}
	return textLine
}

// frameBlocks reads the lines of a frame, or of a box inside one, into
// blocks. depth counts the boxes the lines sit in.
func (r *reader) frameBlocks(frame []frameLine, depth int) []ast.Block {
	var out []ast.Block
	for i := 0; i < len(frame); {
		l := frame[i].inner
		class := classOf(l.Text)
		if (class == textLine || class == formulaLine || class == headingLine) && isTableHeaderAt(frame, i) {
			var t *ast.Table
			t, i = r.table(frame, i)
			out = prose.AppendDoubling(out, ast.Block(t))
			continue
		}
		var b ast.Block
		switch class {
		case blankLine, ruleLine, underlineLine:
			i++
			continue
		case boxTopLine:
			if depth < prose.MaxNesting {
				b, i = r.box(frame, i, depth)
				break
			}
			b, i = r.figure(frame, i)
		case tocLine:
			number, title, _ := tocEntry(l)
			b, i = r.newHeading(number, trimLine(l), title), i+1
		case headingLine:
			number, title, _ := readHeadingLine(l)
			b, i = r.newHeading(number, trimLine(l), title), i+1
			if i < len(frame) && classOf(frame[i].inner.Text) == underlineLine {
				i++
			}
		case formulaLine:
			b, i = r.formula(frame, i)
		case bulletLine, numberedLine:
			b, i = r.framedList(frame, i)
		case artLine, boxBottomLine, boxSideLine:
			b, i = r.figure(frame, i)
		default:
			b, i = r.framedParagraph(frame, i)
		}
		out = prose.AppendDoubling(out, b)
	}
	return out
}

// framedParagraph reads the paragraph of text lines at the frame's line i:
// the lines up to a blank one, a line of another kind, or a table's
// header.
func (r *reader) framedParagraph(frame []frameLine, i int) (*ast.Paragraph, int) {
	lines := []prose.Line{frame[i].inner}
	for i++; i < len(frame) && classOf(frame[i].inner.Text) == textLine && !isTableHeaderAt(frame, i); i++ {
		lines = append(lines, frame[i].inner)
	}
	return r.p.Paragraph(lines), i
}

// formula reads the formula of "Label ....... Value" lines at the frame's
// line i.
func (r *reader) formula(frame []frameLine, i int) (*ast.Formula, int) {
	f := &ast.Formula{BlockNode: ast.BlockNode{Pos: frame[i].inner.FirstTextPos()}}
	for ; i < len(frame) && classOf(frame[i].inner.Text) == formulaLine && !isTableHeaderAt(frame, i); i++ {
		entry, _ := prose.FormulaEntry(trimLine(frame[i].inner))
		f.Entries = append(f.Entries, entry)
	}
	return f, i
}

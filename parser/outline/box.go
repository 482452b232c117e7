package outline

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// A box is drawn inside a frame with its title in its top border:
//
//	┌[Example 12]──────────────────┐
//	│ Brody's Wasp Character must… │
//	└──────────────────────────────┘
//
// Its lines, without their sides, are read as a frame's are: prose,
// lists, even boxes. A box of a character sheet's fields ("○ Hunger
// ........[___0%]", a label pointing up from its bottom border,
// "└<^Starving>──┘") is art, kept as drawn.

// hasSheetField reports whether s holds what only a sheet's boxes hold: a
// radio button or tick box, a percentage field "[___0%]", a "[__/__]"
// track.
func hasSheetField(s string) bool {
	if strings.ContainsFunc(s, func(r rune) bool { return r == '○' || r == '□' }) || strings.Contains(s, "[__/__]") {
		return true
	}
	for i := strings.IndexByte(s, '['); i >= 0; {
		j := i + 1
		for j < len(s) && (s[j] == '_' || isDigit(s[j])) {
			j++
		}
		if strings.HasPrefix(s[j:], "%]") {
			return true
		}
		next := strings.IndexByte(s[j:], '[')
		if next < 0 {
			break
		}
		i = j + next
	}
	return false
}

// box reads the box whose top border is the frame's line i, and returns it,
// or the figure of a sheet's box, and the index after it.
func (r *reader) box(frame []frameLine, i int, depth int) (ast.Block, int) {
	top := trimLine(frame[i].inner)
	end := i + 1
	for end < len(frame) && !isBoxBottom(frame[end].inner.Text) {
		end++
	}
	closed := end < len(frame)
	if !closed {
		r.p.Diags.Warnf(top.Pos(), "box/unclosed", "this box has no bottom border └…┘ before the frame ends")
	}
	inside := make([]frameLine, 0, end-i-1)
	sheet := closed && strings.Contains(frame[end].inner.Text, "<^")
	for _, f := range frame[i+1 : end] {
		f.inner = boxContent(f.inner)
		sheet = sheet || hasSheetField(f.inner.Text)
		inside = append(inside, f)
	}
	after := end
	if closed {
		after++
	}
	title, titlePos := boxTitle(top)
	if sheet {
		fig, next := r.figureOf(frame, i, after)
		fig.Box = title
		return fig, next
	}
	b := &ast.Box{BlockNode: ast.BlockNode{Pos: top.Pos()}, BoxKind: ast.BoxOther, Title: title}
	prose.ClassifyBox(b, titlePos)
	r.boxes = append(r.boxes, b)
	b.Blocks = r.frameBlocks(inside, depth+1)
	return b, after
}

// boxTitle returns the title in a box's top border, "┌[Example 12]──┐",
// and where it starts; a border with no title gives "" and the border's
// place.
func boxTitle(top prose.Line) (string, ast.Pos) {
	pos := top.Pos()
	if rest, ok := strings.CutPrefix(top.Text, "┌["); ok {
		if title, _, ok := strings.Cut(rest, "]"); ok {
			pos.Col += 2
			return strings.TrimSpace(title), pos
		}
	}
	return "", pos
}

// isBoxBottom reports whether s is a box's bottom border, "└…".
func isBoxBottom(s string) bool { return strings.HasPrefix(strings.TrimLeft(s, " \t"), "└") }

// boxContent returns a box's line without its sides, "│ " and " │".
func boxContent(l prose.Line) prose.Line {
	l = cut(l, indentOf(l.Text))
	if rest, ok := strings.CutPrefix(l.Text, "│"); ok {
		l = cut(l, len(l.Text)-len(rest))
		if strings.HasPrefix(l.Text, " ") {
			l = cut(l, 1)
		}
	}
	l.Text = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(l.Text, " \t"), "│"), " \t")
	return l
}

package outline

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// An outline's list items are "* " or "1. " lines, "1." followed by a
// space or a tab. Out of frames an item is one line; the lines after it
// that are indented further are its body, paragraphs of the item, and so
// is a frame between it and the next item. In a frame, an item's text is
// hard-wrapped: its lines run on, indented, and after a blank line such
// lines are a body paragraph of the item.

// marker is the marker a line starts with.
type marker struct {
	ok, ordered bool
	number      int
	// indent is the marker's offset in the line; text is where the
	// item's text starts.
	indent, text int
}

// listMarker reads the marker of an item out of frames, after the line's
// indent: "* " or digits and "." and a space or a tab.
func listMarker(s string) marker { return readMarker(s, indentOf(s), " \t") }

// framedMarker reads the marker of an item in a frame, after spaces: "* "
// or digits, "." and a space.
func framedMarker(s string) marker {
	return readMarker(s, len(s)-len(strings.TrimLeft(s, " ")), " ")
}

// readMarker reads a marker at s[indent:]: "* ", or digits and "." and one
// of spaces, and the item's text after it.
func readMarker(s string, indent int, spaces string) marker {
	m := marker{indent: indent}
	rest := s[indent:]
	if strings.HasPrefix(rest, "* ") {
		m.ok, m.text = true, indent+2
	} else if d := digitsAt(rest); d > 0 && d < 10 && len(rest) > d+1 && rest[d] == '.' && strings.IndexByte(spaces, rest[d+1]) >= 0 {
		m.ok, m.ordered, m.text = true, true, indent+d+1
		m.number, _ = strconv.Atoi(rest[:d])
	}
	if !m.ok {
		return marker{}
	}
	m.text += indentOf(s[m.text:])
	if m.text == len(s) {
		return marker{}
	}
	return m
}

// newItem starts the item of the marker m on line l, with its text as a
// paragraph of the lines given (the marker's line first).
func (r *reader) newItem(m marker, lines []prose.Line) *ast.ListItem {
	item := &ast.ListItem{BlockNode: ast.BlockNode{Pos: cut(lines[0], m.indent).Pos()}}
	if m.ordered {
		item.Number = m.number
	}
	lines[0] = cut(lines[0], m.text)
	item.Blocks = []ast.Block{r.p.Paragraph(lines)}
	return item
}

// list reads the list whose first item is lines[i], out of frames: the
// items of its kind with the same indent, each with its body, and returns
// the index after it. depth counts the lists the lines sit in.
func (r *reader) list(lines []prose.Line, i, depth int) (*ast.List, int) {
	first := listMarker(lines[i].Text)
	indent := lines[i].Text[:first.indent]
	list := &ast.List{BlockNode: ast.BlockNode{Pos: cut(lines[i], first.indent).Pos()}, Ordered: first.ordered}
	for {
		m := listMarker(lines[i].Text)
		item := r.newItem(m, []prose.Line{lines[i]})
		list.Items = prose.AppendDoubling(list.Items, item)
		// The item's body runs to the next item, taking the frames and
		// blank lines before it, or to its last line indented further.
		bodyEnd, j := i+1, i+1
		next := false
		for j < len(lines) {
			l := lines[j]
			switch {
			case isBlank(l.Text):
				j++
				continue
			case isFramed(l):
				j = frameEnd(lines, j)
				continue
			}
			if n := listMarker(l.Text); n.ok && n.ordered == first.ordered && l.Text[:n.indent] == indent {
				next = true
				break
			}
			if _, _, heading := readHeadingLine(l); heading || !strings.HasPrefix(l.Text, indent) || indentOf(l.Text) <= len(indent) {
				break
			}
			j++
			bodyEnd = j
		}
		if next {
			bodyEnd = j
		}
		item.Blocks = append(item.Blocks, r.blocks(lines[i+1:bodyEnd], depth+1)...)
		if !next {
			return list, bodyEnd
		}
		i = j
	}
}

// framedList reads the list whose first item is the frame's line i: its
// items have their marker at one indent, their text may run on over lines
// indented as far, and after a blank line such lines are a paragraph of
// the item.
func (r *reader) framedList(frame []frameLine, i int) (*ast.List, int) {
	first := framedMarker(frame[i].inner.Text)
	list := &ast.List{BlockNode: ast.BlockNode{Pos: cut(frame[i].inner, first.indent).Pos()}, Ordered: first.ordered}
	continues := func(j int) bool {
		t := frame[j].inner.Text
		n := len(t) - len(strings.TrimLeft(t, " "))
		return classOf(t) == textLine && n >= first.indent && n > 0
	}
	for {
		m := framedMarker(frame[i].inner.Text)
		lines := []prose.Line{frame[i].inner}
		for i++; i < len(frame) && continues(i); i++ {
			lines = append(lines, frame[i].inner)
		}
		item := r.newItem(m, lines)
		list.Items = prose.AppendDoubling(list.Items, item)
		for {
			j := i
			for j < len(frame) && classOf(frame[j].inner.Text) == blankLine {
				j++
			}
			if j == len(frame) {
				return list, i
			}
			if n := framedMarker(frame[j].inner.Text); n.ok && n.ordered == first.ordered && n.indent == first.indent {
				i = j
				break
			}
			if j == i || !continues(j) {
				return list, i
			}
			body := []prose.Line{frame[j].inner}
			for j++; j < len(frame) && continues(j); j++ {
				body = append(body, frame[j].inner)
			}
			item.Blocks = append(item.Blocks, r.p.Paragraph(body))
			i = j
		}
	}
}

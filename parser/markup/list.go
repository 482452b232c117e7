package markup

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// listMarker describes the marker a line starts with.
type listMarker struct {
	ok      bool
	ordered bool
	number  int
	// width is the column, counted from the line's start, where the item's
	// text begins; continuation lines are indented at least this much.
	width int
}

// parseListMarker reads "* " or "N. " after at most three spaces.
func parseListMarker(l prose.Line) listMarker {
	indent := l.Indent()
	if indent > 3 {
		return listMarker{}
	}
	rest := l.Text[indent:]
	if strings.HasPrefix(rest, "* ") && strings.TrimSpace(rest[2:]) != "" {
		return listMarker{ok: true, width: indent + 2}
	}
	digits := 0
	for digits < len(rest) && digits < 9 && rest[digits] >= '0' && rest[digits] <= '9' {
		digits++
	}
	if digits == 0 || !strings.HasPrefix(rest[digits:], ". ") || strings.TrimSpace(rest[digits+2:]) == "" {
		return listMarker{}
	}
	n, _ := strconv.Atoi(rest[:digits])
	return listMarker{ok: true, ordered: true, number: n, width: indent + digits + 2}
}

// list reads the list starting at lines[i]; it ends at the first line that
// is neither in an item nor the marker of another item of the same kind.
func (p *blockParser) list(lines []prose.Line, i, listDepth int) (*ast.List, int) {
	first := parseListMarker(lines[i])
	list := &ast.List{BlockNode: ast.BlockNode{Pos: lines[i].FirstTextPos()}, Ordered: first.ordered}
	for {
		marker := parseListMarker(lines[i])
		item := &ast.ListItem{BlockNode: ast.BlockNode{Pos: lines[i].FirstTextPos()}, Number: marker.number}
		var content []prose.Line
		content, i = itemLines(lines, i, marker.width, listDepth)
		item.Blocks = p.lineBlocks(nil, content, listDepth+1)
		list.Items = prose.AppendDoubling(list.Items, item)

		next := i
		for next < len(lines) && lines[next].IsBlank() {
			next++
		}
		if next >= len(lines) {
			return list, next
		}
		m := parseListMarker(lines[next])
		if !m.ok || m.ordered != list.Ordered {
			return list, i
		}
		i = next
	}
}

// itemLines returns the item's lines with its marker and indentation taken
// off, and the index after the item. Lines indented to the item's text
// belong to it, across blank lines; so does a line right after the item's
// text that is not indented at all but starts no block of its own (a lazy
// continuation, as in CommonMark).
func itemLines(lines []prose.Line, i, width, listDepth int) ([]prose.Line, int) {
	content := []prose.Line{lines[i].Cut(width)}
	end := i + 1
	for j := i + 1; j < len(lines); j++ {
		l := lines[j]
		switch {
		case l.IsBlank():
			content = append(content, l)
			continue
		case l.Indent() >= width:
			content = append(content, l.Dedent(width))
		case !lines[j-1].IsBlank() && !interruptsParagraph(lines, j, listDepth):
			content = append(content, l.Dedent(l.Indent()))
		default:
			return content[:len(content)-(j-end)], end
		}
		end = j + 1
	}
	return content[:len(content)-(len(lines)-end)], end
}

// Package outline reads a plain numbered outline (OUTLINE.md): a book
// written without markup, its headings numbered "1.3.1.0 Modifiers", each
// line of prose a paragraph, and its tables, boxes, formulas and figures
// drawn inside "║" frames. It reads such a file into the same tree the
// other readers make, every node at its line and column, and warns of
// what a proofreader would mend: headings numbered out of place, frames
// broken or ragged, table columns off their headers, captions out of
// order. What the author left to do (notes in capitals, headings marked
// (TBD), "SECTION" where a reference is to go) it lists as notes.
package outline

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// reader reads one outline file.
type reader struct {
	p *prose.Parser
	// headings, captions and boxes are the file's, in order, for the
	// checks of their numbers once it is read.
	headings []*heading
	captions []*ast.Caption
	boxes    []*ast.Box
}

// Read reads the file f, named name, written as a numbered outline, into
// blocks; their inlines are parsed by p's prose queue.
func Read(p *prose.Parser, name string, f *prose.File) []ast.Block {
	lines := make([]prose.Line, len(f.Ends))
	for i := range lines {
		lines[i] = prose.Line{Text: f.Line(i), File: &name, Num: int32(i + 1), Col: 1}
	}
	r := &reader{p: p}
	blocks := r.blocks(lines, 0)
	if blocks == nil {
		// Never nil, so that an empty file's tree says so: "blocks": [].
		blocks = []ast.Block{}
	}
	r.checkNumbering()
	r.checkOrder()
	r.notes(lines)
	return blocks
}

// blocks reads lines out of frames into blocks: the file's, or the body
// of a list item. depth counts the lists the lines sit in.
func (r *reader) blocks(lines []prose.Line, depth int) []ast.Block {
	var out []ast.Block
	for i := 0; i < len(lines); {
		l := lines[i]
		var b ast.Block
		switch {
		case isFramed(l):
			var frame []frameLine
			frame, i = r.readFrame(lines, i)
			for _, b := range r.frameBlocks(frame, 0) {
				out = prose.AppendDoubling(out, b)
			}
			continue
		case isBlank(l.Text):
			i++
			continue
		}
		if number, title, ok := readHeadingLine(l); ok {
			b, i = r.newHeading(number, trimLine(l), title), i+1
		} else if depth < prose.MaxNesting && listMarker(l.Text).ok {
			b, i = r.list(lines, i, depth)
		} else if isTabRow(l.Text) {
			b, i = r.tabTable(lines, i)
		} else {
			// Each line is a paragraph of its own: the author writes
			// one to a line, and never wraps one.
			b, i = r.p.Paragraph(lines[i:i+1]), i+1
		}
		out = prose.AppendDoubling(out, b)
	}
	return out
}

// Looks reports whether text, a manuscript file, is a numbered outline:
// it has numbered headings and "║" frames, and none of the markup's
// constructs (a \begin, an underlined heading). galley reads a .txt file
// written so with this reader without being told.
func Looks(text string) bool {
	headings, frames := 0, 0
	previous := ""
	for rest := text; rest != ""; {
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		t := strings.Trim(line, " \t\r")
		switch {
		case strings.HasPrefix(t, `\begin{`), strings.HasPrefix(t, `\newpage`), strings.HasPrefix(t, "# "):
			return false
		case previous != "" && len(t) >= 3 && (strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "") && !isUnderline(previous):
			if _, _, heading := readNumber(previous); !heading {
				return false
			}
		case strings.HasPrefix(t, frameBar):
			frames++
		default:
			if _, _, ok := readNumber(t); ok {
				headings++
			}
		}
		previous = t
	}
	return headings >= 2 && frames >= 1
}

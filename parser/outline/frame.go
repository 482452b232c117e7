package outline

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// A frame is the author's way of setting text apart: consecutive lines
// between "║" and "║", hard-wrapped, holding tables, boxes, formulas,
// figures, headings and prose. A frame is not a box: its blocks join the
// book's flow where it stands.

// frameLine is a line of a frame.
type frameLine struct {
	// inner is the text between the bars, without the one space after the
	// left bar and the spaces before the right, placed in the file.
	inner prose.Line
	// closed reports whether the line has its right bar; width is then
	// the line's width from bar to bar, and rightCol the right bar's
	// column.
	closed   bool
	width    int
	rightCol int
	// runsOn is a line of text that broke out of the frame: the author
	// wrote on past the right edge and then on the next line without a
	// bar, before the frame went on.
	runsOn bool
	// end is the column after the line's last character.
	end int
}

// newFrameLine reads a framed line.
func newFrameLine(l prose.Line) frameLine {
	indent := indentOf(l.Text)
	rest := l.Text[indent+len(frameBar):]
	inner := cut(l, indent+len(frameBar))
	if strings.HasPrefix(rest, " ") {
		inner = cut(inner, 1)
	}
	f := frameLine{end: int(l.Col) + utf8.RuneCountInString(l.Text)}
	trimmed := strings.TrimRight(inner.Text, " \t")
	if bar, ok := strings.CutSuffix(trimmed, frameBar); ok && inner.Col > l.Col+int32(indent) {
		f.closed = true
		f.width = utf8.RuneCountInString(strings.TrimRight(l.Text[indent:], " \t"))
		f.rightCol = int(l.Col) + indent + f.width - 1
		trimmed = strings.TrimRight(bar, " \t")
	}
	inner.Text = trimmed
	f.inner = inner
	return f
}

// frameEnd returns the index after the frame that starts at lines[i]. A
// framed line without its right bar may run on onto the next line,
// unframed, before the frame goes on: that line is the frame's too.
func frameEnd(lines []prose.Line, i int) int {
	open := false // the last framed line has no right bar
	for ; i < len(lines); i++ {
		l := lines[i]
		if isFramed(l) {
			open = !closesFrame(l.Text)
			continue
		}
		if open && !isBlank(l.Text) && i+1 < len(lines) && isFramed(lines[i+1]) {
			open = false
			continue
		}
		break
	}
	return i
}

// closesFrame reports whether a framed line has its right bar.
func closesFrame(s string) bool {
	s = strings.TrimRight(s[indentOf(s)+len(frameBar):], " \t")
	return strings.HasSuffix(s, frameBar)
}

// readFrame reads the frame that starts at lines[i] and returns its lines
// and the index after it. A line that runs on out of the frame breaks it,
// and is reported so.
func (r *reader) readFrame(lines []prose.Line, i int) ([]frameLine, int) {
	end := frameEnd(lines, i)
	frame := make([]frameLine, 0, end-i)
	for _, l := range lines[i:end] {
		if isFramed(l) {
			frame = append(frame, newFrameLine(l))
			continue
		}
		on := trimLine(l)
		frame = append(frame, frameLine{inner: on, runsOn: true, end: int(on.Col) + utf8.RuneCountInString(on.Text)})
		r.p.Diags.Warnf(on.Pos(), "frame/broken", "this line breaks the frame: line "+strconv.Itoa(int(l.Num)-1)+
			" runs on past the frame's right edge without its closing ║, and this line has no ║ at all; wrap the text inside the frame")
	}
	r.checkEdges(frame)
	return frame, end
}

// checkEdges warns of a frame's lines without a right bar, and of a right
// edge that is ragged: lines whose bar stands elsewhere than the frame's,
// the width most of its lines have.
func (r *reader) checkEdges(frame []frameLine) {
	// The frame's width is the one most of its closed lines have, the
	// first seen of a tie.
	widths := map[int]int{}
	for _, f := range frame {
		if f.closed {
			widths[f.width]++
		}
	}
	width, most := 0, 0
	for _, f := range frame {
		if f.closed && widths[f.width] > most {
			width, most = f.width, widths[f.width]
		}
	}
	var edge int        // the right bar's column in the lines of the frame's width
	var ragged []string // the lines closing elsewhere, in runs
	var first ast.Pos
	for i := 0; i < len(frame); i++ {
		f := frame[i]
		switch {
		case f.runsOn:
		case !f.closed && (i+1 == len(frame) || !frame[i+1].runsOn):
			pos := f.inner.Pos()
			pos.Col = f.end
			r.p.Diags.Warnf(pos, "frame/unclosed", "this framed line has no closing ║: it runs on past the frame's right edge; wrap it inside the frame")
		case f.closed && f.width == width:
			if edge == 0 {
				edge = f.rightCol
			}
		case f.closed:
			j := i
			for j+1 < len(frame) && frame[j+1].closed && frame[j+1].rightCol == f.rightCol {
				j++
			}
			if first.Line == 0 {
				first = f.inner.Pos()
				first.Col = f.rightCol
			}
			lines := "line " + strconv.Itoa(int(f.inner.Num))
			if j > i {
				lines = "lines " + strconv.Itoa(int(f.inner.Num)) + "–" + strconv.Itoa(int(frame[j].inner.Num))
			}
			ragged = append(ragged, lines+" at column "+strconv.Itoa(f.rightCol))
			i = j
		}
	}
	if len(ragged) > 0 {
		r.p.Diags.Warnf(first, "frame/ragged", "the frame's right edge is ragged: its ║ stands at column "+strconv.Itoa(edge)+
			", but "+joinAnd(ragged)+"; line the bars up")
	}
}

package markdown

import (
	"bytes"

	gmast "github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
)

// Most of a rulebook's prose is plain: nothing in it that an inline parser
// of the Markdown reader makes a node of. goldmark still stops at every
// space of it to ask its parsers (the autolinker asks at each), and the
// reader then scans the text again for dice and references (prose/scan.go).
// markdownPlainParser, asked first at a space or a line's start, takes the
// plain stretch that follows as the text goldmark would have made of it,
// so that goldmark's inline pass goes on where something may start, as the
// markup's reader skips goldmark for a plain paragraph (appendInlines).

// markdownPlainParser is the first inline parser of the Markdown reader.
type markdownPlainParser struct{}

// Trigger is a space: goldmark asks the parsers of a space at a line's
// first character too, when it is not punctuation.
func (markdownPlainParser) Trigger() []byte { return []byte{' '} }

func (markdownPlainParser) Parse(parent gmast.Node, block gmtext.Reader, pc gmparser.Context) gmast.Node {
	line, seg := block.PeekLine()
	source := block.Source()
	if seg.Padding != 0 || seg.Start > 0 && source[seg.Start-1] == '\\' {
		// A tab's columns, or a space a backslash goldmark counts as
		// escaping: goldmark's own reading.
		return nil
	}
	body := bytes.TrimRight(line, " \t\r\n") // goldmark's white space
	if trailing := bytes.TrimSuffix(bytes.TrimSuffix(line[len(body):], []byte("\n")), []byte("\r")); bytes.ContainsAny(trailing, "\t\r") {
		// A tab or a carriage return among the spaces that end the line:
		// goldmark keeps some of them, as it keeps those before a hard
		// break.
		return nil
	}
	end, lastSpace := plainPrefix(body)
	// A hard break, two spaces before the line's end, is goldmark's to
	// read: it keeps some of the spaces before it.
	hardBreak := bytes.HasSuffix(bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r")), []byte("  "))
	if end < len(body) || hardBreak {
		// Something may start at end: leave goldmark the last space
		// before it too, where the autolinker starts a link or an
		// e-mail address.
		if end = lastSpace; end <= 0 {
			return nil
		}
		block.Advance(end)
		return gmast.NewTextSegment(gmtext.NewSegment(seg.Start, seg.Start+end))
	}
	text := gmast.NewTextSegment(gmtext.NewSegment(seg.Start, seg.Start+len(body)))
	text.SetSoftLineBreak(bytes.HasSuffix(line, []byte("\n")))
	block.AdvanceLine()
	return text
}

// markdownInert marks the bytes that no inline parser of the Markdown
// reader ever acts on; '-', '.', '>' and ':' act only in company (see
// plainPrefix).
var markdownInert = func() (inert [256]bool) {
	for c := range inert {
		inert[c] = true
	}
	// Code spans, links, images, footnote marks, autolinks, raw HTML,
	// emphasis, strikethrough, escapes and hard breaks, e-mail links.
	for _, c := range []byte("`[]!<*_~\\@-.>:") {
		inert[c] = false
	}
	return inert
}()

// plainPrefix returns the length of text's plain start: no byte an inline
// parser acts on, no "--", "...", ">>" (the typographer's dashes, ellipsis
// and angle quotes) and nothing the autolinker links ("http:", "https:",
// "ftp:", "www."). Quotes are plain: galley's typographer puts them back
// as they were written. lastSpace is where the last space, tab or "(" in
// it is, where the autolinker looks for a link next; -1 for none.
func plainPrefix(text []byte) (end, lastSpace int) {
	lastSpace = -1
	for i, c := range text {
		if markdownInert[c] {
			if c == ' ' || c == '\t' || c == '(' {
				lastSpace = i
			}
			continue
		}
		next := byte(0)
		if i+1 < len(text) {
			next = text[i+1]
		}
		before := text[:i]
		switch {
		case c == '-' && next != '-', c == '>' && next != '>':
		case c == '.' && next != '.' && !bytes.HasSuffix(before, []byte("www")):
		case c == ':' && !bytes.HasSuffix(before, []byte("http")) && !bytes.HasSuffix(before, []byte("https")) && !bytes.HasSuffix(before, []byte("ftp")):
		default:
			return i, lastSpace
		}
	}
	return len(text), lastSpace
}

package check

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// prose is a paragraph's (or caption's) text as one string, so that a
// check can match words across its inlines: its text, emphasis and all, and
// its dice as written. A reference stands as a space: its words are about
// the reference, not the paragraph. Each inline's place in the string is
// kept, so that what a check finds can be pointed at in the source.
type prose struct {
	text  string
	spans []proseSpan
}

// proseSpan is an inline and the byte of prose.text where it starts.
type proseSpan struct {
	start int
	node  ast.Inline
}

func newProse(inlines []ast.Inline) *prose {
	p := &prose{}
	p.make(inlines, nil)
	return p
}

// make writes the prose of inlines into p. It measures the text and counts
// the spans first, so that each is allocated once at its size, and a
// paragraph of one run of text (most are) shares that text: gather makes
// the prose of every paragraph of the book. The spans are cut from *slab
// when it has room for them (gather sizes it for a run of paragraphs): tens
// of thousands of small slices are as many allocations.
func (p *prose) make(inlines []ast.Inline, slab *[]proseSpan) {
	size, spans := measureProse(inlines)
	if slab != nil && len(*slab) >= spans {
		p.spans, *slab = (*slab)[:0:spans], (*slab)[spans:]
	} else {
		p.spans = make([]proseSpan, 0, spans)
	}
	if spans == 1 {
		if text, ok := inlines[0].(*ast.Text); ok {
			p.spans = append(p.spans, proseSpan{0, text})
			p.text = text.Text
			return
		}
	}
	var b strings.Builder
	b.Grow(size)
	p.write(&b, inlines)
	p.text = b.String()
}

// measureProse returns how long the prose of inlines is and how many spans
// it has.
func measureProse(inlines []ast.Inline) (size, spans int) {
	for _, in := range inlines {
		switch in := in.(type) {
		case *ast.Text:
			size, spans = size+len(in.Text), spans+1
		case *ast.Dice:
			size, spans = size+len(in.Expr), spans+1
		case *ast.Ref:
			size, spans = size+1, spans+1
		case *ast.Emphasis:
			s, n := measureProse(in.Inlines)
			size, spans = size+s, spans+n
		}
	}
	return size, spans
}

// write writes the prose of inlines to b, and their spans to p.
func (p *prose) write(b *strings.Builder, inlines []ast.Inline) {
	for _, in := range inlines {
		switch in := in.(type) {
		case *ast.Text:
			p.spans = append(p.spans, proseSpan{b.Len(), in})
			b.WriteString(in.Text)
		case *ast.Dice:
			p.spans = append(p.spans, proseSpan{b.Len(), in})
			b.WriteString(in.Expr)
		case *ast.Ref:
			p.spans = append(p.spans, proseSpan{b.Len(), in})
			b.WriteString(" ")
		case *ast.Emphasis:
			p.write(b, in.Inlines)
		}
	}
}

// proseOf returns the prose of a paragraph or a caption (its owner), made
// once: several checks read every paragraph. Book makes every paragraph's
// and caption's before the passes start; what else a pass reads as prose it
// keeps for itself, the made ones being shared by passes running at once.
func (c *checker) proseOf(owner any, inlines []ast.Inline) *prose {
	switch owner := owner.(type) {
	case *ast.Paragraph:
		if p, ok := c.paragraphProse[owner]; ok {
			return p
		}
	case *ast.Caption:
		if p, ok := c.captionProse[owner]; ok {
			return p
		}
	}
	p, ok := c.ownProse[owner]
	if !ok {
		if c.ownProse == nil {
			c.ownProse = map[any]*prose{}
		}
		p = newProse(inlines)
		c.ownProse[owner] = p
	}
	return p
}

// hasDice reports whether the prose has dice.
func (p *prose) hasDice() bool {
	for _, span := range p.spans {
		if _, ok := span.node.(*ast.Dice); ok {
			return true
		}
	}
	return false
}

// paragraph is a paragraph of the book with its prose.
type paragraph struct {
	*ast.Paragraph
	text *prose
}

// paragraphs returns the book's paragraphs in order, with their prose,
// found once (see gather): most checks read every paragraph, and a walk of
// the whole book to find them, asking for each one's prose, costs more than
// what most of them do with it.
func (c *checker) paragraphs() []paragraph {
	return c.paragraphList
}

// paragraphCursor hands a walk that meets the book's paragraphs in their
// order (as gather listed them) each one's prose without a lookup: the
// next paragraph of the list is the one met, or, should a walk skip one,
// it is looked up.
type paragraphCursor struct {
	c    *checker
	next int
}

// proseOf returns the prose of para, the paragraph the walk meets.
func (r *paragraphCursor) proseOf(para *ast.Paragraph) *prose {
	list := r.c.paragraphList
	if r.next < len(list) && list[r.next].Paragraph == para {
		r.next++
		return list[r.next-1].text
	}
	return r.c.proseOf(para, para.Inlines)
}

// walkInlines visits inlines and the inlines inside emphasis.
func walkInlines(inlines []ast.Inline, visit func(ast.Inline)) {
	for _, in := range inlines {
		visit(in)
		if e, ok := in.(*ast.Emphasis); ok {
			walkInlines(e.Inlines, visit)
		}
	}
}

// sentenceAt returns where the sentence of the text around byte at starts
// and ends: after the end of the one before, a '.', '?' or '!' and a space,
// to the end of its own.
func (p *prose) sentenceAt(at int) (start, end int) {
	start, end = 0, len(p.text)
	for i := at - 1; i > 0; i-- {
		if p.isSentenceEnd(i - 1) {
			start = i
			break
		}
	}
	for i := at; i < len(p.text)-1; i++ {
		if p.isSentenceEnd(i) {
			end = i + 1
			break
		}
	}
	return start, end
}

// isSentenceEnd reports whether text[i] ends a sentence.
func (p *prose) isSentenceEnd(i int) bool {
	return strings.IndexByte(".?!", p.text[i]) >= 0 && i+1 < len(p.text) && unicode.IsSpace(rune(p.text[i+1]))
}

// pos returns where in the source the byte at of the text is written. The
// parser joins a paragraph's lines with a space and keeps the position of
// each inline's start, so the position is found by following the inline's
// text along its source lines.
func (p *prose) pos(doc *ast.Document, at int) ast.Pos {
	i := len(p.spans) - 1
	for i > 0 && p.spans[i].start > at {
		i--
	}
	if i < 0 {
		return ast.Pos{}
	}
	span := p.spans[i]
	pos := span.node.Position()
	text, ok := span.node.(*ast.Text)
	if !ok {
		return pos
	}
	want := text.Text[:min(at-span.start, len(text.Text))]
	line := doc.SourceLine(pos.File, pos.Line)
	col := byteOfColumn(line, pos.Col)
	for _, r := range want {
		if r == ' ' && strings.TrimSpace(line[min(col, len(line)):]) == "" {
			// The space the parser wrote for a line break: the text goes
			// on at the next line's first character.
			pos.Line++
			line = doc.SourceLine(pos.File, pos.Line)
			col = len(line) - len(strings.TrimLeft(line, " \t"))
			continue
		}
		col += utf8.RuneLen(r)
	}
	pos.Col = utf8.RuneCountInString(line[:min(col, len(line))]) + 1
	return pos
}

// byteOfColumn returns the byte offset of 1-based rune column col of line.
func byteOfColumn(line string, col int) int {
	off := 0
	for n := 1; n < col && off < len(line); n++ {
		_, size := utf8.DecodeRuneInString(line[off:])
		off += size
	}
	return off
}

package pdf

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/lexer"
	"github.com/galleyhq/galley/render/paginate"
)

// verbatim sets a \begin{nolayout} block as drawn, in the mono font. The
// book's sheet template is the blank character sheet, and is drawn as its
// vector sheet; other art that draws a page of its own, frame and all, is a
// page of its own; any other is kept together in the text.
func (l *layouter) verbatim(v *ast.Verbatim, r region) *flow {
	lines := paginate.TrimBlank(v.Lines)
	if len(lines) == 0 {
		return nil
	}
	if v == sheet.Template(l.doc) && l.sheets != nil {
		return l.sheetFlow(l.sheets.Blank)
	}
	f := &flow{before: blockSkip, after: blockSkip}
	alt := textArt
	if v.Name != "" {
		alt += ": " + v.Name
	}
	l.tag.describe(alt)
	switch {
	case paginate.IsPageArt(lines):
		f.whole(func() { l.artPage(lines) })
	default:
		var a *art
		a, f.wide = l.artIn(lines, r)
		code := highlightedLines(v.Language, lines)
		x := func() float64 { return r.x }
		if a.breakout {
			x = func() float64 { return l.artX(a, r) }
		}
		for i := range a.lines {
			f.item(a.leading, i < len(a.lines)-1, func(y float64) {
				if code == nil {
					l.drawArtLine(a, i, x(), y, inkText)
					return
				}
				col := 0
				for _, span := range code[i] {
					ink, ok := codeInks[span.Class]
					if !ok {
						ink = inkText
					}
					col = l.drawArtText(a, span.Text, col, x(), y, ink)
				}
			})
		}
	}
	return f
}

// highlightedLines returns code's lines as render/lexer highlights them in
// language, each a line's spans, as the site and the EPUB print them; nil
// when galley has no lexer for language, or the spans do not give back
// the lines.
func highlightedLines(language string, lines []string) [][]lexer.Span {
	spans, ok := lexer.Highlight(language, strings.Join(lines, "\n"))
	if !ok {
		return nil
	}
	out := make([][]lexer.Span, 1, len(lines))
	for _, span := range spans {
		for i, part := range strings.Split(span.Text, "\n") {
			if i > 0 {
				out = append(out, nil)
			}
			if part != "" {
				out[len(out)-1] = append(out[len(out)-1], lexer.Span{Class: span.Class, Text: part})
			}
		}
	}
	for len(out) < len(lines) {
		out = append(out, nil) // blank lines at the end, which no span holds
	}
	if len(out) != len(lines) {
		return nil
	}
	return out
}

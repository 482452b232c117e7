package pdf

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
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
	switch {
	case paginate.IsPageArt(lines):
		f.whole(func() { l.artPage(lines) })
	default:
		var a *art
		a, f.wide = l.artIn(lines, r)
		for i := range a.lines {
			f.item(a.leading, i < len(a.lines)-1, func(y float64) { l.drawArtLine(a, i, r.x, y, inkText) })
		}
	}
	return f
}

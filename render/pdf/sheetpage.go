package pdf

import (
	"github.com/galleyhq/galley/parser/ast"
)

// sheet places the filled sheet of a \charsheet as a vector page of its
// own, bookmarked "Sheet: Wasp", so that a player finds the sheets from the
// outline. A class the book has no data for (galley check reports it)
// places nothing.
func (l *layouter) sheet(c *ast.CharSheet) *flow {
	if l.sheets == nil {
		return nil
	}
	s := l.sheets.Sheet(c.Class)
	if s == nil {
		return nil
	}
	f := &flow{}
	f.whole(func() { DrawSheet(l.pdf, s, l.pageWidth, l.pageHeight) })
	f.pieces[0].sheet = "Sheet: " + s.Class
	if s.IsBlank() {
		f.pieces[0].sheet = "Sheet: blank"
	}
	return f
}

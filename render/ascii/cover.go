package ascii

import (
	"slices"

	"github.com/galleyhq/galley/parser/ast"
)

// cover returns the book's first page: its coverpage art as it stands,
// padded to a page's height, or, for a book without one, a title page in
// the frame with the title and subtitle centred a third of the way down.
func (l *layouter) cover() []string {
	for _, b := range l.doc.Blocks {
		if c, ok := b.(*ast.CoverPage); ok {
			return fullPage(c.Lines)
		}
	}
	cfg := l.doc.Config
	body := make([]string, BodyLines/3)
	body = append(body, centre(cfg.Title, TextWidth))
	if cfg.Subtitle != "" {
		body = append(body, "", centre(cfg.Subtitle, TextWidth))
	}
	return framePage(cfg.Title, "", 0, body)
}

// hasCover reports whether the book has a cover to draw: art, or a title
// or subtitle to centre. A book with none of them would open on an empty
// frame, so it opens at its contents instead, as its PDF does.
func (l *layouter) hasCover() bool {
	cfg := l.doc.Config
	return cfg.Title != "" || cfg.Subtitle != "" ||
		slices.ContainsFunc(l.doc.Blocks, func(b ast.Block) bool { _, ok := b.(*ast.CoverPage); return ok })
}

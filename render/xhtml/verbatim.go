package xhtml

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/lexer"
)

// verbatim writes a verbatim block as Art, and code in a language galley
// has a lexer for highlighted, as Hugo highlights it: at build time, each
// token a span of a class the stylesheet colours (lexer.Highlight), so the
// page needs no script and no inline style, and the colours follow the
// theme. Code in a language galley does not know is printed plain.
func (w *Writer) verbatim(v *ast.Verbatim) {
	spans, ok := lexer.Highlight(v.Language, strings.Join(v.Lines, "\n"))
	if !ok {
		w.Art("verbatim", v.Lines, "")
		return
	}
	done := w.openArt("verbatim code", v.Lines, "")
	defer done()
	for _, s := range spans {
		if s.Class == "" {
			w.artText(s.Text)
			continue
		}
		w.Raw(`<span class="` + s.Class + `">`)
		w.artText(s.Text)
		w.Raw("</span>")
	}
}

package ascii

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// contentsTitle is the title of a generated table of contents when the
// author's outline has none.
const contentsTitle = "Table of Contents"

// toc prints the book's table of contents in place of the author's
// outline: every heading, indented two spaces a level as the outline is,
// with a dot leader to its page. The pages are the previous pass's; on the
// first pass they are stand-ins of the same width, since the contents' own
// length, which moves every page after it, does not depend on them.
func (l *layouter) toc(f *flow, toc *ast.TOC) {
	title := contentsTitle
	if toc != nil && toc.Title != "" {
		title = toc.Title
	}
	f.marks = append(f.marks, mark{at: len(f.items), running: title})
	f.keepAll([]string{centre(title, TextWidth), centre(repeat("=", width(title)), TextWidth)}, true)
	f.space()
	for i, h := range l.contentsHeadings() {
		if h.Depth == 1 && i > 0 {
			f.space()
		}
		n, known := l.page(h)
		if l.measuring {
			f.line("", h.Depth == 1)
			continue
		}
		page := "00"
		if known {
			page = strconv.Itoa(n)
		}
		indent := blanks(2 * (h.Depth - 1))
		title := clip(h.Title, TextWidth-width(indent)-width(page)-5)
		dots := repeat(".", TextWidth-width(indent)-width(title)-width(page)-2)
		// A chapter keeps with its first section.
		f.line(indent+title+" "+dots+" "+page, h.Depth == 1)
	}
}

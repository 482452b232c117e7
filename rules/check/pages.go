package check

import (
	"strconv"

	"github.com/galleyhq/galley/parser"
)

// TOCPages warns (toc/page) where the author's outline gives a heading a
// page it is not on. pages maps each heading's ID to its page in a print
// book, the ASCII book's in galley check and build, since the outline is
// drawn in its frame. An entry marked TODO, or without a heading (which
// toc/orphan reports), is not compared. The warning points at the page
// number and expects the real one.
func TOCPages(doc *parser.Document, pages map[string]int) parser.DiagnosticList {
	toc := doc.TOC()
	if toc == nil {
		return nil
	}
	var diags parser.DiagnosticList
	for _, e := range toc.Entries {
		if e.Page == 0 || e.Heading == nil {
			continue
		}
		real, ok := pages[e.Heading.ID]
		if !ok || real == e.Page {
			continue
		}
		diags.Warnf(e.PagePos, "toc/page", `outline entry "`+e.Title+`" says page `+strconv.Itoa(e.Page)+
			`; the heading is on page `+strconv.Itoa(real)).Expected = strconv.Itoa(real)
	}
	return diags
}

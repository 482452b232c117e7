package check

import (
	"slices"
	"strconv"

	"github.com/galleyhq/galley/parser"
)

// TOCPages warns (toc/page) where the author's outline gives a heading a
// page it is not on. paginate lays out a print book and maps each heading's
// ID to its page: the ASCII book's in galley check and build, since the
// outline is drawn in its frame. It is called only when some entry has a
// page to compare, since laying out a long book is the costliest part of
// checking it. An entry marked TODO, or without a heading (which toc/orphan
// reports), is not compared. The warning points at the page number and
// expects the real one.
func TOCPages(doc *parser.Document, paginate func() map[string]int) parser.DiagnosticList {
	toc := doc.TOC()
	if toc == nil || !slices.ContainsFunc(toc.Entries, comparable) {
		return nil
	}
	pages := paginate()
	var diags parser.DiagnosticList
	for _, e := range toc.Entries {
		if !comparable(e) {
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

// comparable reports whether an outline entry has a page to compare: a
// number, not TODO, for a heading that exists.
func comparable(e *parser.TOCEntry) bool { return e.Page != 0 && e.Heading != nil }

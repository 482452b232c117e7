package check

import (
	"slices"
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// TOCPages warns (toc/page) where the author's outline gives a heading a
// page it is not on. paginate lays out a print book and maps each heading's
// ID to its page: the ASCII book's in galley check and build, since the
// outline is drawn in its frame. It is called only when some entry has a
// page to compare, since laying out a long book is the costliest part of
// checking it. An entry marked TODO, or without a heading (which toc/orphan
// reports), is not compared. The warning points at the page number and
// expects the real one.
//
// An outline whose pages mostly agree with the book's has a few gone
// stale, and each is worth pointing out. One whose pages mostly disagree
// was paginated for another layout than galley's (a draft's pages, front
// matter counted otherwise): a warning at each entry would bury the book's
// real ones, and would all be fixed at once by the same refresh, so it
// gets one (toc/pages) at the first page that differs. The contents galley
// prints give the real pages either way.
func TOCPages(doc *ast.Document, paginate func() map[string]int) ast.DiagnosticList {
	toc := doc.TOC()
	if toc == nil || !slices.ContainsFunc(toc.Entries, comparable) {
		return nil
	}
	pages := paginate()
	var compared int
	var stale []*ast.TOCEntry
	for _, e := range toc.Entries {
		if !comparable(e) {
			continue
		}
		real, ok := pages[e.Heading.ID]
		if !ok {
			continue
		}
		compared++
		if real != e.Page {
			stale = append(stale, e)
		}
	}
	var diags ast.DiagnosticList
	if 2*len(stale) > compared {
		first := stale[0]
		diags.Warnf(first.PagePos, "toc/pages", strconv.Itoa(len(stale))+" of the outline's "+strconv.Itoa(compared)+
			" page numbers differ from the ASCII book's pages, the first here (\""+first.Title+"\" is on page "+
			strconv.Itoa(pages[first.Heading.ID])+"): the outline follows another layout, and the contents galley prints give the real pages")
		return diags
	}
	for _, e := range stale {
		real := pages[e.Heading.ID]
		diags.Warnf(e.PagePos, "toc/page", `outline entry "`+e.Title+`" says page `+strconv.Itoa(e.Page)+
			`; the heading is on page `+strconv.Itoa(real)).Expected = strconv.Itoa(real)
	}
	return diags
}

// comparable reports whether an outline entry has a page to compare: a
// number, not TODO, for a heading that exists.
func comparable(e *ast.TOCEntry) bool { return e.Page != 0 && e.Heading != nil }

package paginate

import (
	"maps"

	"github.com/galleyhq/galley/parser/ast"
)

// Pagination is what a print book's layout found out about its pages: how
// many there are and where each heading fell. The table of contents, the
// "p. N" after a section reference and galley check's toc/page warnings are
// made from it.
type Pagination struct {
	// Pages is the number of pages, the cover included.
	Pages int
	// Headings maps each heading's ID to its page, counted from 1 at the
	// cover.
	Headings map[string]int
	// Warnings are what the layout could not do well, at the manuscript
	// lines that caused it, for a build to report as galley check does.
	Warnings ast.DiagnosticList
}

// Page returns the page of the heading with the given ID, 0 when the book
// has no such heading.
func (p *Pagination) Page(id string) int {
	if p == nil {
		return 0
	}
	return p.Headings[id]
}

// Same reports whether two paginations put every heading on the same page.
// A writer that prints page numbers in its text lays the book out again
// until it is, since the numbers' own widths can move a line.
func (p *Pagination) Same(q *Pagination) bool {
	return p != nil && q != nil && p.Pages == q.Pages && maps.Equal(p.Headings, q.Headings)
}

// MaxPasses bounds the layouts a writer runs to settle its page numbers.
// Two suffice unless a "p. 9" becoming "p. 10" pushes a line onto the next
// page; a book whose numbers never settle keeps those of the last pass.
const MaxPasses = 5

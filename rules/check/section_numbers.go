package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A numbered outline names its sections by number: "Section 3.4.2.1" in
// its prose, "3.7.8.1 Hunger" at the head of a table's row. The number
// must be a heading's, and a title written after it must be that
// heading's: a table of events whose numbers were not updated when the
// sections moved sends its reader to the wrong rules.

// resolveSectionNumber checks a reference by section number.
func (c *checker) resolveSectionNumber(ref *ast.Ref, targets *ast.Targets) {
	h := targets.Section(ref.Number)
	var titled *ast.Heading
	if ref.Title != "" && (h == nil || !ast.SameTitle(ref.Title, h.BareTitle())) {
		titled = targets.SectionTitled(ref.Title, ref.Number)
	}
	switch {
	case h == nil && titled != nil:
		c.errorAt(ref.Pos, "ref/unresolved", "the book has no section "+ref.Number+`; "`+ref.Title+`" is `+titled.Number, titled.Number)
	case h == nil:
		c.errorAt(ref.Pos, "ref/unresolved", "the book has no section "+ref.Number, "")
	case ref.Title != "" && !ast.SameTitle(ref.Title, h.BareTitle()):
		msg := "section " + ref.Number + " is " + h.BareTitle() + `, not "` + ref.Title + `"`
		expected := h.BareTitle()
		if titled != nil && titled.Number != "" {
			msg += ", which is " + titled.Number
			expected = titled.Number
		}
		c.errorAt(ref.Pos, "ref/title", msg, expected)
	}
}

// sectionsInCells checks the references by section number at the head of
// table cells, which the walk of the prose does not reach: the cells of a
// table are read for their references only when one of them starts with
// an outline's section number, so that a book's other tables cost
// nothing.
func (c *checker) sectionsInCells(targets *ast.Targets) {
	c.walkBlocks(func(b ast.Block) {
		t, ok := b.(*ast.Table)
		if !ok {
			return
		}
		for _, row := range t.Rows {
			for _, cell := range row {
				if !startsWithSectionNumber(cell.Text) {
					continue
				}
				for _, in := range cell.Inlines() {
					if ref, ok := in.(*ast.Ref); ok && ref.Number != "" {
						c.resolveSectionNumber(ref, targets)
					}
				}
			}
		}
	})
}

// startsWithSectionNumber reports whether s starts as an outline's section
// number does: four parts of digits at least, "3.7.8.1".
func startsWithSectionNumber(s string) bool {
	for part := 0; part < 4; part++ {
		digits := 0
		for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
			digits++
		}
		if digits == 0 {
			return false
		}
		s = s[digits:]
		if part < 3 {
			if !strings.HasPrefix(s, ".") {
				return false
			}
			s = s[1:]
		}
	}
	return true
}

package check

import (
	"slices"
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
	if ref.Title != "" && (h == nil || !sameTitle(ref.Title, h.BareTitle())) {
		titled = c.sectionTitled(ref.Title, ref.Number)
	}
	switch {
	case h == nil && titled != nil:
		c.errorAt(ref.Pos, "ref/unresolved", "the book has no section "+ref.Number+`; "`+ref.Title+`" is `+titled.Number, titled.Number)
	case h == nil:
		c.errorAt(ref.Pos, "ref/unresolved", "the book has no section "+ref.Number, "")
	case ref.Title != "" && !sameTitle(ref.Title, h.BareTitle()):
		msg := "section " + ref.Number + " is " + h.BareTitle() + `, not "` + ref.Title + `"`
		expected := h.BareTitle()
		if titled != nil && titled.Number != "" {
			msg += ", which is " + titled.Number
			expected = titled.Number
		}
		c.errorAt(ref.Pos, "ref/title", msg, expected)
	}
}

// sectionTitled returns the numbered heading a title written after a
// section number most likely means: of the headings whose titles it names
// (see sameTitle), the one whose number starts most as the written one
// does, the first of a tie. "3.7.8.4 Effects", in a table of the events
// of 3.7, means 3.7.9.1 Effects (Risk), not 2.6.8.0 Effects.
func (c *checker) sectionTitled(title, number string) *ast.Heading {
	if c.sections == nil {
		c.sections = []*ast.Heading{}
		for _, h := range c.doc.Headings() {
			if h.Number != "" {
				c.sections = append(c.sections, h)
			}
		}
	}
	var best *ast.Heading
	bestShared := -1
	for _, h := range c.sections {
		if !sameTitle(title, h.BareTitle()) {
			continue
		}
		if shared := sharedParts(number, h.Number); shared > bestShared {
			best, bestShared = h, shared
		}
	}
	return best
}

// sharedParts returns how many leading parts two section numbers share.
func sharedParts(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	return n
}

// sameTitle reports whether a title written after a section number names
// the heading's: the words of one are among the other's, so that "Room"
// names "Room (Reward)" and "Item (Known)" names "Known Item".
func sameTitle(written, heading string) bool {
	a, b := titleWords(written), titleWords(heading)
	if len(a) > len(b) {
		a, b = b, a
	}
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return true
}

func titleWords(title string) []string {
	return strings.FieldsFunc(ast.NormalizeTitle(title), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r > 0x7f)
	})
}

// sectionsInCells checks the references by section number at the head of
// table cells, which the walk of the prose does not reach: the cells of a
// table are read for their references only when one of them starts with
// an outline's section number, so that a book's other tables cost
// nothing.
func (c *checker) sectionsInCells(targets *ast.Targets) {
	ast.WalkBlocks(c.doc.Blocks, func(b ast.Block) {
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

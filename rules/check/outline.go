package check

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// outline warns where the author's toc outline and the headings drift
// apart: an entry no heading matches, a heading the outline lacks. The
// parser matched them (parser/outline.go); this reports what it could not.
// A book has one outline, the first, where its table of contents stands;
// the writers print nothing for any other, which is a warning too.
//
// Three things are not drift. An entry marked TODO with no heading is a
// section the author has planned and not written: her own note, so the
// outline's TODOs are one warning, not one each. An entry with no
// sub-entries says where the outline stops on that branch: the headings
// under its heading are not missing from it (a class's "Description" under
// an outline that lists the classes alone). And an entry misspelling a
// heading is one mistake, reported at the entry with the heading meant,
// not an orphan entry and a missing heading.
func (c *checker) outline() {
	toc := c.doc.TOC()
	c.walkBlocks(func(b ast.Block) {
		if other, ok := b.(*ast.TOC); ok && other != toc {
			c.diags.Warnf(other.Position(), "toc/extra", "the book's table of contents stands at its first outline; this one prints nothing")
		}
	})
	if toc == nil {
		return
	}
	headings := c.headings()
	unlisted := map[*ast.Heading]bool{}
	titled := map[string][]*ast.Heading{} // the unlisted headings by title, in book order
	var unlistedTitles []string
	for _, h := range headings {
		if h.Entry == nil {
			unlisted[h] = true
			titled[h.Title] = append(titled[h.Title], h)
			unlistedTitles = append(unlistedTitles, h.Title)
		}
	}
	lexicon := ast.NewLexicon(unlistedTitles)
	var todo []*ast.TOCEntry
	for _, e := range toc.Entries {
		if e.Heading != nil {
			continue
		}
		if h := misspelt(e, lexicon, titled, unlisted); h != nil {
			delete(unlisted, h)
			c.diags.Warnf(e.Pos, "toc/orphan", `outline entry "`+e.Title+`" has no heading; the heading at line `+
				strconv.Itoa(h.Line)+` is "`+h.Title+`"`).Expected = h.Title
			continue
		}
		if e.Page == 0 {
			todo = append(todo, e)
			continue
		}
		c.diags.Warnf(e.Pos, "toc/orphan", `outline entry "`+e.Title+`" has no heading`)
	}
	if len(todo) > 0 {
		msg := `outline entry "` + todo[0].Title + `" is marked TODO and has no heading yet`
		if len(todo) > 1 {
			msg = `outline entry "` + todo[0].Title + `" and ` + strconv.Itoa(len(todo)-1) +
				` more are marked TODO and have no heading yet`
		}
		c.diags.Warnf(todo[0].Pos, "toc/todo", msg+"; the book's contents list only the headings it has")
	}
	for _, h := range outlinedHeadings(headings, toc) {
		if unlisted[h] {
			c.diags.Warnf(h.Pos, "toc/missing", `heading "`+h.Title+`" is missing from the toc outline`)
		}
	}
}

// misspelt returns the unlisted heading an entry's title is a typo of, or
// nil: the first, in book order, with the title the lexicon of the unlisted
// headings' titles finds closest.
func misspelt(e *ast.TOCEntry, lexicon *ast.Lexicon, titled map[string][]*ast.Heading, unlisted map[*ast.Heading]bool) *ast.Heading {
	for _, h := range titled[lexicon.Closest(e.Title)] {
		if unlisted[h] {
			return h
		}
	}
	return nil
}

// outlinedHeadings returns the headings an outline is expected to list:
// those at its top level, and those under a heading whose entry has
// sub-entries. Under an entry without them, or under a heading the outline
// lacks (which is reported itself), the outline has stopped.
func outlinedHeadings(headings []*ast.Heading, toc *ast.TOC) []*ast.Heading {
	branches := map[*ast.TOCEntry]bool{}
	for i, e := range toc.Entries {
		if i+1 < len(toc.Entries) && toc.Entries[i+1].Depth > e.Depth {
			branches[e] = true
		}
	}
	var expected []*ast.Heading
	var open []*ast.Heading // the headings the next one may sit under, by depth
	for _, h := range headings {
		for len(open) > 0 && open[len(open)-1].Depth >= h.Depth {
			open = open[:len(open)-1]
		}
		if len(open) == 0 || branches[open[len(open)-1].Entry] {
			expected = append(expected, h)
		}
		open = append(open, h)
	}
	return expected
}

package check

import "github.com/galleyhq/galley/parser"

// outline warns where the author's toc outline and the headings drift
// apart: an entry no heading matches, a heading the outline lacks. The
// parser matched them (parser/outline.go); this reports what it could not.
// A book has one outline, the first, where its table of contents stands;
// the writers print nothing for any other, which is a warning too.
func (c *checker) outline() {
	toc := c.doc.TOC()
	parser.WalkBlocks(c.doc.Blocks, func(b parser.Block) {
		if other, ok := b.(*parser.TOC); ok && other != toc {
			c.diags.Warnf(other.Position(), "toc/extra", "the book's table of contents stands at its first outline; this one prints nothing")
		}
	})
	if toc == nil {
		return
	}
	for _, e := range toc.Entries {
		if e.Heading == nil {
			c.diags.Warnf(e.Pos, "toc/orphan", `outline entry "`+e.Title+`" has no heading`)
		}
	}
	for _, h := range c.doc.Headings() {
		if h.Entry == nil {
			c.diags.Warnf(h.Pos, "toc/missing", `heading "`+h.Title+`" is missing from the toc outline`)
		}
	}
}

package check

// outline warns where the author's toc outline and the headings drift
// apart: an entry no heading matches, a heading the outline lacks. The
// parser matched them (parser/outline.go); this reports what it could not.
func (c *checker) outline() {
	toc := c.doc.TOC()
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

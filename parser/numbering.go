package parser

// numberCaptions numbers the captions written "Table:" or "Figure:": each
// continues its label's sequence from the number before it, written or
// given. Written numbers are kept as they are; the checker reports gaps and
// repeats.
func numberCaptions(doc *Document) {
	last := map[string]int{}
	WalkBlocks(doc.Blocks, func(n Block) {
		var c *Caption
		switch n := n.(type) {
		case *Table:
			c = n.Caption
		case *Figure:
			c = n.Caption
		case *Image:
			c = n.Caption
		}
		if c != nil {
			if !c.Explicit {
				c.Number = last[c.Label] + 1
			}
			last[c.Label] = c.Number
		}
	})
}

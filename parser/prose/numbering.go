package prose

import "github.com/galleyhq/galley/parser/ast"

// numberCaptions numbers the captions written "Table:" or "Figure:": each
// continues its label's sequence from the number before it, written or
// given. Written numbers are kept as they are; the checker reports gaps and
// repeats.
func numberCaptions(doc *ast.Document) {
	last := map[string]int{}
	ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
		var c *ast.Caption
		switch n := n.(type) {
		case *ast.Table:
			c = n.Caption
		case *ast.Figure:
			c = n.Caption
		case *ast.Image:
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

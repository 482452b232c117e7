package check

import (
	"github.com/galleyhq/galley/parser/ast"
)

// Fill writes the engine's numbers into the cells of every generated table
// (generate=) that the author left empty or wrote "?" in, so that the site
// and both books print the filled table. It writes to the tree, so it runs
// once, after parsing and before anything reads the book: galley check,
// build and serve call it as they load the book. What it cannot fill stays
// as written, and Book reports why.
func Fill(doc *ast.Document) {
	ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
		t, ok := n.(*ast.Table)
		if !ok || t.Options["generate"] == "" {
			return
		}
		for _, gc := range generateTable(t, doc.Config.System).cells {
			if toFill(gc.cell) {
				gc.cell.Text = gc.format.format(gc.exact)
			}
		}
	})
}

package check

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// Fill writes the engine's numbers into the cells of every generated table
// (generate=) that the author left empty or wrote "?" in, and the words of
// every named roll in an odds table's Roll column into its cell's Words, so
// that the site and both books print the filled table and no reader meets
// engine syntax. It writes to the tree, so it runs once, after parsing and
// before anything reads the book: galley check, build and serve call it as
// they load the book. What it cannot fill stays as written, and Book
// reports why.
func Fill(doc *ast.Document) {
	ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
		t, ok := n.(*ast.Table)
		if !ok {
			return
		}
		if t.Options["generate"] != "" {
			for _, gc := range generateTable(t, doc.Config.System).cells {
				if toFill(gc.cell) {
					gc.cell.Text = gc.format.format(gc.exact)
				}
			}
			return
		}
		describeRolls(t, doc.Config.System)
	})
}

// describeRolls sets the Words of each named roll in the Roll column of an
// odds table, one the odds check binds by its header or check=odds names.
// Dice notation, and what the engine cannot read (which the check
// reports), stay as written.
func describeRolls(t *ast.Table, system string) {
	h := normalizeHeader(t.Header)
	check, named := t.Options["check"]
	if named && check != oddsCheck.name || !named && !oddsCheck.binds(h, nil) {
		return
	}
	col := h.index("roll")
	if col < 0 {
		return
	}
	for _, row := range t.Rows {
		if col < len(row) {
			row[col].Words = rules.Describe(row[col].Text, system)
		}
	}
}

package check

import (
	"strings"

	"github.com/galleyhq/galley/parser"
)

// generatedRows returns the rows of a book's generated tables, in order,
// each cell's text joined by " & ", for TestCases to compare with a case's
// "filled" section.
func generatedRows(doc *parser.Document) []string {
	var rows []string
	parser.WalkBlocks(doc.Blocks, func(n parser.Block) {
		table, ok := n.(*parser.Table)
		if !ok || table.Options["generate"] == "" {
			return
		}
		for _, row := range table.Rows {
			texts := make([]string, len(row))
			for i, cell := range row {
				texts[i] = cell.Text
			}
			rows = append(rows, strings.Join(texts, " & "))
		}
	})
	return rows
}

package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// generatedRows returns the rows of a book's generated tables, in order,
// each cell's text joined by " & ", for TestCases to compare with a case's
// "filled" section.
func generatedRows(doc *ast.Document) []string {
	var rows []string
	ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
		table, ok := n.(*ast.Table)
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

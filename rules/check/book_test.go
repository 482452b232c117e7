package check

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// checkBook checks doc as the pipeline does, its sheets read first: the
// result's diagnostics are the sheets' own and the checker's, in order.
func checkBook(doc *ast.Document) *Result {
	sheets, diags := sheet.OfBook(doc)
	result := Book(doc, sheets)
	result.Diagnostics = append(diags, result.Diagnostics...)
	result.Diagnostics.Sort(doc.Files)
	return result
}

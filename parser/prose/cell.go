package prose

import "github.com/galleyhq/galley/parser/ast"

// ParseCell parses a cell's text as prose, when a writer first asks for a
// cell's inlines (see ast.Cell.Inlines). The cells of a Markdown table are
// the markup's prose too.
func ParseCell(c *ast.Cell) []ast.Inline {
	if c.Text == "" {
		return nil
	}
	return appendInlines(nil, []Line{{Text: c.Text, File: &c.File, Num: int32(c.Line), Col: int32(c.Col)}}, nil)
}

// DefaultTableGap is the column gap of a table written without [GAP].
const DefaultTableGap = 4

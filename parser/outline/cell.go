package outline

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// parseCell reads a cell of an outline's table as prose. A cell that
// starts with a section number, "3.7.8.1 Hunger" in a table of events,
// names that section and its title: the number and the title are a
// reference to it, linked in every output and checked like the prose's.
func parseCell(c *ast.Cell) []ast.Inline {
	number, end, ok := readNumber(c.Text)
	if !ok {
		return prose.ParseCell(c)
	}
	ref := &ast.Ref{InlineNode: ast.InlineNode{Pos: c.Pos}, RefKind: ast.RefSection, Text: c.Text, Number: number.text,
		Title: strings.TrimSpace(c.Text[end:])}
	return []ast.Inline{ref}
}

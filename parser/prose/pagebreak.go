package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// pageBreak reads \newpage or \newpage[all].
func (p *Parser) pageBreak(l Line) ast.Block {
	b := &ast.PageBreak{BlockNode: ast.BlockNode{Pos: l.FirstTextPos()}}
	switch option, _ := strings.CutPrefix(l.Trimmed(), `\newpage`); option {
	case "":
	case "[all]":
		b.All = true
	default:
		p.Diags.Errorf(l.FirstTextPos(), "command/malformed", `expected \newpage or \newpage[all] alone on its line`)
	}
	return b
}

package parser

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

func (p *blockParser) pageBreak(l sourceLine) ast.Block {
	b := &ast.PageBreak{BlockNode: ast.BlockNode{Pos: l.firstTextPos()}}
	switch option, _ := strings.CutPrefix(l.trimmed(), `\newpage`); option {
	case "":
	case "[all]":
		b.All = true
	default:
		p.diags.Errorf(l.firstTextPos(), "command/malformed", `expected \newpage or \newpage[all] alone on its line`)
	}
	return b
}

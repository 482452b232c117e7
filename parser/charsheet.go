package parser

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

func (p *blockParser) charSheet(l sourceLine) ast.Block {
	t := l.trimmed()
	rest := strings.TrimPrefix(t, `\charsheet`)
	if !strings.HasPrefix(rest, "[") || !strings.HasSuffix(rest, "]") || len(rest) < 3 {
		p.diags.Errorf(l.firstTextPos(), "command/malformed", `expected \charsheet[CLASS] alone on its line`)
		return nil
	}
	return &ast.CharSheet{BlockNode: ast.BlockNode{Pos: l.firstTextPos()}, Class: strings.TrimSpace(rest[1 : len(rest)-1])}
}

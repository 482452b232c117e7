package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// charSheet reads \charsheet[CLASS], where a class's sheet is printed.
func (p *Parser) charSheet(l Line) ast.Block {
	t := l.Trimmed()
	rest := strings.TrimPrefix(t, `\charsheet`)
	if !strings.HasPrefix(rest, "[") || !strings.HasSuffix(rest, "]") || len(rest) < 3 {
		p.Diags.Errorf(l.FirstTextPos(), "command/malformed", `expected \charsheet[CLASS] alone on its line`)
		return nil
	}
	return &ast.CharSheet{BlockNode: ast.BlockNode{Pos: l.FirstTextPos()}, Class: strings.TrimSpace(rest[1 : len(rest)-1])}
}

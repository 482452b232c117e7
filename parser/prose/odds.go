package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// oddsChart reads \odds{EXPR}, a chart of a roll's odds.
func (p *Parser) oddsChart(l Line) ast.Block {
	t := l.Trimmed()
	rest := strings.TrimPrefix(t, `\odds`)
	if !strings.HasPrefix(rest, "{") || !strings.HasSuffix(rest, "}") || strings.TrimSpace(rest[1:len(rest)-1]) == "" {
		p.Diags.Errorf(l.FirstTextPos(), "command/malformed", `expected \odds{EXPR} alone on its line, as in \odds{2d12}`)
		return nil
	}
	inner := rest[1 : len(rest)-1]
	// The expression's offset in the line: the indent, "\odds{" and the
	// spaces before the expression.
	off := l.Indent() + len(`\odds{`) + len(inner) - len(strings.TrimLeft(inner, " \t"))
	return &ast.OddsChart{BlockNode: ast.BlockNode{Pos: l.FirstTextPos()}, Expr: strings.TrimSpace(inner), ExprPos: l.PosAt(off)}
}

package parser

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

func (p *blockParser) oddsChart(l sourceLine) ast.Block {
	t := l.trimmed()
	rest := strings.TrimPrefix(t, `\odds`)
	if !strings.HasPrefix(rest, "{") || !strings.HasSuffix(rest, "}") || strings.TrimSpace(rest[1:len(rest)-1]) == "" {
		p.diags.Errorf(l.firstTextPos(), "command/malformed", `expected \odds{EXPR} alone on its line, as in \odds{2d12}`)
		return nil
	}
	inner := rest[1 : len(rest)-1]
	// The expression's offset in the line: the indent, "\odds{" and the
	// spaces before the expression.
	off := l.indent() + len(`\odds{`) + len(inner) - len(strings.TrimLeft(inner, " \t"))
	return &ast.OddsChart{BlockNode: ast.BlockNode{Pos: l.firstTextPos()}, Expr: strings.TrimSpace(inner), ExprPos: l.posAt(off)}
}

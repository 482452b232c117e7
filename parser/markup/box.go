package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// box reads a \begin{box}[Title] environment: its title names its kind and
// number (see prose.ClassifyBox), and its lines are blocks.
func (p *blockParser) box(env *environment) *ast.Box {
	b := &ast.Box{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}, Title: strings.TrimSpace(env.arg), BoxKind: ast.BoxOther}
	prose.ClassifyBox(b, env.argPos())
	b.Blocks = p.segmentBlocks(env.children)
	return b
}

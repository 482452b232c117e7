package markup

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

func newCoverPage(env *environment) *ast.CoverPage {
	return &ast.CoverPage{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}, Lines: rawLines(env.content)}
}

// rawLines returns the text of lines exactly as written.
func rawLines(lines []prose.Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return out
}

package markup

import "github.com/galleyhq/galley/parser/ast"

func newVerbatim(env *environment) *ast.Verbatim {
	v := &ast.Verbatim{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}, Name: env.name, Lines: rawLines(env.content)}
	if len(env.content) > 0 {
		v.Start = env.content[0].Pos()
	}
	return v
}

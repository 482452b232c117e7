package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// newVerbatim returns the lines of \begin{nolayout}[LANGUAGE], or of an
// environment the markup does not know, as verbatim text. A nolayout's
// argument names the language of its text, for the writers that highlight
// code; an unknown environment's argument is not a language.
func newVerbatim(env *environment) *ast.Verbatim {
	v := &ast.Verbatim{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}, Name: env.name, Lines: rawLines(env.content)}
	if env.known {
		v.Language = strings.TrimSpace(env.arg)
	}
	if len(env.content) > 0 {
		v.Start = env.content[0].Pos()
	}
	return v
}

package markup

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// caption reads the caption paragraph that follows a table or a figure,
// allowing blank lines before it. It returns nil and from when the next
// paragraph is not a caption.
func (p *blockParser) caption(lines []prose.Line, from int, labels []string) (*ast.Caption, int) {
	i := from
	for i < len(lines) && lines[i].IsBlank() {
		i++
	}
	if i >= len(lines) || isHeadingAt(lines, i) {
		return nil, from
	}
	para, next := paragraphLines(lines, i, 0)
	c := p.Caption(para, labels)
	if c == nil {
		return nil, from
	}
	return c, next
}

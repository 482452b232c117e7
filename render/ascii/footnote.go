package ascii

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// footnoteRule is the rule of underscores over a run of footnotes, as the
// manuscript writes it.
const footnoteRule = "______"

// footnote prints a footnote where the manuscript has it, under the rule
// that opens a run of them: "¹ Strictly speaking, …", its lines hanging
// under the text.
func (l *layouter) footnote(f *flow, n *ast.Footnote, rule bool, columns int) {
	mark := paginate.Superscript(n.Number) + " "
	lines := l.wrap(l.text(n.Inlines), mark, repeat(" ", width(mark)), columns)
	if rule {
		lines = append([]string{footnoteRule}, lines...)
	}
	f.paragraph(lines)
}

package ascii

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// figure prints the art as drawn, the rule of "─" under it as wide as the
// art, and the caption; all of it on one page.
func (l *layouter) figure(f *flow, fig *ast.Figure, columns int) {
	lines := make([]string, 0, len(fig.Art)+3)
	widest := 0
	for _, a := range fig.Art {
		a = clip(strings.TrimRight(a, " "), columns)
		widest = max(widest, width(a))
		lines = append(lines, a)
	}
	if fig.Caption != nil {
		lines = append(lines, repeat("─", widest))
		lines = append(lines, wrap(l.caption(fig.Caption), "", "", columns)...)
	}
	f.keepAll(lines, false)
}

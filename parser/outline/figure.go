package outline

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// A figure is art kept as drawn: lines that draw (a sheet's box, a row of
// inventory slots), with a rule of "─" under them and their caption after
// it, "Figure 20: …", when they have one.

// figure reads the lines of art at the frame's line i into a figure.
func (r *reader) figure(frame []frameLine, i int) (*ast.Figure, int) {
	end := i + 1
	for end < len(frame) {
		switch classOf(frame[end].inner.Text) {
		case artLine, boxTopLine, boxSideLine, boxBottomLine:
			end++
			continue
		}
		break
	}
	return r.figureOf(frame, i, end)
}

// figureOf makes the figure of the frame's lines from start to end, and of
// the rule and the caption that may follow them, and returns the index
// after them.
func (r *reader) figureOf(frame []frameLine, start, end int) (*ast.Figure, int) {
	fig := &ast.Figure{BlockNode: ast.BlockNode{Pos: frame[start].inner.Pos()}, Art: make([]string, 0, end-start)}
	for _, f := range frame[start:end] {
		fig.Art = append(fig.Art, strings.TrimRight(f.inner.Text, " "))
	}
	if end < len(frame) && isRule(frame[end].inner.Text) {
		fig.Caption, end = r.caption(frame, end+1, prose.FigureCaptionLabels)
	}
	return fig, end
}

package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// isArtRune reports whether r is a box-drawing, block or geometric-shape
// character, the alphabet of the markup's art.
func isArtRune(r rune) bool { return r >= 0x2500 && r <= 0x25FF }

// isArtLine reports whether the first non-space character of l is art.
func isArtLine(l prose.Line) bool {
	for _, r := range l.Text {
		if r != ' ' && r != '\t' {
			return isArtRune(r)
		}
	}
	return false
}

// isRuleLine reports whether l is a rule of "─" alone.
func isRuleLine(l prose.Line) bool {
	t := l.Trimmed()
	return t != "" && strings.Trim(t, "─") == ""
}

func (p *blockParser) figure(lines []prose.Line, i int) (*ast.Figure, int) {
	start := i
	for i < len(lines) && isArtLine(lines[i]) {
		i++
	}
	art := lines[start:i]
	fig := &ast.Figure{BlockNode: ast.BlockNode{Pos: art[0].Pos()}}
	hasRule := len(art) > 1 && isRuleLine(art[len(art)-1])
	if hasRule {
		art = art[:len(art)-1]
	}
	for _, l := range art {
		fig.Art = append(fig.Art, l.Text)
	}
	if hasRule {
		fig.Caption, i = p.caption(lines, i, prose.FigureCaptionLabels)
	}
	return fig, i
}

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

// altUsage is how the markup writes art's alternate text, for its
// diagnostics.
const altUsage = `expected \alt{TEXT} alone on the line right above box-drawing art, as in \alt{A beetle seen from above}`

// altFigure reads \alt{TEXT} at lines[i] and the art under it, and returns
// the figure and the line after it; nil, after the \alt line, when the
// line is malformed or no art follows it.
func (p *blockParser) altFigure(lines []prose.Line, i int) (ast.Block, int) {
	l := lines[i]
	t := strings.TrimRight(l.Text, " \t")
	args, ok := braceArgs(t[l.Indent()+len(`\alt`):])
	if !ok || len(args) != 1 || strings.TrimSpace(args[0]) == "" || i+1 == len(lines) || !isArtLine(lines[i+1]) {
		p.Diags.Errorf(l.FirstTextPos(), "command/alt", altUsage)
		return nil, i + 1
	}
	return p.figure(lines, i+1, strings.TrimSpace(args[0]))
}

// figure reads art at lines[i], described by alt, and the rule and
// caption under it; art with neither alt nor caption is a warning, since a
// screen reader has nothing to say of it but that it is art.
func (p *blockParser) figure(lines []prose.Line, i int, alt string) (*ast.Figure, int) {
	start := i
	for i < len(lines) && isArtLine(lines[i]) {
		i++
	}
	art := lines[start:i]
	fig := &ast.Figure{BlockNode: ast.BlockNode{Pos: art[0].Pos()}, Alt: alt}
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
	if fig.Caption == nil && alt == "" {
		p.Diags.Warnf(art[0].FirstTextPos(), "a11y/alt", `art with neither a caption nor \alt{TEXT} on the line above it: a screen reader can only say "art" of it`)
	}
	return fig, i
}

package ascii

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// statBlock draws a stat block in a box's border under its title: its
// ratings as a grid of "Name value" cells between rules of "─", its
// attack boxes as run-in paragraphs (the art, drawn for the page, is too
// wide for the box), its features and special rules as the text has them.
func (l *layouter) statBlock(f *flow, s *ast.StatBlock, columns int) {
	inner := columns - 4
	flows := make([]*flow, 0, len(s.Blocks))
	for _, b := range s.Blocks {
		if g := l.statPart(b, inner); g != nil && len(g.items) > 0 {
			flows = append(flows, g)
		}
	}
	body := l.newFlow()
	body.addBlocks(flows)
	l.framed(f, s.Title, body, columns)
}

// statPart lays out one block of a stat block: ratings as a grid, a
// figure of attack boxes as run-in paragraphs, anything else as the text
// sets it.
func (l *layouter) statPart(b ast.Block, columns int) *flow {
	g := l.newFlow()
	if ratings, ok := ast.Ratings(b); ok {
		l.statRatings(g, b, ratings, columns)
		return g
	}
	if fig, ok := b.(*ast.Figure); ok {
		if attacks, ok := fig.Attacks(); ok {
			l.statAttacks(g, fig, attacks, columns)
			return g
		}
	}
	return l.block(b, false, columns)
}

// statGap is the room between two cells of a grid of ratings.
const statGap = 3

// statRatings draws ratings as a grid between two rules: as many cells
// abreast as fit every "Name value" on its line (at most four), or one a
// line, wrapped, when none do; a table's caption under it.
func (l *layouter) statRatings(f *flow, b ast.Block, ratings []*ast.StatRating, columns int) {
	texts := make([]string, len(ratings))
	widest := 0
	for i, r := range ratings {
		texts[i] = r.Name + " " + strings.TrimSpace(l.text(r.Value))
		widest = max(widest, width(texts[i]))
	}
	abreast := min(4, len(ratings), (columns+statGap)/(widest+statGap))
	lines := []string{repeat("─", columns)}
	if abreast <= 1 {
		for _, t := range texts {
			lines = append(lines, l.wrap(t, "", "  ", columns)...)
		}
	} else {
		cell := (columns - statGap*(abreast-1)) / abreast
		for start := 0; start < len(texts); start += abreast {
			var row strings.Builder
			for i, t := range texts[start:min(start+abreast, len(texts))] {
				if i > 0 {
					row.WriteString(blanks(statGap))
				}
				row.WriteString(t + blanks(cell-width(t)))
			}
			lines = append(lines, strings.TrimRight(row.String(), " "))
		}
	}
	lines = append(lines, repeat("─", columns))
	if t, ok := b.(*ast.Table); ok && t.Caption != nil {
		lines = append(lines, l.wrap(l.caption(t.Caption), "", "", columns)...)
	}
	f.keepAll(lines, false)
}

// statAttacks draws the attacks a figure's art boxes give as run-in
// paragraphs, then its caption.
func (l *layouter) statAttacks(f *flow, fig *ast.Figure, attacks []*ast.Paragraph, columns int) {
	var lines []string
	for i, p := range attacks {
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, l.wrap(l.text(p.Inlines), "", "", columns)...)
	}
	if fig.Caption != nil {
		lines = append(lines, l.wrap(l.caption(fig.Caption), "", "", columns)...)
	}
	f.keepAll(lines, false)
}

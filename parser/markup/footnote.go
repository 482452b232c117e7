package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// isFootnoteRule reports whether l is a rule of underscores.
func isFootnoteRule(l prose.Line) bool {
	t := l.Trimmed()
	return len(t) >= 3 && strings.Trim(t, "_") == ""
}

// startsFootnote reports whether the first non-blank line from lines[i]
// starts with a superscript number.
func startsFootnote(lines []prose.Line, i int) bool {
	for i < len(lines) && lines[i].IsBlank() {
		i++
	}
	if i >= len(lines) {
		return false
	}
	_, n := prose.SuperscriptNumber(lines[i].Text[lines[i].Indent():])
	return n > 0
}

// footnotes reads the footnotes after a rule, from lines[i], and appends
// them to out.
func (p *blockParser) footnotes(out []ast.Block, lines []prose.Line, i int) ([]ast.Block, int) {
	for startsFootnote(lines, i) {
		for lines[i].IsBlank() {
			i++
		}
		var para []prose.Line
		para, i = paragraphLines(lines, i, 0)
		first := para[0].Dedent(para[0].Indent())
		number, length := prose.SuperscriptNumber(first.Text)
		rest := first
		rest.Text = strings.TrimLeft(first.Text[length:], " ")
		rest.Col = int32(first.PosAt(len(first.Text) - len(rest.Text)).Col)
		note := &ast.Footnote{BlockNode: ast.BlockNode{Pos: first.Pos()}, Number: number}
		p.Prose.Add(rest, para, &note.Inlines)
		out = append(out, note)
	}
	return out, i
}

package parser

import (
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// superscriptDigit returns the value of a superscript digit, or -1.
func superscriptDigit(r rune) int {
	switch r {
	case '¹':
		return 1
	case '²':
		return 2
	case '³':
		return 3
	case '⁰':
		return 0
	}
	if r >= '⁴' && r <= '⁹' {
		return int(r-'⁴') + 4
	}
	return -1
}

// superscriptNumber reads the superscript number at the start of s and
// returns it with its length in bytes (0 when s does not start with one).
func superscriptNumber(s string) (number, length int) {
	for length < len(s) && length < 24 {
		r, size := utf8.DecodeRuneInString(s[length:])
		d := superscriptDigit(r)
		if d < 0 {
			break
		}
		number = number*10 + d
		length += size
	}
	return number, length
}

// isFootnoteRule reports whether l is a rule of underscores.
func isFootnoteRule(l Line) bool {
	t := l.Trimmed()
	return len(t) >= 3 && strings.Trim(t, "_") == ""
}

// startsFootnote reports whether the first non-blank line from lines[i]
// starts with a superscript number.
func startsFootnote(lines []Line, i int) bool {
	for i < len(lines) && lines[i].IsBlank() {
		i++
	}
	if i >= len(lines) {
		return false
	}
	_, n := superscriptNumber(lines[i].Text[lines[i].Indent():])
	return n > 0
}

// footnotes reads the footnotes after a rule, from lines[i], and appends
// them to out.
func (p *blockParser) footnotes(out []ast.Block, lines []Line, i int) ([]ast.Block, int) {
	for startsFootnote(lines, i) {
		for lines[i].IsBlank() {
			i++
		}
		var para []Line
		para, i = paragraphLines(lines, i, 0)
		first := para[0].Dedent(para[0].Indent())
		number, length := superscriptNumber(first.Text)
		rest := first
		rest.Text = strings.TrimLeft(first.Text[length:], " ")
		rest.Col = int32(first.PosAt(len(first.Text) - len(rest.Text)).Col)
		note := &ast.Footnote{BlockNode: ast.BlockNode{Pos: first.Pos()}, Number: number}
		p.Prose.Add(rest, para, &note.Inlines)
		out = append(out, note)
	}
	return out, i
}

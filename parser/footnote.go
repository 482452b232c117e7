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
func isFootnoteRule(l sourceLine) bool {
	t := l.trimmed()
	return len(t) >= 3 && strings.Trim(t, "_") == ""
}

// startsFootnote reports whether the first non-blank line from lines[i]
// starts with a superscript number.
func startsFootnote(lines []sourceLine, i int) bool {
	for i < len(lines) && lines[i].isBlank() {
		i++
	}
	if i >= len(lines) {
		return false
	}
	_, n := superscriptNumber(lines[i].text[lines[i].indent():])
	return n > 0
}

// footnotes reads the footnotes after a rule, from lines[i], and appends
// them to out.
func (p *blockParser) footnotes(out []ast.Block, lines []sourceLine, i int) ([]ast.Block, int) {
	for startsFootnote(lines, i) {
		for lines[i].isBlank() {
			i++
		}
		var para []sourceLine
		para, i = paragraphLines(lines, i, 0)
		first := para[0].dedent(para[0].indent())
		number, length := superscriptNumber(first.text)
		rest := first
		rest.text = strings.TrimLeft(first.text[length:], " ")
		rest.col = int32(first.posAt(len(first.text) - len(rest.text)).Col)
		note := &ast.Footnote{BlockNode: ast.BlockNode{Pos: first.pos()}, Number: number}
		p.prose.add(rest, para, &note.Inlines)
		out = append(out, note)
	}
	return out, i
}

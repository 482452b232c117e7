package outline

import (
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/prose"
)

// The outline's lines are read as they are written: a tab counts as one
// column, as every other character does, and a line's indent (its leading
// tabs and spaces) says nothing of where it sits in the book. Only lists
// read it, and only against their own items' indent.

// frameBar is the rule that draws a frame's sides.
const frameBar = "║"

// isBlank reports whether s holds nothing but tabs and spaces.
func isBlank(s string) bool { return strings.Trim(s, " \t") == "" }

// indentOf returns the length in bytes of the leading tabs and spaces of s.
func indentOf(s string) int {
	n := 0
	for n < len(s) && (s[n] == ' ' || s[n] == '\t') {
		n++
	}
	return n
}

// isFramed reports whether a line is a framed line: its first character
// after the indent draws a frame's side.
func isFramed(l prose.Line) bool {
	return strings.HasPrefix(l.Text[indentOf(l.Text):], frameBar)
}

// cut drops the first n bytes of l's text, keeping its column right
// whatever characters they are.
func cut(l prose.Line, n int) prose.Line {
	l.Col += int32(utf8.RuneCountInString(l.Text[:n]))
	l.Text = l.Text[n:]
	return l
}

// trimLine drops l's leading and trailing tabs and spaces.
func trimLine(l prose.Line) prose.Line {
	l = cut(l, indentOf(l.Text))
	l.Text = strings.TrimRight(l.Text, " \t")
	return l
}

// isArtRune reports whether r draws: a box-drawing character, or a field's
// radio button or tick box.
func isArtRune(r rune) bool { return r >= 0x2500 && r <= 0x257F || r == '○' || r == '□' }

// hasArt reports whether s holds a character that draws.
func hasArt(s string) bool { return strings.ContainsFunc(s, isArtRune) }

// isRule reports whether s, trimmed, is a rule of "─", in one piece or in
// several side by side ("──────  ──────" under two tables' halves).
func isRule(s string) bool {
	s = strings.Trim(s, " \t")
	return s != "" && strings.Trim(s, "─ ") == "" && strings.HasPrefix(s, "─")
}

// isUnderline reports whether s, trimmed, is a row of at least three "-",
// which underlines a heading in a frame.
func isUnderline(s string) bool {
	s = strings.Trim(s, " \t")
	return len(s) >= 3 && strings.Trim(s, "-") == ""
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digitsAt returns the number of ASCII digits at the start of s.
func digitsAt(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}

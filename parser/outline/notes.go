package outline

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/prose"
)

// An outline's author leaves notes to self in the text: a line in
// capitals ("INSERT FIGURE HERE"), a heading marked (TBD) or ending in a
// question, a word in capitals where a reference is to go ("Refer to
// SECTION for the rules"), empty parentheses where one was to be filled
// in. They stay in the text, as written, and galley check lists them as
// notes: the author's to-do list.

// placeholders are the words in capitals that stand for a reference or a
// number still to be written.
var placeholders = map[string]bool{
	"SECTION": true, "SECTIONS": true, "TABLE": true, "TABLES": true,
	"FIGURE": true, "FIGURES": true, "NUMBER": true, "NUMBERS": true,
}

// notes lists the notes of the file's lines: the lines in capitals, the
// placeholders and the empty parentheses. (A heading's marks are noted as
// it is read.)
func (r *reader) notes(lines []prose.Line) {
	for _, l := range lines {
		if isFramed(l) {
			l = newFrameLine(l).inner
			if class := classOf(l.Text); class == headingLine || class == tocLine {
				continue
			}
		} else if _, _, heading := readHeadingLine(l); heading {
			continue
		}
		if l = trimLine(l); l.Text == "" {
			continue
		}
		if isNoteLine(l.Text) {
			r.p.Diags.Notef(l.Pos(), "note/todo", "a note in capitals: "+l.Text)
			continue
		}
		r.placeholders(l)
	}
}

// isNoteLine reports whether s is a note to self in capitals: at least two
// words and six letters, all of them capitals.
func isNoteLine(s string) bool {
	letters := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			if !unicode.IsUpper(c) {
				return false
			}
			letters++
		}
	}
	return letters >= 6 && len(strings.Fields(s)) >= 2
}

// placeholders notes each placeholder word and each pair of empty
// parentheses in l.
func (r *reader) placeholders(l prose.Line) {
	s := l.Text
	col := int(l.Col)
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == '(' && strings.HasPrefix(s[i:], "()"):
			pos := l.Pos()
			pos.Col = col
			r.p.Diags.Notef(pos, "note/placeholder", "empty parentheses: a reference still to be written?")
		case c >= 'A' && c <= 'Z' && (i == 0 || !isWordByte(s[i-1])):
			end := i
			for end < len(s) && isWordByte(s[end]) {
				end++
			}
			if word := s[i:end]; placeholders[word] {
				pos := l.Pos()
				pos.Col = col
				r.p.Diags.Notef(pos, "note/placeholder", `"`+word+`" stands for a reference still to be written`)
			}
			col += end - i
			i = end
			continue
		}
		col++
		i += size
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_'
}

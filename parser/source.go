package parser

import (
	"strings"
	"unicode/utf8"
)

// sourceLine is one line of the manuscript as the block parser sees it: the
// text without its line ending, and where it came from. Containers that strip
// indentation (list items) hand their children lines whose text starts
// further right; col records the column of text's first character so that
// positions still point into the file.
type sourceLine struct {
	text string
	file string
	num  int // 1-based line number
	col  int // 1-based column of text[0]
}

func (l sourceLine) pos() Pos { return Pos{File: l.file, Line: l.num, Col: l.col} }

// posAt returns the position of the byte at offset off in l.text.
func (l sourceLine) posAt(off int) Pos {
	return Pos{File: l.file, Line: l.num, Col: l.col + utf8.RuneCountInString(l.text[:off])}
}

// trimmed returns the text without surrounding white space.
func (l sourceLine) trimmed() string { return strings.TrimSpace(l.text) }

// isBlank reports whether the line has nothing but white space.
func (l sourceLine) isBlank() bool { return strings.TrimSpace(l.text) == "" }

// indent returns the number of leading spaces and tabs (each counts one).
func (l sourceLine) indent() int {
	n := 0
	for n < len(l.text) && (l.text[n] == ' ' || l.text[n] == '\t') {
		n++
	}
	return n
}

// firstTextPos returns the position of the first non-space character.
func (l sourceLine) firstTextPos() Pos { return l.posAt(l.indent()) }

// dedent drops up to n leading spaces.
func (l sourceLine) dedent(n int) sourceLine {
	return l.cut(min(n, l.indent()))
}

// cut drops the first n bytes, which the caller knows are ASCII (spaces, a
// list marker, a caption's label).
func (l sourceLine) cut(n int) sourceLine {
	l.text = l.text[n:]
	l.col += n
	return l
}

// splitSource turns a file into lines, reporting invalid UTF-8 and dropping
// comments. Each invalid byte becomes U+FFFD, so that it still counts as one
// column and the rest of the line keeps its columns. Block comments run from a
// line that is "/*" alone to a line that is "*/" alone; a line starting with
// "%" is a line comment. Both vanish without a trace, as in LaTeX: they do not
// even end a paragraph.
func splitSource(file string, src []byte, diags *DiagnosticList) (all, kept []sourceLine) {
	text := string(src)
	text = strings.TrimPrefix(text, "\uFEFF")
	lines := make([]sourceLine, 0, strings.Count(text, "\n")+1)
	for i := 0; text != ""; i++ {
		s, rest, _ := strings.Cut(text, "\n")
		text = rest
		s = strings.TrimSuffix(s, "\r")
		if !utf8.ValidString(s) {
			bad := firstInvalidByte(s)
			diags.Errorf(Pos{File: file, Line: i + 1, Col: 1 + utf8.RuneCountInString(s[:bad])},
				"utf8/invalid", "invalid UTF-8: byte 0x"+hexByte(s[bad])+" is not part of a valid character")
			s = replaceInvalidBytes(s)
		}
		lines = append(lines, sourceLine{text: s, file: file, num: i + 1, col: 1})
	}
	return lines, dropComments(lines, diags)
}

func firstInvalidByte(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(s)
}

// replaceInvalidBytes replaces every invalid byte, one for one, with U+FFFD.
func replaceInvalidBytes(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func hexByte(b byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// dropComments removes block and line comments. A "/*" with no "*/" after it
// is an error at the "/*"; the line is dropped and what follows is parsed as
// if the comment had never been opened, so its constructs are not lost.
func dropComments(lines []sourceLine, diags *DiagnosticList) []sourceLine {
	lastClose, comments := -1, false
	for i, l := range lines {
		t := l.trimmed()
		if t == "*/" {
			lastClose = i
		}
		comments = comments || t == "/*" || strings.HasPrefix(l.text, "%")
	}
	if !comments {
		return lines
	}
	kept := make([]sourceLine, 0, len(lines))
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l.text, "%"):
			continue
		case l.trimmed() == "/*":
			if i > lastClose {
				diags.Errorf(l.firstTextPos(), "comment/unclosed", `"/*" is never closed: add a line "*/" where the comment ends`)
				continue
			}
			for i++; lines[i].trimmed() != "*/"; i++ {
			}
			continue
		}
		kept = append(kept, l)
	}
	return kept
}

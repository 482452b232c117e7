package parser

import (
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// sourceLine is one line of the manuscript as the block parser sees it: the
// text without its line ending, and where it came from. Containers that strip
// indentation (list items) hand their children lines whose text starts
// further right; col records the column of text's first character so that
// positions still point into the file.
//
// Every line of a book is one of these, and blocks keep slices of them, so
// the struct is kept small: the lines of a file share its name, and line
// and column fit in 32 bits (a manuscript is far from 2 GB).
type sourceLine struct {
	text string
	file *string
	num  int32 // 1-based line number
	col  int32 // 1-based column of text[0]
}

func (l sourceLine) pos() ast.Pos { return ast.Pos{File: *l.file, Line: int(l.num), Col: int(l.col)} }

// posAt returns the position of the byte at offset off in l.text.
func (l sourceLine) posAt(off int) ast.Pos {
	p := l.pos()
	p.Col += utf8.RuneCountInString(l.text[:off])
	return p
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
func (l sourceLine) firstTextPos() ast.Pos { return l.posAt(l.indent()) }

// dedent drops up to n leading spaces.
func (l sourceLine) dedent(n int) sourceLine {
	return l.cut(min(n, l.indent()))
}

// cut drops the first n bytes, which the caller knows are ASCII (spaces, a
// list marker, a caption's label).
func (l sourceLine) cut(n int) sourceLine {
	l.text = l.text[n:]
	l.col += int32(n)
	return l
}

// sourceFile is a manuscript file as read, kept for diagnostics that quote
// the line they point at. It holds where each line ends rather than the
// lines themselves: a book has hundreds of thousands of lines, and offsets
// cost the garbage collector nothing to keep.
type sourceFile struct {
	text  string // the file without its byte-order mark
	ends  []int  // ends[i] is where line i (from 0) ends in text, before its "\n"
	valid bool   // whether text is valid UTF-8
}

// sources are a book's files as read, by name: the document's Source.
type sources map[string]*sourceFile

// Line returns line n (from 1) of file as written, with invalid UTF-8
// replaced, or "" when there is no such line.
func (s sources) Line(file string, n int) string {
	f := s[file]
	if f == nil || n < 1 || n > len(f.ends) {
		return ""
	}
	return f.line(n - 1)
}

// line returns line i (from 0) without its line ending. Each invalid byte
// becomes U+FFFD, so that it still counts as one column and the rest of the
// line keeps its columns.
func (f *sourceFile) line(i int) string {
	start := 0
	if i > 0 {
		start = f.ends[i-1] + 1
	}
	s := strings.TrimSuffix(f.text[start:f.ends[i]], "\r")
	if !f.valid && !utf8.ValidString(s) {
		s = replaceInvalidBytes(s)
	}
	return s
}

// readSourceFile finds a file's lines, reporting invalid UTF-8 and control
// characters, and returns the last line that closes a block comment, or -1:
// the markup's line pass reads the lines outside comments (see
// dropComments), the Markdown reader every line.
func readSourceFile(file, text string, diags *ast.DiagnosticList) (*sourceFile, int) {
	text = strings.TrimPrefix(text, "\uFEFF")
	f := &sourceFile{
		text: text,
		ends: make([]int, 0, strings.Count(text, "\n")+1),
		// Lines are checked one by one only in a file with something to
		// find: checking the whole file at once costs far less.
		valid: utf8.ValidString(text),
	}
	// As with invalid UTF-8, lines are searched for control characters
	// only in a file that has one.
	controls := hasControl(text)
	lastClose := -1 // the last line that closes a block comment
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		f.ends = append(f.ends, end)
		s := strings.TrimSuffix(text[start:end], "\r")
		if !f.valid && !utf8.ValidString(s) {
			bad := firstInvalidByte(s)
			diags.Errorf(ast.Pos{File: file, Line: len(f.ends), Col: 1 + utf8.RuneCountInString(s[:bad])},
				"utf8/invalid", "invalid UTF-8: byte 0x"+hexByte(s[bad])+" is not part of a valid character")
		}
		if controls {
			warnControl(file, len(f.ends), s, diags)
		}
		if strings.TrimSpace(s) == "*/" {
			lastClose = len(f.ends) - 1
		}
		start = end + 1
	}
	if !f.valid {
		// Every reader reads the text as the diagnostics quote it, each
		// invalid byte a U+FFFD, so that no writer meets a byte that is
		// no character (fpdf panics on one). A byte becomes one rune, so
		// the columns stay as reported.
		f.text = replaceInvalidBytes(text)
		f.ends = f.ends[:0]
		for i := 0; i < len(f.text); i++ {
			if f.text[i] == '\n' {
				f.ends = append(f.ends, i)
			}
		}
		if len(f.text) > 0 && f.text[len(f.text)-1] != '\n' {
			f.ends = append(f.ends, len(f.text))
		}
		f.valid = true
	}
	return f, lastClose
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

// dropComments returns the lines of the file without its comments; the
// last "*/" is on line lastClose, or there is none when it is -1. Block
// comments run from a line that is "/*" alone to a line that is "*/" alone;
// a line starting with "%" is a line comment. Both vanish without a trace,
// as in LaTeX: they do not even end a paragraph. A "/*" with no "*/" after
// it is an error at the "/*"; the line is dropped and what follows is parsed
// as if the comment had never been opened, so its constructs are not lost.
func (f *sourceFile) dropComments(file string, lastClose int, diags *ast.DiagnosticList) []sourceLine {
	kept := make([]sourceLine, 0, len(f.ends))
	for i := 0; i < len(f.ends); i++ {
		l := sourceLine{text: f.line(i), file: &file, num: int32(i + 1), col: 1}
		switch {
		case strings.HasPrefix(l.text, "%"):
			continue
		case l.trimmed() == "/*":
			if i > lastClose {
				diags.Errorf(l.firstTextPos(), "comment/unclosed", `"/*" is never closed: add a line "*/" where the comment ends`)
				continue
			}
			for i++; strings.TrimSpace(f.line(i)) != "*/"; i++ {
			}
			continue
		}
		kept = append(kept, l)
	}
	return kept
}

package prose

import (
	"github.com/galleyhq/galley/internal/parallel"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// Line is one line of the manuscript as the block parser sees it: the
// text without its line ending, and where it came from. Containers that strip
// indentation (list items) hand their children lines whose text starts
// further right; col records the column of text's first character so that
// positions still point into the file.
//
// Every line of a book is one of these, and blocks keep slices of them, so
// the struct is kept small: the lines of a file share its name, and line
// and column fit in 32 bits (a manuscript is far from 2 GB).
type Line struct {
	Text string
	File *string
	Num  int32 // 1-based line number
	Col  int32 // 1-based column of text[0]
}

func (l Line) Pos() ast.Pos { return ast.Pos{File: *l.File, Line: int(l.Num), Col: int(l.Col)} }

// PosAt returns the position of the byte at offset off in l.text.
func (l Line) PosAt(off int) ast.Pos {
	p := l.Pos()
	p.Col += utf8.RuneCountInString(l.Text[:off])
	return p
}

// Trimmed returns the text without surrounding white space.
func (l Line) Trimmed() string { return strings.TrimSpace(l.Text) }

// IsBlank reports whether the line has nothing but white space.
func (l Line) IsBlank() bool { return strings.TrimSpace(l.Text) == "" }

// Indent returns the number of leading spaces and tabs (each counts one).
func (l Line) Indent() int {
	n := 0
	for n < len(l.Text) && (l.Text[n] == ' ' || l.Text[n] == '\t') {
		n++
	}
	return n
}

// FirstTextPos returns the position of the first non-space character.
func (l Line) FirstTextPos() ast.Pos { return l.PosAt(l.Indent()) }

// Dedent drops up to n leading spaces.
func (l Line) Dedent(n int) Line {
	return l.Cut(min(n, l.Indent()))
}

// Cut drops the first n bytes, which the caller knows are ASCII (spaces, a
// list marker, a caption's label).
func (l Line) Cut(n int) Line {
	l.Text = l.Text[n:]
	l.Col += int32(n)
	return l
}

// File is a manuscript file as read, kept for diagnostics that quote
// the line they point at. It holds where each line ends rather than the
// lines themselves: a book has hundreds of thousands of lines, and offsets
// cost the garbage collector nothing to keep.
type File struct {
	Text  string // the file without its byte-order mark
	Ends  []int  // ends[i] is where line i (from 0) ends in text, before its "\n"
	Valid bool   // whether text is valid UTF-8
}

// Sources are a book's files as read, by name: the document's Source.
type Sources map[string]*File

// Line returns line n (from 1) of file as written, with invalid UTF-8
// replaced, or "" when there is no such line.
func (s Sources) Line(file string, n int) string {
	f := s[file]
	if f == nil || n < 1 || n > len(f.Ends) {
		return ""
	}
	return f.Line(n - 1)
}

// Line returns Line i (from 0) without its Line ending. Each invalid byte
// becomes U+FFFD, so that it still counts as one column and the rest of the
// Line keeps its columns.
func (f *File) Line(i int) string {
	s := f.rawLine(i)
	if !f.Valid && !utf8.ValidString(s) {
		s = replaceInvalidBytes(s)
	}
	return s
}

// rawLine returns line i (from 0) as the file holds it, without its line
// ending.
func (f *File) rawLine(i int) string {
	start := 0
	if i > 0 {
		start = f.Ends[i-1] + 1
	}
	return strings.TrimSuffix(f.Text[start:f.Ends[i]], "\r")
}

// ReadFile finds a file's lines, reporting invalid UTF-8 and control
// characters.
func ReadFile(file, text string, diags *ast.DiagnosticList) *File {
	text = strings.TrimPrefix(text, "\uFEFF")
	// The whole file is checked for invalid UTF-8 and control characters
	// while its lines are found, on another core: the three passes are a
	// long book's reading's longest stretch on one core. Lines are checked
	// one by one only in a file with something to find.
	type found struct{ valid, controls bool }
	checked := parallel.Go(func() found { return found{utf8.ValidString(text), hasControl(text)} })
	f := &File{Text: text, Ends: make([]int, 0, strings.Count(text, "\n")+1)}
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		f.Ends = append(f.Ends, end)
		start = end + 1
	}
	check := checked()
	f.Valid = check.valid
	if !check.valid || check.controls {
		for i := range f.Ends {
			s := f.rawLine(i)
			if !f.Valid && !utf8.ValidString(s) {
				bad := firstInvalidByte(s)
				diags.Errorf(ast.Pos{File: file, Line: i + 1, Col: 1 + utf8.RuneCountInString(s[:bad])},
					"utf8/invalid", "invalid UTF-8: byte 0x"+hexByte(s[bad])+" is not part of a valid character")
			}
			if check.controls {
				warnControl(file, i+1, s, diags)
			}
		}
	}
	if !f.Valid {
		// Every reader reads the text as the diagnostics quote it, each
		// invalid byte a U+FFFD, so that no writer meets a byte that is
		// no character (fpdf panics on one). A byte becomes one rune, so
		// the columns stay as reported.
		f.Text = replaceInvalidBytes(text)
		f.Ends = f.Ends[:0]
		for i := 0; i < len(f.Text); i++ {
			if f.Text[i] == '\n' {
				f.Ends = append(f.Ends, i)
			}
		}
		if len(f.Text) > 0 && f.Text[len(f.Text)-1] != '\n' {
			f.Ends = append(f.Ends, len(f.Text))
		}
		f.Valid = true
	}
	return f
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

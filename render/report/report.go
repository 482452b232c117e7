// Package report writes diagnostics for people and for machines: as compiler
// messages with the source line and a caret, as JSON, and as GitHub Actions
// annotations.
package report

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/lexer"
)

// Source gives the text of a manuscript line, to quote it under its
// diagnostic. *ast.Document is one.
type Source interface {
	SourceLine(file string, line int) string
}

// Text writes each diagnostic as `file:line:col: severity: message [code]`
// (a message names the expected value itself, so it is not repeated),
// then the source line and a caret under the column. With color, the line is
// coloured by the markup's lexer and the severity is coloured too; callers
// turn it on only for terminals without NO_COLOR.
//
// A line longer than quoteWidth is quoted only around the column, so that
// the report grows with the diagnostics and not with their lines: a
// paragraph written as one long line can hold thousands of them.
func Text(w io.Writer, diags ast.DiagnosticList, src Source, color bool) error {
	bw := bufio.NewWriter(w)
	var at cursor
	for _, d := range diags {
		bw.WriteString(EscapeControls(d.Pos.String()))
		bw.WriteString(": ")
		bw.WriteString(severityLabel(d.Severity, color))
		bw.WriteString(": ")
		bw.WriteString(EscapeControls(d.Message))
		if d.Code != "" {
			bw.WriteString(" [" + d.Code + "]")
		}
		bw.WriteByte('\n')
		quote, col := at.excerpt(src, d.Pos)
		if strings.TrimSpace(quote) != "" {
			bw.WriteString("    ")
			bw.WriteString(highlight(quote, color))
			bw.WriteString("\n    ")
			bw.WriteString(strings.Repeat(" ", max(col-1, 0)))
			bw.WriteString(caret(color))
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// quoteWidth is how many characters of a source line a diagnostic quotes
// at most.
const quoteWidth = 100

// cursor remembers where the last diagnostic's column was in its line, in
// bytes, so that the next on the same line, which comes later in it since
// diagnostics are sorted, finds its column from there and not from the
// line's start.
type cursor struct {
	file       string
	line, col  int
	byteOffset int
}

// excerpt returns the part of pos's line to quote, tabs shown as spaces,
// and pos's column within it.
func (c *cursor) excerpt(src Source, pos ast.Pos) (string, int) {
	line := src.SourceLine(pos.File, pos.Line)
	if c.file != pos.File || c.line != pos.Line || c.col > pos.Col {
		*c = cursor{file: pos.File, line: pos.Line, col: 1}
	}
	for c.col < pos.Col && c.byteOffset < len(line) {
		_, size := utf8.DecodeRuneInString(line[c.byteOffset:])
		c.byteOffset += size
		c.col++
	}
	// Half the width after the column, the rest before it, and what the
	// start of the line leaves over after it again.
	start, end := c.byteOffset, c.byteOffset
	before, after := 0, 0
	forward := func(limit int) {
		for ; before+after < limit && end < len(line); after++ {
			_, size := utf8.DecodeRuneInString(line[end:])
			end += size
		}
	}
	forward(quoteWidth / 2)
	for ; before+after < quoteWidth && start > 0; before++ {
		_, size := utf8.DecodeLastRuneInString(line[:start])
		start -= size
	}
	forward(quoteWidth)
	col := before + 1 + pos.Col - c.col
	quote := line[start:end]
	if start > 0 {
		quote = "…" + quote
		col++
	}
	if end < len(line) {
		quote += "…"
	}
	// An escaped control character takes several columns; the caret moves
	// right by what those before it take.
	col = 1 + escapedWidth(quote, col)
	return EscapeControls(strings.ReplaceAll(quote, "\t", " ")), col
}

// EscapeControls returns s with every control character written as Go
// escapes it (\x1b, \u0085), so that text from a manuscript printed to a
// terminal cannot drive it.
func EscapeControls(s string) string {
	if !strings.ContainsFunc(s, ast.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if ast.IsControl(r) {
			b.WriteString(ast.ControlName(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// escapedWidth returns how many columns the first n-1 characters of s take
// once their control characters are escaped.
func escapedWidth(s string, n int) int {
	width, i := 0, 1
	for _, r := range s {
		if i >= n {
			break
		}
		if ast.IsControl(r) {
			width += len(ast.ControlName(r))
		} else {
			width++
		}
		i++
	}
	return width
}

const (
	ansiReset  = "\x1b[0m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiGreen  = "\x1b[1;32m"
	ansiCyan   = "\x1b[1;36m"
)

func severityLabel(s ast.Severity, color bool) string {
	if !color {
		return s.String()
	}
	switch s {
	case ast.SeverityWarning:
		return ansiYellow + s.String() + ansiReset
	case ast.SeverityNote:
		return ansiCyan + s.String() + ansiReset
	}
	return ansiRed + s.String() + ansiReset
}

func caret(color bool) string {
	if color {
		return ansiGreen + "^" + ansiReset
	}
	return "^"
}

// highlight colours one markup line for a 256-colour terminal.
func highlight(line string, color bool) string {
	if !color {
		return line
	}
	it, err := lexer.Markup.Tokenise(nil, line)
	if err != nil {
		return line
	}
	var b strings.Builder
	if err := formatters.TTY256.Format(&b, terminalStyle(), it); err != nil {
		return line
	}
	return strings.TrimRight(b.String(), "\n")
}

// terminalStyle colours the markup's tokens as chroma's monokai style does.
// It is built here, not taken from chroma's styles package, whose start-up
// parses every style chroma has and costs every galley command 10 ms.
var terminalStyle = sync.OnceValue(func() *chroma.Style {
	return chroma.MustNewStyle("galley-terminal", chroma.StyleEntries{
		chroma.Background:    "bg:#272822",
		chroma.Text:          "#f8f8f2",
		chroma.Keyword:       "#66d9ef",
		chroma.Name:          "#f8f8f2",
		chroma.NameAttribute: "#a6e22e",
		chroma.NameTag:       "#f92672",
		chroma.LiteralString: "#e6db74",
		chroma.LiteralNumber: "#ae81ff",
		chroma.Operator:      "#f92672",
		chroma.Punctuation:   "#f8f8f2",
		chroma.Comment:       "#75715e",
		chroma.GenericEmph:   "italic",
		chroma.GenericStrong: "bold",
	})
})

// jsonDiagnostic is a diagnostic as `galley check --format json` prints it.
type jsonDiagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Expected string `json:"expected,omitempty"`
}

// JSON writes {"diagnostics":[…]} followed by any further top-level fields
// the caller adds (the checker adds its table counts).
func JSON(w io.Writer, diags ast.DiagnosticList, extra map[string]any) error {
	out := map[string]any{}
	for k, v := range extra {
		out[k] = v
	}
	list := make([]jsonDiagnostic, len(diags))
	for i, d := range diags {
		list[i] = jsonDiagnostic{d.File, d.Line, d.Col, d.Severity.String(), d.Code, d.Message, d.Expected}
	}
	out["diagnostics"] = list
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// GitHub writes GitHub Actions workflow commands, which show each diagnostic
// as an annotation on the pull request's diff; a note is a notice there.
func GitHub(w io.Writer, diags ast.DiagnosticList) error {
	var b strings.Builder
	for _, d := range diags {
		command := d.Severity.String()
		if d.Severity == ast.SeverityNote {
			command = "notice"
		}
		b.WriteString("::" + command)
		b.WriteString(" file=" + EscapeControls(escapeProperty(d.File)))
		b.WriteString(",line=" + itoa(d.Line) + ",col=" + itoa(d.Col))
		if d.Code != "" {
			b.WriteString(",title=" + escapeProperty(d.Code))
		}
		b.WriteString("::" + EscapeControls(escapeData(d.Message)) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// escapeData and escapeProperty follow the workflow-command escaping rules.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

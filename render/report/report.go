// Package report writes diagnostics for people and for machines: as compiler
// messages with the source line and a caret, as JSON, and as GitHub Actions
// annotations.
package report

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/lexer"
)

// Source gives the text of a manuscript line, to quote it under its
// diagnostic. *parser.Document is one.
type Source interface {
	SourceLine(file string, line int) string
}

// Text writes each diagnostic as `file:line:col: severity: message [code]`
// (a message names the expected value itself, so it is not repeated),
// then the source line and a caret under the column. With color, the line is
// coloured by the markup's lexer and the severity is coloured too; callers
// turn it on only for terminals without NO_COLOR.
func Text(w io.Writer, diags parser.DiagnosticList, src Source, color bool) error {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.Pos.String())
		b.WriteString(": ")
		b.WriteString(severityLabel(d.Severity, color))
		b.WriteString(": ")
		b.WriteString(d.Message)
		if d.Code != "" {
			b.WriteString(" [" + d.Code + "]")
		}
		b.WriteByte('\n')
		line := strings.ReplaceAll(src.SourceLine(d.File, d.Line), "\t", " ")
		if strings.TrimSpace(line) != "" {
			b.WriteString("    ")
			b.WriteString(highlight(line, color))
			b.WriteString("\n    ")
			b.WriteString(strings.Repeat(" ", max(d.Col-1, 0)))
			b.WriteString(caret(color))
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

const (
	ansiReset  = "\x1b[0m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiGreen  = "\x1b[1;32m"
)

func severityLabel(s parser.Severity, color bool) string {
	if !color {
		return s.String()
	}
	if s == parser.SeverityWarning {
		return ansiYellow + s.String() + ansiReset
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
	if err := formatters.TTY256.Format(&b, styles.Get("monokai"), it); err != nil {
		return line
	}
	return strings.TrimRight(b.String(), "\n")
}

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
func JSON(w io.Writer, diags parser.DiagnosticList, extra map[string]any) error {
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
// as an annotation on the pull request's diff.
func GitHub(w io.Writer, diags parser.DiagnosticList) error {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("::" + d.Severity.String())
		b.WriteString(" file=" + escapeProperty(d.File))
		b.WriteString(",line=" + itoa(d.Line) + ",col=" + itoa(d.Col))
		if d.Code != "" {
			b.WriteString(",title=" + escapeProperty(d.Code))
		}
		b.WriteString("::" + escapeData(d.Message) + "\n")
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

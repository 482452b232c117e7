package parser

import (
	"path/filepath"
	"strings"

	"github.com/galleyhq/galley/parser/outline"
)

// Format names the markup a manuscript file is written in.
type Format string

// The formats galley reads.
const (
	FormatGalley   Format = "galley"
	FormatMarkdown Format = "markdown"
	FormatOutline  Format = "outline"
)

// Formats lists the formats --from takes.
var Formats = []Format{FormatGalley, FormatMarkdown, FormatOutline}

// ParseFormat reads the value of --from: "galley", "markdown", "outline",
// or "" for each file's own.
func ParseFormat(s string) (Format, bool) {
	switch f := Format(s); f {
	case "", FormatGalley, FormatMarkdown, FormatOutline:
		return f, true
	}
	return "", false
}

// FormatOf returns the format of the manuscript file name, whose text is
// text: Markdown for a .md or .markdown file, whatever from says; from for
// any other when it is set; else a numbered outline for a file that looks
// like one (see outline.Looks), and the markup for the rest.
func FormatOf(name, text string, from Format) Format {
	switch {
	case isMarkdownName(name):
		return FormatMarkdown
	case from != "":
		return from
	case outline.Looks(text):
		return FormatOutline
	}
	return FormatGalley
}

// isMarkdownName reports whether a file's name says it is Markdown.
func isMarkdownName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown":
		return true
	}
	return false
}

// name is how a diagnostic names the format.
func (f Format) name() string {
	switch f {
	case FormatMarkdown:
		return "Markdown"
	case FormatOutline:
		return "a numbered outline"
	}
	return "galley markup"
}

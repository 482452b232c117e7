package parser

import (
	"path/filepath"
	"strings"
)

// Format names the markup a manuscript file is written in.
type Format string

// The formats galley reads.
const (
	FormatGalley   Format = "galley"
	FormatMarkdown Format = "markdown"
)

// ParseFormat reads the value of --from: "galley", "markdown", or "" for
// each file's own.
func ParseFormat(s string) (Format, bool) {
	switch f := Format(s); f {
	case "", FormatGalley, FormatMarkdown:
		return f, true
	}
	return "", false
}

// FormatOf returns the format of the manuscript file name: Markdown for a
// .md or .markdown file, whatever from says, and from for any other, the
// markup when from is "".
func FormatOf(name string, from Format) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown":
		return FormatMarkdown
	}
	if from == "" {
		return FormatGalley
	}
	return from
}
